import { APPEAL, CANCELLED, COMPLETED, loaded, ORDER, PAID } from '../fiatFixtures';
import { fiatSellerMachine } from './fiatSeller.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const AS_SELLER = { ...ORDER, role: 'seller' as const, side: 'sell' as const };

export const fiatSellerModel = machineModel(fiatSellerMachine, [{ name: 'an order to confirm', input: { orderId: ORDER.id } }], [
  ...actorAnswers('loadOrder', loaded(AS_SELLER)),
  { type: 'order.pushed', order: { ...PAID, role: 'seller', side: 'sell' }, receivedAt: PAID.server_now },
  { type: 'order.pushed', order: { ...CANCELLED, role: 'seller', side: 'sell' }, receivedAt: CANCELLED.server_now },
  // What the releaseOrder child (a confirm-then-act with the funds password and 2FA code) reports.
  { type: 'provenAct.done', subject: { orderId: ORDER.id, step: 'release' }, output: { ...COMPLETED, role: 'seller', side: 'sell' } },
  { type: 'xstate.done.actor.appeal', output: { order: undefined } },
  { type: 'xstate.done.actor.appeal', output: { order: { ...APPEAL, appeal_by: 'seller', role: 'seller', side: 'sell' } } },
], (s) => [s.context.order?.status]);

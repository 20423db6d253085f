import { APPEAL, CANCELLED, COMPLETED, loaded, ORDER, PAID, PAID_OVERDUE } from '../fiatFixtures';
import { fiatBuyerMachine } from './fiatBuyer.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const fiatBuyerModel = machineModel(fiatBuyerMachine, [{ name: 'an order to pay', input: { orderId: ORDER.id } }], [
  { type: 'xstate.done.actor.loadOrder', output: loaded(ORDER) },
  ...actorAnswers('loadOrder', loaded(PAID_OVERDUE)),
  // What the markPaid / cancelOrder children (the shared confirm-then-act) report.
  { type: 'confirmAct.done', subject: { orderId: ORDER.id, step: 'pay' }, output: PAID },
  { type: 'confirmAct.failed', subject: { orderId: ORDER.id, step: 'pay' }, error: { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' } },
  { type: 'confirmAct.done', subject: { orderId: ORDER.id, step: 'cancel' }, output: CANCELLED },
  { type: 'xstate.done.actor.appeal', output: { order: undefined } },
  { type: 'xstate.done.actor.appeal', output: { order: APPEAL } },
  { type: 'order.pushed', order: COMPLETED, receivedAt: COMPLETED.server_now },
], (s) => [s.context.order?.status]);

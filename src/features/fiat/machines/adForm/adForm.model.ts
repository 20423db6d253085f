import { AD, METHOD } from '../fiatFixtures';

const STANDING = { suspended_until: null, unpaid_24h: 0, max_unpaid: 5, online_ads: 1, max_online_ads: 50, server_now: 0 };
import { adFormMachine } from './adForm.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const adFormModel = machineModel(adFormMachine, [{ name: 'a new sell ad', input: { fiat: 'USD' } }], [
  { type: 'xstate.done.actor.loadMine', output: { ads: { list: [{ ...AD, frozen: AD.remaining }], total: 11, page: 1, size: 10, frozen: [{ crypto: AD.crypto, quantity: AD.remaining }] }, methods: [METHOD], standing: STANDING, twoFactor: true } },
  { type: 'ad.page', page: 2 },
  { type: 'xstate.error.actor.loadMine', error: { kind: 'network' } },
  { type: 'ad.field', field: 'fixed_price', value: '1.01' },
  { type: 'ad.field', field: 'total', value: '100' },
  { type: 'ad.field', field: 'min_amount', value: '10' },
  { type: 'ad.field', field: 'max_amount', value: '100' },
  { type: 'ad.method', methodId: METHOD.id, on: true },
  { type: 'ad.status', adId: AD.id, status: 'paused' },
  { type: 'ad.status', adId: AD.id, status: 'closed' },
  // Resuming the (sell) ad asks the resumeAd child, with the proof (issue 49 §2).
  { type: 'ad.status', adId: AD.id, status: 'online' },
  // The sell ad's confirmation: without a code (2FA is on), then with one.
  { type: 'ad.confirm', fundsPassword: 'Funds-1', totpCode: '' },
  { type: 'ad.confirm', fundsPassword: 'Funds-1', totpCode: '123456' },
  ...actorAnswers('publishAd', AD, { kind: 'server', serverMessage: 'Insufficient USDT in your fiat account' }),
  // What the changeStatus / closeAd children (the shared confirm-then-act) report.
  { type: 'confirmAct.done', subject: { adId: AD.id, status: 'paused' }, output: { ...AD, status: 'paused' } },
  { type: 'confirmAct.failed', subject: { adId: AD.id, status: 'closed' }, error: { kind: 'server', serverMessage: 'This ad has open orders' } },
  { type: 'provenAct.done', subject: { adId: AD.id, status: 'online' }, output: AD },
], (s) => [s.context.form.fixed_price !== '', s.context.form.total !== '', s.context.form.min_amount !== '', s.context.form.max_amount !== '', s.context.methodIds.length, s.context.data !== undefined, s.context.page, s.context.refusal !== undefined]);

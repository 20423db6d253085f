import { PLACED } from '../futuresFixtures';
import { closeDialogMachine } from './closeDialog.machine';
import { machineModel, typedValues } from '../../../../app/machines/modelEvents';

const TARGET = { symbol: 'BTC_USDT', closable: '0.5', pricePrecision: 2, amountPrecision: 4 };

export const closeDialogModel = machineModel(closeDialogMachine, [{ name: 'a long of 0.5', input: {} }], [
  { type: 'close.open', ...TARGET },
  { type: 'close.flash', ...TARGET },
  ...typedValues('close.type', ['limit', 'market'], 'orderType'),
  { type: 'close.price', value: '64000' },
  { type: 'close.quantity', value: '0.9' },
  { type: 'close.percent', percent: 50 },
  { type: 'close.submit' },
  { type: 'close.cancel' },
  // What the closePosition child (the shared confirm-then-act) reports once a confirmed close settled.
  { type: 'confirmAct.done', subject: { kind: 'flash', symbol: 'BTC_USDT', idempotencyKey: 'key-1' }, output: PLACED },
  { type: 'confirmAct.done', subject: { kind: 'flash', symbol: 'BTC_USDT', idempotencyKey: 'key-1' }, output: { ...PLACED, unfilled: '0.1' } },
  { type: 'confirmAct.failed', subject: { kind: 'flash', symbol: 'BTC_USDT', idempotencyKey: 'key-1' }, error: { kind: 'server', serverMessage: 'Exceeds closable' } },
], (s) => [s.context.orderType, s.context.price !== '', s.context.quantity]);

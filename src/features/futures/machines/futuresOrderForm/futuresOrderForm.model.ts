import { PLACED } from '../futuresFixtures';
import { futuresOrderFormMachine } from './futuresOrderForm.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const futuresOrderFormModel = machineModel(
  futuresOrderFormMachine,
  [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4 } }],
  [
    ...typedValues('form.type', ['market', 'limit'], 'orderType'),
    { type: 'form.price', value: '60000' },
    ...typedValues('form.quantity', ['0.02', '0.00001']),
    { type: 'form.percent', percent: 50, max: '0.8' },
    { type: 'form.takeProfit', value: '70000' },
    { type: 'form.stopLoss', value: 'x' },
    { type: 'form.lastPrice', price: '63000' },
    ...typedValues('form.submit', ['open_long', 'open_short'], 'action'),
    // The page's mark price above the take-profit: a long's is refused under its field.
    { type: 'form.submit', action: 'open_long', mark: '80000' },
    ...typedValues('form.tab', ['close', 'open'], 'tab'),
    { type: 'form.reduceOnly', value: true },
    { type: 'form.submit', action: 'close_long', held: { side: 1, closable: '0.5' } },
    // With a long held: Close long on the Close tab; with Reduce-only only open_short (named Close long).
    { type: 'form.submit', action: 'open_short', held: { side: 1, closable: '0.5' } },
    { type: 'form.confirm' },
    { type: 'form.cancel' },
    ...actorAnswers('placeOrder', PLACED, { kind: 'server', serverMessage: 'Insufficient margin' }),
  ],
  // Whether the form may be sent decides what a submit does.
  (s) => [s.context.orderType, s.context.price !== '', s.context.quantity, s.context.stopLoss, s.context.tab, s.context.reduceOnly],
);

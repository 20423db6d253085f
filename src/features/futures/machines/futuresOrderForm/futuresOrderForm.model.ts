import type { MachineModel } from '../../../../app/machines/model.types';
import { PLACED } from '../futuresFixtures';
import { futuresOrderFormMachine } from './futuresOrderForm.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const futuresOrderFormModel: MachineModel<typeof futuresOrderFormMachine> = {
  machine: futuresOrderFormMachine,
  variants: [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4 } }],
  events: [
    { type: 'form.type', orderType: 'market' },
    { type: 'form.type', orderType: 'limit' },
    { type: 'form.price', value: '60000' },
    { type: 'form.quantity', value: '0.02' },
    { type: 'form.quantity', value: '0.00001' },
    { type: 'form.percent', percent: 50, max: '0.8' },
    { type: 'form.takeProfit', value: '70000' },
    { type: 'form.stopLoss', value: 'x' },
    { type: 'form.lastPrice', price: '63000' },
    { type: 'form.submit', action: 'open_long' },
    { type: 'form.submit', action: 'open_short' },
    { type: 'form.tab', tab: 'close' },
    { type: 'form.tab', tab: 'open' },
    { type: 'form.reduceOnly', value: true },
    { type: 'form.submit', action: 'close_long', held: { side: 1, closable: '0.5' } },
    // With a long held: Close long on the Close tab; with Reduce-only only open_short (named Close long).
    { type: 'form.submit', action: 'open_short', held: { side: 1, closable: '0.5' } },
    { type: 'form.confirm' },
    { type: 'form.cancel' },
    ...actorAnswers('placeOrder', PLACED, { kind: 'server', serverMessage: 'Insufficient margin' }),
  ],
  // Whether the form may be sent decides what a submit does.
  abstract: (s) => [s.context.orderType, s.context.price !== '', s.context.quantity, s.context.stopLoss, s.context.tab, s.context.reduceOnly],
};

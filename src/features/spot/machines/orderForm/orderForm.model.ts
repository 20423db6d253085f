import { OPEN_ORDER, WAITING_STOP } from '../../../../app/machines/fixtures/spotOrders';
import { orderFormMachine } from './orderForm.machine';
import { validateForm } from './orderFields';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const BTC_USDT_FORM = { symbol: 'BTC_USDT', base: 'BTC', quote: 'USDT', pricePrecision: 2, amountPrecision: 6, minQuantity: '0.0001', minNotional: '5' };

const balances = [
  { currency: 'USDT', account: 'spot' as const, available: '1000', frozen: '0', valuation_usdt: '1000' },
  { currency: 'BTC', account: 'spot' as const, available: '0.5', frozen: '0', valuation_usdt: '10000' },
];

export const orderFormModel = machineModel(
  orderFormMachine,
  [{ name: 'BTC_USDT with a last price', input: { ...BTC_USDT_FORM, lastPrice: '20000.123' } }],
  [
    ...actorAnswers('fetchOrderAccount', { balances, feeRate: { maker: '0.001', taker: '0.002' } }),
    ...typedValues('form.quantity', ['0.01', '']),
    { type: 'form.side', side: 'sell' },
    ...typedValues('form.type', ['market', 'stop', 'oco'], 'orderType'),
    { type: 'form.trigger', value: '19000' },
    { type: 'form.limitPrice', value: '21000' },
    { type: 'form.timeInForce', timeInForce: 'POST_ONLY' },
    { type: 'form.amount', value: '100' },
    { type: 'form.percent', percent: 50 },
    { type: 'form.price', value: '19990' },
    { type: 'form.pickPrice', price: '19980.5' },
    { type: 'form.lastPrice', price: '20010' },
    { type: 'guard.accepted', payload: { order: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000.12', quantity: '0.01' }, idempotencyKey: 'key-00000001' } },
    {
      type: 'guard.accepted',
      payload: { stop: { symbol: 'BTC_USDT', side: 'sell', trigger_price: '19000', price: '18990', quantity: '0.01', limit_price: '21000' }, idempotencyKey: 'key-00000002' },
    },
    { type: 'xstate.done.actor.placeOrder', output: OPEN_ORDER },
    ...actorAnswers('placeStop', WAITING_STOP, { kind: 'server', serverMessage: 'The last price has already reached this trigger price' }),
    { type: 'xstate.error.actor.placeOrder', error: { kind: 'server', serverMessage: 'Insufficient balance' } },
    { type: 'stream.balances', balances: [{ currency: 'USDT', account: 'spot', available: '800', frozen: '200' }] },
    { type: 'stream.resync' },
    { type: 'stops.changed' },
  ],
  // Whether a submit would pass validation is what changes the submit transition taken.
  (s) => Object.keys(validateForm(s.context)).length === 0,
);

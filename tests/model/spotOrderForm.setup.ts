import { vi } from 'vitest';
import { assign, createActor } from 'xstate';
import { orderFormMachine } from '../../src/features/spot/machines/orderForm/orderForm.machine';
import { BTC_USDT_FORM } from '../../src/features/spot/machines/orderForm/orderForm.model';
import { followLastPrice, type LastPriceSource } from '../../src/app/machines/lastPrice/lastPrice';
import { standInsFor } from './harness';

/** The spot account the order form reads: 1,000 USDT and 0.5 BTC available, 0.1 % / 0.2 % fees. */
export const ORDER_ACCOUNT = {
  balances: [
    { currency: 'USDT', account: 'spot' as const, available: '1000', frozen: '0', valuation_usdt: '1000' },
    { currency: 'BTC', account: 'spot' as const, available: '0.5', frozen: '0', valuation_usdt: '10000' },
  ],
  feeRate: { maker: '0.001', taker: '0.002' },
};

/**
 * A BTC_USDT order form with its real guards, deferred calls, numbered idempotency keys and a toast
 * log (the spot model tests' one set-up); with `prices`, it follows that page's last price.
 */
export function startOrderForm(lastPrice = '20000.129', prices?: LastPriceSource) {
  const deferred = standInsFor(orderFormMachine);
  const toasts: unknown[] = [];
  let minted = 0;
  const machine = orderFormMachine.provide({
    actors: prices ? { ...deferred.actors, lastPrices: followLastPrice } : deferred.actors,
    actions: {
      showToast: (_, params) => void toasts.push(params),
      mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `key-${++minted}` }),
    },
  });
  const actor = createActor(machine, { input: { ...BTC_USDT_FORM, lastPrice, prices } }).start();
  return { actor, deferred, toasts };
}

/** The same form once its account is read (1,000 USDT, 0.5 BTC), at a last price of 20,000 unless said. */
export async function startReadyForm(lastPrice = '20000') {
  const form = startOrderForm(lastPrice);
  form.deferred.settle({ type: 'xstate.done.actor.fetchOrderAccount', output: ORDER_ACCOUNT });
  await vi.advanceTimersByTimeAsync(0);
  return form;
}

import { assign, fromCallback, raise, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { type ToastMessage } from '../../../../../domain/errors';
import { SpotOrderStatus, type OrderSide, type SpotFeeRate, type SpotOrder, type SpotStop, type SpotTimeInForce } from '../../../../../domain/spotOrders';
import { compareDecimal } from '../../../../../domain/decimal';
import type { BalanceRow, WalletBalance } from '../../../../../domain/wallet';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import {
  afterPlaced,
  isStopPlace,
  toPending,
  validateForm,
  withLimitPrice,
  withTimeInForce,
  withTrigger,
  withAmount,
  withLastPrice,
  withPercent,
  withPickedPrice,
  withPrice,
  withQuantity,
  withSide,
  withType,
  type FormOrderType,
  type FormPair,
  type OrderFormContext,
  type PendingPlace,
  type PlaceInput,
  type PlaceStopInput,
} from './orderFields';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { followLastPrice, type LastPriceSource } from '../../../../app/machines/lastPrice/lastPrice';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface OrderFormInput extends FormPair {
  /** The pair's last price when the form opens, to prefill the price. */
  lastPrice?: string;
  /** The trade page's last price, which the form follows (its `lastPrices` child hears it: `form.lastPrice`). */
  prices?: LastPriceSource;
}

export type OrderFormEvent =
  | { type: 'form.side'; side: OrderSide }
  | { type: 'form.type'; orderType: FormOrderType }
  | { type: 'form.price'; value: string }
  /** Stop-limit and OCO: the trigger price. */
  | { type: 'form.trigger'; value: string }
  /** OCO: the take-profit limit price. */
  | { type: 'form.limitPrice'; value: string }
  | { type: 'form.timeInForce'; timeInForce: SpotTimeInForce }
  | { type: 'form.quantity'; value: string }
  | { type: 'form.amount'; value: string }
  | { type: 'form.percent'; percent: number }
  /** A click on an order book level. */
  | { type: 'form.pickPrice'; price: string }
  /** The page's last price changed (prefills an untouched, empty price), from the `lastPrices` child. */
  | { type: 'form.lastPrice'; price: string }
  | Signals<'form', 'submit' | 'retry'>
  | { type: 'guard.accepted'; payload?: unknown }
  | { type: 'stream.balances'; balances: BalanceRow[] }
  | { type: 'stream.order'; order: SpotOrder }
  | { type: 'stream.resync' }
  /** A stop was placed or cancelled on this page: its freeze is not pushed, so the balances are read again. */
  | { type: 'stops.changed' };

/** The spot available of the pair's two currencies, from a balance list or a pushed update. */
function availableOf(context: OrderFormContext, rows: readonly BalanceRow[]): OrderFormContext['available'] {
  const spot = rows.filter((r) => r.account === 'spot');
  const base = spot.find((r) => r.currency === context.pair.base)?.available;
  const quote = spot.find((r) => r.currency === context.pair.quote)?.available;
  return { base: base ?? context.available.base, quote: quote ?? context.available.quote };
}

/**
 * The spot order form of /markets/kline/{symbol}, one actor per pair on screen. Two regions: the
 * `account` (spot balances and fee rate: loaded once, then kept live by the private channel, and
 * reloaded after a reconnect) and the `entry` (editing → submitting). A submit is validated first
 * (translated messages per field), then passes the 2000 ms anti-double-submit guard and is sent
 * with an idempotency key minted for it and kept across retries of the same order.
 */
/**
 * The toast after an order was accepted: "Order placed", or, for one its time in force ended at
 * once, why (issue 50 S4: a post-only that would have taken said "Order placed" and then showed as
 * a bare "Cancelled" in the history).
 */
const ENDED_AT_ONCE = { IOC: 'spot.endReason.IOC', FOK: 'spot.endReason.FOK', POST_ONLY: 'spot.endReason.POST_ONLY' } as const;

export function placedToast(order: SpotOrder): { tone: 'error' | 'success'; message: ToastMessage } {
  const reason = order.status === SpotOrderStatus.cancelled && order.type === 'limit' && order.time_in_force !== 'GTC' ? ENDED_AT_ONCE[order.time_in_force] : undefined;
  if (!reason) return { tone: 'success', message: { key: 'spot.form.placed' } };
  return { tone: compareDecimal(order.filled, '0') > 0 ? 'success' : 'error', message: { key: reason } };
}

export const orderFormMachine = setup({
  types: {
    context: {} as OrderFormContext & { prices: LastPriceSource | undefined },
    events: {} as OrderFormEvent,
    input: {} as OrderFormInput,
  },
  actors: {
    submitGuard: submitGuardMachine,
    lastPrices: followLastPrice,
    /** The private channel's news (order form: balances and resyncs). */
    userUpdates: fromCallback<EventObject>(() => () => undefined),
    /** The page's stop signal (spot.flows): `stops.changed` when the stops list cancelled one. */
    stopSignals: fromCallback<EventObject>(() => () => undefined),
    /** The spot balances and the user's own fee rate in the pair (issue 52 §2: their tier's or override's). */
    fetchOrderAccount: toBeProvided<{ balances: WalletBalance[]; feeRate: SpotFeeRate }, { symbol: string }>('fetchOrderAccount'),
    placeOrder: toBeProvided<SpotOrder, PlaceInput>('placeOrder'),
    /** Stop-limit and OCO: /api/spot/stop_place. */
    placeStop: toBeProvided<SpotStop, PlaceStopInput>('placeStop'),
  },
  actions: {
    showToast,
    /** Tells the page's stops list a stop was placed (the server pushes nothing for it). */
    announceStops: () => undefined,
    /**
     * Supplied at the composition root (crypto.randomUUID): gives the order about to be sent a key
     * unless it already has one (a retry of the same order keeps its key).
     */
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? 'unminted-key' }),
    showErrors: assign({ errors: ({ context }) => validateForm(context) }),
    /** A pushed balance of the pair's currencies, applied at once. */
    applyBalances: assign({ available: ({ context, event }) => (event.type === 'stream.balances' ? availableOf(context, event.balances) : context.available) }),
  },
  delays: {
    /** A failed balance load is tried again by itself (the Retry button does it at once). */
    accountRetry: 3000,
  },
  guards: {
    orderValid: ({ context }) => Object.keys(validateForm(context)).length === 0,
    sendingStop: ({ context }) => isStopPlace(context.pending),
  },
}).createMachine({
  id: 'orderForm',
  context: ({ input }) => {
    const { lastPrice, prices, ...pair } = input;
    const blank: OrderFormContext = {
      pair,
      side: 'buy',
      orderType: 'limit',
      price: '',
      triggerPrice: '',
      limitPrice: '',
      timeInForce: 'GTC',
      quantity: '',
      amount: '',
      percent: 0,
      priceTouched: false,
      available: {},
      feeRate: undefined,
      errors: {},
      idempotencyKey: undefined,
      pending: undefined,
    };
    return { ...blank, ...(lastPrice ? withLastPrice(blank, lastPrice) : {}), prices };
  },
  invoke: [
    { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
    { id: 'lastPrices', src: 'lastPrices', input: ({ context }) => ({ source: context.prices }) },
    { id: 'userUpdates', src: 'userUpdates' },
    { id: 'stopSignals', src: 'stopSignals' },
  ],
  on: {
    'form.side': { actions: assign(({ context, event }) => withSide(context, event.side)) },
    'form.type': { actions: assign(({ context, event }) => withType(context, event.orderType)) },
    'form.price': { actions: assign(({ context, event }) => withPrice(context, event.value)) },
    'form.trigger': { actions: assign(({ context, event }) => withTrigger(context, event.value)) },
    'form.limitPrice': { actions: assign(({ context, event }) => withLimitPrice(context, event.value)) },
    'form.timeInForce': { actions: assign(({ context, event }) => withTimeInForce(context, event.timeInForce)) },
    'form.quantity': { actions: assign(({ context, event }) => withQuantity(context, event.value)) },
    'form.amount': { actions: assign(({ context, event }) => withAmount(context, event.value)) },
    'form.percent': { actions: assign(({ context, event }) => withPercent(context, event.percent)) },
    'form.pickPrice': { actions: assign(({ context, event }) => withPickedPrice(context, event.price)) },
    'form.lastPrice': { actions: assign(({ context, event }) => withLastPrice(context, event.price)) },
    'stream.balances': { actions: 'applyBalances' },
  },
  type: 'parallel',
  states: {
    account: {
      initial: 'loading',
      states: {
        loading: {
          on: {
            // Applied at once, as everywhere, and read again: the answer under way may predate the
            // change, and would put the older balance back on the form and in its check.
            'stream.balances': { target: 'loading', reenter: true, actions: 'applyBalances' },
            'stream.resync': { target: 'loading', reenter: true },
            'stops.changed': { target: 'loading', reenter: true },
          },
          invoke: {
            id: 'fetchOrderAccount',
            src: 'fetchOrderAccount',
            input: ({ context }) => ({ symbol: context.pair.symbol }),
            onDone: {
              target: 'ready',
              actions: assign({ available: ({ context, event }) => availableOf(context, event.output.balances), feeRate: ({ event }) => event.output.feeRate }),
            },
            onError: { target: 'failed', actions: toastError },
          },
        },
        failed: { on: { 'form.retry': 'loading' }, after: { accountRetry: 'loading' } },
        ready: {
          on: {
            'stream.resync': { target: 'loading', description: 'The socket was away: balance pushes may have been missed.' },
            'stops.changed': { target: 'loading', description: "A stop's freeze or release is not pushed: read the balances again." },
          },
        },
      },
    },
    entry: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.submit': [
              {
                guard: 'orderValid',
                actions: [
                  assign({ errors: {} }),
                  'mintIdempotencyKey',
                  sendTo('guard', ({ context }) => ({ type: 'guard.submit', payload: toPending(context, context.idempotencyKey!) })),
                ],
              },
              { actions: 'showErrors', description: 'Spec §5: required, positive, within precision and the available balance; a stop its trigger, an OCO its prices on either side of it.' },
            ],
            'guard.accepted': { target: 'submitting', actions: assign({ pending: ({ event }) => event.payload as PendingPlace }) },
          },
        },
        submitting: {
          initial: 'sending',
          states: {
            sending: {
              always: [{ guard: 'sendingStop', target: 'stop' }, { target: 'order' }],
            },
            order: {
              invoke: {
                id: 'placeOrder',
                src: 'placeOrder',
                input: ({ context }) => context.pending as PlaceInput,
                onDone: {
                  target: '#orderForm.entry.editing',
                  actions: [{ type: 'showToast', params: ({ event }) => placedToast(event.output) }, assign(afterPlaced)],
                  description: 'Says what happened: placed, or ended at once by its time in force (a post-only that would have taken, an IOC with nothing left to trade).',
                },
                onError: {
                  target: '#orderForm.entry.editing',
                  actions: [assign({ pending: undefined }), toastError],
                  description: 'The translated server message; the key stays, so pressing again retries the same order.',
                },
              },
            },
            stop: {
              description: 'A stop-limit or OCO waits on the server for its trigger; the open orders panel lists it.',
              invoke: {
                id: 'placeStop',
                src: 'placeStop',
                input: ({ context }) => context.pending as PlaceStopInput,
                onDone: { target: '#orderForm.entry.editing', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'spot.form.stopPlaced' } } }, assign(afterPlaced), 'announceStops', raise({ type: 'stops.changed' })] },
                onError: {
                  target: '#orderForm.entry.editing',
                  actions: [assign({ pending: undefined }), toastError],
                  description: 'The translated server message (e.g. the last price already reached the trigger); the key stays for a retry.',
                },
              },
            },
          },
        },
      },
    },
  },
});

export type OrderFormActorRef = ActorRefFrom<typeof orderFormMachine>;

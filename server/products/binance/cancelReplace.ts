import type { translate } from '../../kernel/platform/i18n/messages.js';
import type { binanceContext } from './context.js';
import { CLIENT_ID } from './clientOrders.js';
import { BinanceError, illegalParameter, invalidCancelRestrictions, mandatoryParameter } from './errors.js';
import { integerParam, oneOf, required, type Params } from './params.js';
import { PLACE_NAMES, readSpotPlace, type SpotPlaceRequest } from './spotPlacing.js';

type Lang = Parameters<typeof translate>[0];
type Routes = ReturnType<ReturnType<typeof binanceContext>['routes']>;

/** DELETE /api/v3/order's own parameters, read before anything is done (spotRoutes.ts readCancel). */
export interface CancelRequest {
  restriction: 'ONLY_NEW' | 'ONLY_PARTIALLY_FILLED' | undefined;
  cancelId: string | undefined;
}

/** The spot calls a cancel-replace is made of: the same as DELETE and POST /api/v3/order (spotRoutes.ts). */
export interface CancelReplaceCalls {
  symbolOf(symbol: string): Promise<string>;
  /** The new order's filters, the halt and the band, placing nothing (POST /api/v3/order/test's check). */
  check(userId: number, placing: SpotPlaceRequest, lang: Lang): Promise<void>;
  cancel(userId: number, params: Params, request: CancelRequest, lang: Lang): Promise<object>;
  place(userId: number, symbol: string, placing: SpotPlaceRequest, lang: Lang): Promise<object>;
}

const MODES = ['STOP_ON_FAILURE', 'ALLOW_FAILURE'] as const;
const RESTRICTIONS = ['ONLY_NEW', 'ONLY_PARTIALLY_FILLED'] as const;
const CANCEL_NAMES = ['cancelReplaceMode', 'cancelOrderId', 'cancelOrigClientOrderId', 'cancelNewClientOrderId', 'cancelRestrictions'];

/** Binance's answers when a part failed: -2021 one of the two (409), -2022 both or the cancel under STOP_ON_FAILURE (400). */
class CancelReplaceFailure extends BinanceError {
  constructor(
    partly: boolean,
    readonly data: object,
  ) {
    super(partly ? 409 : 400, partly ? -2021 : -2022, partly ? 'Order cancel-replace partially failed.' : 'Order cancel-replace failed.');
  }
  override toBody() {
    return { ...super.toBody(), data: this.data };
  }
}

/** What one part answered: its answer, or its refusal as Binance's `{code, msg}` (anything else is no refusal: thrown). */
async function attempt(work: () => Promise<object>): Promise<{ ok: true; answer: object } | { ok: false; refusal: object }> {
  try {
    return { ok: true, answer: await work() };
  } catch (error) {
    if (error instanceof BinanceError) return { ok: false, refusal: error.toBody() };
    throw error;
  }
}

/**
 * POST /api/v3/order/cancelReplace (ccxt's spot editOrder): cancels an order and places a new one
 * on the same symbol, as Binance documents it. Every parameter of both, and the new order's filters,
 * are checked before anything is done (a refusal then is the plain error, nothing cancelled); then
 * the cancel — the very DELETE /api/v3/order, its cancelRestrictions judged by the market — and,
 * unless it failed under STOP_ON_FAILURE, the place — the very POST /api/v3/order. Not one step of
 * the market: the book may move between the two, as it may between two calls (Binance's is not
 * atomic either: "the new order placement will be attempted even if the cancel request fails").
 */
export function cancelReplaceRoute(route: Routes, calls: CancelReplaceCalls): void {
  route.trade('POST', '/api/v3/order/cancelReplace', [...PLACE_NAMES, ...CANCEL_NAMES], async ({ userId, params, request }) => {
    const symbol = await calls.symbolOf(required(params, 'symbol'));
    const placing = readSpotPlace(params, symbol);
    const mode = oneOf(params, 'cancelReplaceMode', MODES, () => illegalParameter('cancelReplaceMode', 'STOP_ON_FAILURE or ALLOW_FAILURE is expected')) ?? (required(params, 'cancelReplaceMode') as never);
    const restriction = oneOf(params, 'cancelRestrictions', RESTRICTIONS, invalidCancelRestrictions);
    const cancelOrderId = integerParam(params, 'cancelOrderId', 1);
    const cancelClientId = params['cancelOrigClientOrderId'];
    if (cancelOrderId === undefined && !cancelClientId) throw mandatoryParameter('cancelOrderId');
    const cancelId = params['cancelNewClientOrderId'];
    // The cancel's own parameters under the names DELETE /api/v3/order reads.
    const cancelParams: Params = {
      symbol: params['symbol'],
      ...(cancelOrderId !== undefined ? { orderId: String(cancelOrderId) } : {}),
      ...(cancelClientId ? { origClientOrderId: cancelClientId } : {}),
    };
    if (cancelId !== undefined && !CLIENT_ID.test(cancelId)) throw illegalParameter('cancelNewClientOrderId');
    const cancelRequest: CancelRequest = { restriction, cancelId };
    await calls.check(userId, placing, request.lang);

    const cancelled = await attempt(() => calls.cancel(userId, cancelParams, cancelRequest, request.lang));
    if (!cancelled.ok && mode === 'STOP_ON_FAILURE') {
      throw new CancelReplaceFailure(false, { cancelResult: 'FAILURE', newOrderResult: 'NOT_ATTEMPTED', cancelResponse: cancelled.refusal, newOrderResponse: null });
    }
    const placed = await attempt(() => calls.place(userId, symbol, placing, request.lang));
    const data = {
      cancelResult: cancelled.ok ? 'SUCCESS' : 'FAILURE',
      newOrderResult: placed.ok ? 'SUCCESS' : 'FAILURE',
      cancelResponse: cancelled.ok ? cancelled.answer : cancelled.refusal,
      newOrderResponse: placed.ok ? placed.answer : placed.refusal,
    };
    if (cancelled.ok && placed.ok) return data;
    throw new CancelReplaceFailure(cancelled.ok || placed.ok, data);
  });
}

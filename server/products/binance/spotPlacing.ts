import { compareDecimal } from '../../../domain/decimal.js';
import type { PlaceSpotOrder, SpotTimeInForce } from '../../../domain/spotOrders.js';
import { translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import { CLIENT_ID } from './clientOrders.js';
import {
  BinanceError,
  filterFailure,
  illegalParameter,
  insufficientBalance,
  invalidOrderType,
  invalidSide,
  invalidTimeInForce,
  mandatoryParameter,
  orderRejected,
  parameterNotRequired,
  unavailableRefusal,
  unsupported,
} from './errors.js';
import { decimalParam, oneOf, required, acceptSelfTradeMode, type Params } from './params.js';
import { MAX_PRICE, MAX_QUANTITY } from './spotShapes.js';

const RESPONSE_TYPES = ['ACK', 'RESULT', 'FULL'] as const;
export const PLACE_NAMES = ['symbol', 'side', 'type', 'timeInForce', 'quantity', 'quoteOrderQty', 'price', 'newClientOrderId', 'newOrderRespType', 'selfTradePreventionMode'];

/** A POST /api/v3/order as our spot place call, with what its answer needs of the request. */
export interface SpotPlaceRequest {
  body: PlaceSpotOrder;
  type: 'LIMIT' | 'MARKET' | 'LIMIT_MAKER';
  /** The time in force asked (the answer echoes it); undefined for MARKET and LIMIT_MAKER. */
  tif: 'GTC' | 'IOC' | 'GTX' | undefined;
  postOnly: boolean;
  /** A MARKET BUY of a base `quantity` (not a quote budget). */
  byQuantity: boolean;
  clientOrderId: string | undefined;
  respType: (typeof RESPONSE_TYPES)[number];
}

/**
 * Reads a new order's parameters as Binance does, every one before anything is placed (one refused
 * after it would leave an order the bot was told failed): a parameter the type does not take is
 * -1106 (a MARKET's `price` had been ignored, a LIMIT's `quoteOrderQty` too), and a price or
 * quantity over exchangeInfo's maxima is that filter's failure.
 */
export function readSpotPlace(params: Params, symbol: string): SpotPlaceRequest {
  const side = oneOf(params, 'side', ['BUY', 'SELL'] as const, invalidSide) ?? (required(params, 'side') as never);
  const type = oneOf(params, 'type', ['LIMIT', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT', 'LIMIT_MAKER'] as const, invalidOrderType) ?? (required(params, 'type') as never);
  if (type !== 'LIMIT' && type !== 'MARKET' && type !== 'LIMIT_MAKER') throw unsupported('type', type);
  // Time in force as the engine has it: GTC, IOC, FOK (filled whole at once or EXPIRED), and post-only (Binance's LIMIT_MAKER type, or GTX as futures spell it).
  const tif = oneOf(params, 'timeInForce', ['GTC', 'IOC', 'FOK', 'GTX'] as const, invalidTimeInForce);
  if (type === 'LIMIT' && tif === undefined) throw mandatoryParameter('timeInForce');
  if (type !== 'LIMIT' && tif !== undefined) throw parameterNotRequired('timeInForce');
  const postOnly = type === 'LIMIT_MAKER' || tif === 'GTX';
  const timeInForce: SpotTimeInForce | 'FOK' | undefined = postOnly ? 'POST_ONLY' : tif === 'IOC' || tif === 'FOK' ? tif : undefined;
  acceptSelfTradeMode(params['selfTradePreventionMode']);
  const clientOrderId = params['newClientOrderId'];
  if (clientOrderId !== undefined && !CLIENT_ID.test(clientOrderId)) throw illegalParameter('newClientOrderId');
  const respType = oneOf(params, 'newOrderRespType', RESPONSE_TYPES, () => illegalParameter('newOrderRespType', 'ACK, RESULT or FULL is expected')) ?? 'FULL';
  const quantity = decimalParam(params, 'quantity');
  const quoteOrderQty = decimalParam(params, 'quoteOrderQty');
  const price = decimalParam(params, 'price');
  if (type === 'MARKET' && price !== undefined) throw parameterNotRequired('price');
  if (type !== 'MARKET' && quoteOrderQty !== undefined) throw parameterNotRequired('quoteOrderQty');
  // A MARKET order names one of quantity (base) and quoteOrderQty (quote to spend), as on Binance.
  if (type === 'MARKET' && quantity !== undefined && quoteOrderQty !== undefined) throw parameterNotRequired('quoteOrderQty');
  if (type === 'MARKET' && side === 'SELL' && quoteOrderQty !== undefined) throw unsupported('quoteOrderQty', 'MARKET SELL by quote amount; send quantity');
  if (price !== undefined && compareDecimal(price, MAX_PRICE) > 0) throw filterFailure('PRICE_FILTER');
  if (quantity !== undefined && compareDecimal(quantity, MAX_QUANTITY) > 0) throw filterFailure(type === 'MARKET' ? 'MARKET_LOT_SIZE' : 'LOT_SIZE');
  const byQuantity = type === 'MARKET' && side === 'BUY' && quantity !== undefined;
  const body: PlaceSpotOrder =
    type !== 'MARKET'
      ? {
          symbol,
          side: side === 'BUY' ? 'buy' : 'sell',
          type: 'limit',
          price: price ?? (required(params, 'price') as never),
          quantity: quantity ?? (required(params, 'quantity') as never),
          ...(timeInForce ? { time_in_force: timeInForce } : {}),
        }
      : side === 'BUY'
        ? // By quoteOrderQty our market buy spends that budget; by quantity it buys that much, bounded by the balance.
          { symbol, side: 'buy', type: 'market', ...(byQuantity ? { quantity } : { amount: quoteOrderQty ?? (required(params, 'quantity') as never) }) }
        : { symbol, side: 'sell', type: 'market', quantity: quantity ?? (required(params, 'quantity') as never) };
  return { body, type, tif: tif as SpotPlaceRequest['tif'], postOnly, byQuantity, clientOrderId, respType };
}

type Lang = Parameters<typeof translate>[0];

/**
 * Spot's refusal of an order as Binance answers that kind (its errors.md, "Filter failures" and
 * -2010's messages): what exchangeInfo's filters describe is `-1013 Filter failure: <filter>` —
 * which bots and ccxt read (LOT_SIZE and PRICE_FILTER are ccxt's InvalidOrder) — not a translated
 * -2010; a quote budget with more places than the quote has is -1111; a pair not trading is
 * "Market is closed." (ccxt's MarketClosed). Any other refusal is -2010 with our translated reason.
 */
export function spotPlaceRefusal(lang: Lang, key: MessageKey | 'idempotencyKeyReused', vars: Record<string, string> | undefined, type: SpotPlaceRequest['type']): BinanceError {
  const lot = type === 'MARKET' ? 'MARKET_LOT_SIZE' : 'LOT_SIZE';
  const unavailable = unavailableRefusal(key);
  if (unavailable) return unavailable;
  switch (key) {
    case 'spotInsufficientBalance':
      return insufficientBalance();
    case 'spotPriceOutsideBand':
      return filterFailure('PERCENT_PRICE_BY_SIDE');
    case 'spotPricePositive':
    case 'spotPricePrecision':
      return filterFailure('PRICE_FILTER');
    case 'spotQuantityPositive':
    case 'spotQuantityPrecision':
    case 'spotQuantityBelowMinimum':
      return filterFailure(lot);
    case 'spotValueBelowMinimum':
    case 'spotAmountPositive':
      return filterFailure('NOTIONAL');
    case 'spotAmountPrecision':
      return new BinanceError(400, -1111, "Parameter 'quoteOrderQty' has too much precision.");
    case 'spotPriceMalformed':
      return illegalParameter('price');
    case 'spotQuantityMalformed':
      return illegalParameter('quantity');
    case 'spotAmountMalformed':
      return illegalParameter('quoteOrderQty');
    case 'spotPairNotTrading':
      return orderRejected('Market is closed.');
    default:
      return orderRejected(translate(lang, key, vars));
  }
}

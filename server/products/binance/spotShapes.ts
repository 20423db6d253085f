import { PRICE_BAND } from '../../../domain/priceBand.js';
import type { Pair } from '../../../domain/api.js';
import { mulDecimal, toFixedDecimal } from '../../../domain/decimal.js';
import { SpotOrderStatus, type SpotDeal, type SpotOrder } from '../../../domain/spotOrders.js';
import { unitsToDecimal } from '../../kernel/exchange/market/units.js';
import { SELF_TRADE_PREVENTION } from './params.js';
import { binanceSymbol } from './symbols.js';

/** One step of `places` decimals: 2 → "0.01". */
export const stepOf = (places: number) => unitsToDecimal(1, places);

/** exchangeInfo's PRICE_FILTER maxPrice and LOT_SIZE maxQty, which the dialect holds orders to (spotPlacing.ts). */
export const MAX_PRICE = '1000000000';
export const MAX_QUANTITY = '1000000000';

/** A listed pair as Binance's exchangeInfo symbol, its filters from our precisions and minimums. */
export function spotSymbolInfo(pair: Pair) {
  const tick = stepOf(pair.price_precision);
  const step = stepOf(pair.amount_precision);
  return {
    symbol: `${pair.left_symbol}${pair.right_symbol}`,
    // A market an operator halted shows as Binance shows one in an incident (issue 52 §1).
    status: pair.trade_status !== 1 ? 'BREAK' : pair.halted_reason ? 'HALT' : 'TRADING',
    baseAsset: pair.left_symbol,
    baseAssetPrecision: pair.amount_precision,
    quoteAsset: pair.right_symbol,
    quotePrecision: pair.price_precision,
    quoteAssetPrecision: pair.price_precision,
    baseCommissionPrecision: pair.amount_precision,
    quoteCommissionPrecision: pair.price_precision,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET'],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: pair.trade_status === 1 && !pair.halted_reason,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: MAX_PRICE, tickSize: tick },
      { filterType: 'LOT_SIZE', minQty: pair.min_quantity, maxQty: MAX_QUANTITY, stepSize: step },
      { filterType: 'MARKET_LOT_SIZE', minQty: pair.min_quantity, maxQty: MAX_QUANTITY, stepSize: step },
      { filterType: 'NOTIONAL', minNotional: pair.min_notional, applyMinToMarket: true, maxNotional: '9000000000000', applyMaxToMarket: false, avgPriceMins: 0 },
      // domain/priceBand.ts: a limit price within these multiples of GET /api/v3/avgPrice.
      {
        filterType: 'PERCENT_PRICE_BY_SIDE',
        bidMultiplierUp: String(PRICE_BAND.up),
        bidMultiplierDown: String(PRICE_BAND.down),
        askMultiplierUp: String(PRICE_BAND.up),
        askMultiplierDown: String(PRICE_BAND.down),
        avgPriceMins: PRICE_BAND.minutes,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: SELF_TRADE_PREVENTION,
    allowedSelfTradePreventionModes: [SELF_TRADE_PREVENTION],
  };
}

/** Our status in Binance's words; a market order's cancelled rest is EXPIRED, as Binance says for IOC remainders. */
function statusOf(order: SpotOrder): string {
  switch (order.status) {
    case SpotOrderStatus.waiting:
      return 'NEW';
    case SpotOrderStatus.partial:
      return 'PARTIALLY_FILLED';
    case SpotOrderStatus.filled:
      return 'FILLED';
    default:
      return order.type === 'market' ? 'EXPIRED' : 'CANCELED';
  }
}

export function spotOrder(order: SpotOrder, clientOrderId: string) {
  return {
    symbol: binanceSymbol(order.symbol),
    orderId: order.id,
    orderListId: -1,
    clientOrderId,
    price: order.price,
    // A market buy by budget has no quantity of its own: what it bought is its quantity.
    origQty: order.quantity === '0' ? order.filled : order.quantity,
    executedQty: order.filled,
    cummulativeQuoteQty: order.turnover,
    status: statusOf(order),
    timeInForce: 'GTC',
    type: order.type.toUpperCase(),
    side: order.side.toUpperCase(),
    stopPrice: '0',
    icebergQty: '0',
    time: order.created_at,
    updateTime: order.updated_at,
    isWorking: true,
    workingTime: order.created_at,
    origQuoteOrderQty: order.type === 'market' && order.side === 'buy' ? order.amount : '0',
    selfTradePreventionMode: SELF_TRADE_PREVENTION,
  };
}

/**
 * The answer to a new order (Binance's RESULT shape with `fills` as FULL has them), with the type
 * and time in force as asked (a LIMIT_MAKER, an IOC; a later query says LIMIT and GTC).
 */
export function spotNewOrder(order: SpotOrder, clientOrderId: string, deals: SpotDeal[], asked?: { type: string; timeInForce: string }) {
  const { time, updateTime, isWorking, stopPrice, icebergQty, ...rest } = spotOrder(order, clientOrderId);
  void [time, updateTime, isWorking, stopPrice, icebergQty];
  // An IOC's unfilled rest, or a FOK that could not fill whole, ends EXPIRED at Binance, not CANCELED; a GTC LIMIT ended as it was placed
  // can only have met the user's own order, which Binance's EXPIRE_TAKER answers EXPIRED_IN_MATCH.
  const selfTraded = asked?.type === 'LIMIT' && asked.timeInForce === 'GTC' && rest.status === 'CANCELED';
  const status = (asked?.timeInForce === 'IOC' || asked?.timeInForce === 'FOK') && rest.status === 'CANCELED' ? 'EXPIRED' : selfTraded ? 'EXPIRED_IN_MATCH' : rest.status;
  return {
    ...rest,
    ...(asked ? { type: asked.type, timeInForce: asked.type === 'LIMIT' ? asked.timeInForce : asked.type === 'LIMIT_MAKER' ? 'GTC' : rest.timeInForce } : {}),
    status,
    transactTime: order.updated_at,
    fills: deals.map((d) => ({ price: d.price, qty: d.quantity, commission: d.fee, commissionAsset: order.fee_currency, tradeId: d.id })),
  };
}

export function spotTrade(order: Pick<SpotOrder, 'id' | 'symbol' | 'side' | 'fee_currency'>, deal: SpotDeal) {
  const quote = mulDecimal(deal.price, deal.quantity);
  return {
    symbol: binanceSymbol(order.symbol),
    id: deal.id,
    orderId: order.id,
    orderListId: -1,
    price: deal.price,
    qty: deal.quantity,
    quoteQty: quote,
    commission: deal.fee,
    commissionAsset: order.fee_currency,
    time: deal.time,
    isBuyer: order.side === 'buy',
    isMaker: deal.role === 'maker',
    isBestMatch: true,
  };
}

/** Binance's priceChangePercent ("-0.230"): our ticks carry the day's change as a fraction ("-0.0023"). */
export const changePercent = (increase: string | undefined): string => (increase === undefined ? '0' : toFixedDecimal(mulDecimal(increase, '100'), 3));

import type { FuturesAccount, FuturesOrder, FuturesPosition } from '../../../domain/futures/api.js';
import { FuturesOrderStatus } from '../../../domain/futures/orderStatus.js';
import { addDecimal, mulDecimal, subDecimal } from '../../../domain/decimal.js';
import { SELF_TRADE_PREVENTION } from './params.js';
import { stepOf } from './spotShapes.js';
import { binanceSymbol } from './symbols.js';

const S = FuturesOrderStatus;

function statusOf(order: FuturesOrder): string {
  switch (order.status) {
    case S.entrusted:
    case S.submitted:
    case S.cancelling:
      return 'NEW';
    case S.partiallyTraded:
      return 'PARTIALLY_FILLED';
    case S.allTraded:
      return 'FILLED';
    case S.cancelled:
      return order.type === 'market' ? 'EXPIRED' : 'CANCELED';
    default:
      return 'EXPIRED';
  }
}

/** Opening a long and closing a short buy; the others sell. */
export const sideOf = (action: FuturesOrder['action']) => (action === 'open_long' || action === 'close_short' ? 'BUY' : 'SELL');

export function futuresOrder(order: FuturesOrder, clientOrderId: string) {
  const type = order.type.toUpperCase();
  return {
    orderId: order.id,
    symbol: binanceSymbol(order.symbol),
    status: statusOf(order),
    clientOrderId,
    price: order.price ?? '0',
    avgPrice: order.avg_price,
    origQty: order.quantity,
    executedQty: order.filled,
    cumQty: order.filled,
    cumQuote: mulDecimal(order.filled, order.avg_price),
    timeInForce: 'GTC',
    type,
    origType: type,
    reduceOnly: order.action.startsWith('close'),
    closePosition: false,
    side: sideOf(order.action),
    positionSide: 'BOTH',
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    priceMatch: 'NONE',
    selfTradePreventionMode: SELF_TRADE_PREVENTION,
    goodTillDate: 0,
    time: order.created_ms,
    updateTime: order.updated_ms,
  };
}

/** A position in Binance's one-way form: the amount signed by its side. */
export function positionRisk(p: FuturesPosition | undefined, symbol: string, leverage: number, marginMode: string, updateTime: number) {
  const amount = p ? (p.side === -1 ? `-${p.quantity}` : p.quantity) : '0';
  const notional = p ? mulDecimal(amount, p.mark_price) : '0';
  return {
    symbol: binanceSymbol(symbol),
    positionAmt: amount,
    entryPrice: p?.entry_price ?? '0',
    breakEvenPrice: p?.entry_price ?? '0',
    markPrice: p?.mark_price ?? '0',
    unRealizedProfit: p?.unrealised_pnl ?? '0',
    liquidationPrice: p?.liquidation_price ?? '0',
    leverage: String(p?.leverage ?? leverage),
    maxNotionalValue: '0',
    marginType: (p?.margin_mode ?? marginMode) === 'isolated' ? 'isolated' : 'cross',
    isolatedMargin: p?.margin_mode === 'isolated' ? p.margin : '0',
    isolatedWallet: p?.margin_mode === 'isolated' ? subDecimal(p.margin, '0') : '0',
    isAutoAddMargin: 'false',
    positionSide: 'BOTH',
    notional,
    initialMargin: p?.margin ?? '0',
    maintMargin: p?.maintenance_margin ?? '0',
    updateTime,
  };
}

/** A futures pair's entry in /fapi/v1/exchangeInfo: a perpetual, LIMIT and MARKET, GTC; `HALT` while an operator has it halted (issue 52 §1). */
export function futuresSymbolInfo(spec: { left: string; right: string; pricePrecision: number; amountPrecision: number }, halted = false) {
  const tick = stepOf(spec.pricePrecision);
  const step = stepOf(spec.amountPrecision);
  return {
    symbol: `${spec.left}${spec.right}`,
    pair: `${spec.left}${spec.right}`,
    contractType: 'PERPETUAL',
    deliveryDate: 4133404800000,
    onboardDate: 1569398400000,
    status: halted ? 'HALT' : 'TRADING',
    baseAsset: spec.left,
    quoteAsset: spec.right,
    marginAsset: spec.right,
    pricePrecision: spec.pricePrecision,
    quantityPrecision: spec.amountPrecision,
    baseAssetPrecision: spec.amountPrecision,
    quotePrecision: spec.pricePrecision,
    underlyingType: 'COIN',
    underlyingSubType: [],
    triggerProtect: '0.0500',
    liquidationFee: '0',
    marketTakeBound: '0.05',
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: '1000000000', tickSize: tick },
      { filterType: 'LOT_SIZE', minQty: step, maxQty: '1000000000', stepSize: step },
      { filterType: 'MARKET_LOT_SIZE', minQty: step, maxQty: '1000000000', stepSize: step },
      { filterType: 'MIN_NOTIONAL', notional: '0' },
    ],
    orderTypes: ['LIMIT', 'MARKET'],
    timeInForce: ['GTC'],
  };
}

/** Our futures account as Binance's one USDT asset: the wallet is the equity without the unrealised PnL. */
export function futuresAsset(account: FuturesAccount, updateTime: number) {
  const wallet = subDecimal(account.equity, account.unrealised_pnl);
  return {
    asset: 'USDT',
    walletBalance: wallet,
    unrealizedProfit: account.unrealised_pnl,
    marginBalance: account.equity,
    maintMargin: account.positions.reduce((s, p) => addDecimal(s, p.maintenance_margin), '0'),
    initialMargin: addDecimal(account.margin, account.frozen),
    positionInitialMargin: account.margin,
    openOrderInitialMargin: account.frozen,
    crossWalletBalance: wallet,
    crossUnPnl: account.unrealised_pnl,
    availableBalance: account.available,
    maxWithdrawAmount: account.available,
    marginAvailable: true,
    updateTime,
  };
}

/** /fapi/v2|v3/account: the totals are the one asset's. */
export function futuresAccountInfo(account: FuturesAccount, asset: ReturnType<typeof futuresAsset>, positions: ReturnType<typeof positionRisk>[]) {
  return {
    feeTier: 0,
    canTrade: account.can_trade,
    canDeposit: false,
    canWithdraw: false,
    updateTime: 0,
    multiAssetsMargin: false,
    totalInitialMargin: asset.initialMargin,
    totalMaintMargin: asset.maintMargin,
    totalWalletBalance: asset.walletBalance,
    totalUnrealizedProfit: asset.unrealizedProfit,
    totalMarginBalance: asset.marginBalance,
    totalPositionInitialMargin: asset.positionInitialMargin,
    totalOpenOrderInitialMargin: asset.openOrderInitialMargin,
    totalCrossWalletBalance: asset.crossWalletBalance,
    totalCrossUnPnl: asset.crossUnPnl,
    availableBalance: asset.availableBalance,
    maxWithdrawAmount: asset.maxWithdrawAmount,
    assets: [asset],
    positions,
  };
}

/** /fapi/v2|v3/balance: the one asset's line. */
export const futuresBalance = (asset: ReturnType<typeof futuresAsset>) => ({
  accountAlias: 'OpenEx',
  asset: 'USDT',
  balance: asset.walletBalance,
  crossWalletBalance: asset.crossWalletBalance,
  crossUnPnl: asset.crossUnPnl,
  availableBalance: asset.availableBalance,
  maxWithdrawAmount: asset.maxWithdrawAmount,
  marginAvailable: true,
  updateTime: asset.updateTime,
});

/**
 * A trade of one of our futures orders as a Binance user trade: the trade's own id (as the user data
 * stream's ORDER_TRADE_UPDATE `t`), the fee this order paid on it in USDT ("0" on trades from
 * before fills kept their fees) and its share of the order's realised profit.
 */
export function futuresUserTrade(order: FuturesOrder, fill: { id: number; time: number; price: string; quantity: string; fee: string; maker: boolean }, realizedPnl: string, symbol: string) {
  const buyer = order.action === 'open_long' || order.action === 'close_short';
  return {
    symbol,
    id: fill.id,
    orderId: order.id,
    side: buyer ? 'BUY' : 'SELL',
    price: fill.price,
    qty: fill.quantity,
    realizedPnl,
    marginAsset: 'USDT',
    quoteQty: mulDecimal(fill.price, fill.quantity),
    commission: fill.fee,
    commissionAsset: 'USDT',
    time: fill.time,
    positionSide: 'BOTH',
    buyer,
    maker: fill.maker,
  };
}

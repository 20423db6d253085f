import type { FuturesOrder, FuturesPosition } from '../../../domain/futures/api.js';
import { FuturesOrderStatus } from '../../../domain/futures/orderStatus.js';
import { mulDecimal, subDecimal } from '../../../domain/decimal.js';
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
    selfTradePreventionMode: 'NONE',
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

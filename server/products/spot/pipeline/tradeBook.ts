import { fx } from '../../../../domain/fx.js';
import { unitsToDecimal } from '../../../kernel/exchange/market/units.js';
import type { EngineEvent } from '../../../kernel/exchange/matching/types.js';
import { priceText, type PairSpec } from '../../../kernel/exchange/pairSpec.js';
import type { BalanceChange } from '../../../kernel/ledger/ledger.js';
import { feeUnits, type Rate } from '../fees.js';

/** Decimal places a fee keeps beyond the pair's price/amount units. */
export const FEE_EXTRA_DECIMALS = 3;

export type Trade = Extract<EngineEvent, { type: 'trade' }>;

/** What a batch's trades add to one order, in 10^-18 units. */
export interface OrderFill {
  filled: bigint;
  filledQuote: bigint;
  frozenOut: bigint;
  fee: bigint;
}

/** The trade rows of a batch as the columns of their insert, in trade order. */
export interface TradeRows {
  id: number[];
  price: string[];
  quantity: string[];
  side: string[];
  makerOrder: number[];
  takerOrder: number[];
  makerUser: number[];
  takerUser: number[];
  makerFee: string[];
  takerFee: string[];
}

/**
 * The bookkeeping of a batch's trades, in memory and exact, before the settlement's transaction:
 * each trade's row, the four balance changes it makes (the buyer pays quote from frozen and
 * receives base, the seller the reverse) and its fees, the fills it adds to its two orders, and
 * the platform's fee income. Each side pays its rate on what it receives — a buyer in base, a
 * seller in quote — kept FEE_EXTRA_DECIMALS finer than the pair's units, so a small fill still
 * pays its fee (0.1 % of 0.00166 BTC is 0.00000166 BTC, not 0), and rounded down, never up.
 */
export function bookTrades(spec: PairSpec, trades: readonly Trade[], tradeIds: readonly number[], rate: (user: number, role: 'maker' | 'taker') => Rate) {
  const { left, right, amountPrecision: ap, pricePrecision: pp } = spec;
  const changes: BalanceChange[] = [];
  const incomes: Array<{ currency: string; amount: string; tradeId: number }> = [];
  const fills = new Map<number, OrderFill>();
  const fill = (orderId: number) => {
    let f = fills.get(orderId);
    if (!f) fills.set(orderId, (f = { filled: 0n, filledQuote: 0n, frozenOut: 0n, fee: 0n }));
    return f;
  };
  const tradeRows: TradeRows = { id: [], price: [], quantity: [], side: [], makerOrder: [], takerOrder: [], makerUser: [], takerUser: [], makerFee: [], takerFee: [] };
  const finer = 10n ** BigInt(FEE_EXTRA_DECIMALS);
  trades.forEach((e, i) => {
    const tradeId = tradeIds[i]!;
    const lots = BigInt(e.quantity);
    const quoteUnits = BigInt(e.price) * lots;
    const base = unitsToDecimal(lots, ap);
    const quote = unitsToDecimal(quoteUnits, pp + ap);
    const takerBuys = e.takerSide === 'buy';
    const buyer = takerBuys ? { user: e.takerAccountId, order: e.takerOrderId, role: 'taker' as const } : { user: e.makerAccountId, order: e.makerOrderId, role: 'maker' as const };
    const seller = takerBuys ? { user: e.makerAccountId, order: e.makerOrderId, role: 'maker' as const } : { user: e.takerAccountId, order: e.takerOrderId, role: 'taker' as const };
    const buyerFee = unitsToDecimal(feeUnits(lots * finer, rate(buyer.user, buyer.role)), ap + FEE_EXTRA_DECIMALS);
    const sellerFee = unitsToDecimal(feeUnits(quoteUnits * finer, rate(seller.user, seller.role)), pp + ap + FEE_EXTRA_DECIMALS);
    tradeRows.id.push(tradeId);
    tradeRows.price.push(priceText(spec, e.price));
    tradeRows.quantity.push(base);
    tradeRows.side.push(e.takerSide);
    tradeRows.makerOrder.push(e.makerOrderId);
    tradeRows.takerOrder.push(e.takerOrderId);
    tradeRows.makerUser.push(e.makerAccountId);
    tradeRows.takerUser.push(e.takerAccountId);
    tradeRows.makerFee.push(takerBuys ? sellerFee : buyerFee);
    tradeRows.takerFee.push(takerBuys ? buyerFee : sellerFee);
    const ref = { account: 'spot' as const, refType: 'spot_trade', refId: tradeId };
    changes.push({ ...ref, userId: buyer.user, currency: right, available: '0', frozen: `-${quote}`, kind: 'trade_pay' });
    changes.push({ ...ref, userId: buyer.user, currency: left, available: base, frozen: '0', kind: 'trade_receive' });
    changes.push({ ...ref, userId: seller.user, currency: left, available: '0', frozen: `-${base}`, kind: 'trade_pay' });
    changes.push({ ...ref, userId: seller.user, currency: right, available: quote, frozen: '0', kind: 'trade_receive' });
    if (buyerFee !== '0') {
      changes.push({ ...ref, userId: buyer.user, currency: left, available: `-${buyerFee}`, frozen: '0', kind: 'trade_fee' });
      incomes.push({ currency: left, amount: buyerFee, tradeId });
    }
    if (sellerFee !== '0') {
      changes.push({ ...ref, userId: seller.user, currency: right, available: `-${sellerFee}`, frozen: '0', kind: 'trade_fee' });
      incomes.push({ currency: right, amount: sellerFee, tradeId });
    }
    const b = fill(buyer.order);
    b.filled += fx(base);
    b.filledQuote += fx(quote);
    b.frozenOut += fx(quote);
    b.fee += fx(buyerFee);
    const s = fill(seller.order);
    s.filled += fx(base);
    s.filledQuote += fx(quote);
    s.frozenOut += fx(base);
    s.fee += fx(sellerFee);
  });
  return { changes, incomes, fills, tradeRows };
}

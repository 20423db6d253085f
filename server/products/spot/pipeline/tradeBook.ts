import { fxText, FX_SCALE, minFx, type Fx } from '../../../../domain/fx.js';
import { unitsToDecimal } from '../../../kernel/exchange/market/units.js';
import type { EngineEvent } from '../../../kernel/exchange/matching/types.js';
import { priceText, type PairSpec } from '../../../kernel/exchange/pairSpec.js';
import type { BalanceChange } from '../../../kernel/platform/ledger/ledger.js';
import { feeUnits, type Rate } from '../fees.js';

/** A user's rates in the pair: exact, and as text for the trade row. */
export interface SideRates {
  maker: Rate;
  taker: Rate;
  text: { maker: string; taker: string };
}

/** Decimal places a fee keeps beyond the pair's price/amount units. */
export const FEE_EXTRA_DECIMALS = 3;

/**
 * The places a fee on an amount of `places` decimals is kept at: FEE_EXTRA_DECIMALS finer, but
 * never past the ledger's 18 (FX_SCALE, numeric(36, 18)). A listed pair may have 8 price and 8
 * amount places, so its quote has 16 and a seller's fee at 19 could be neither booked (fx throws)
 * nor stored: the settlement failed on every retry and the market stayed wedged.
 */
export const feePlaces = (places: number): number => Math.max(places, Math.min(places + FEE_EXTRA_DECIMALS, FX_SCALE));

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
  makerRate: string[];
  takerRate: string[];
}

/** A platform fee row's movement: income (a fee paid) or a rebate paid out (negative). */
export interface FeeMovement {
  currency: string;
  amount: string;
  tradeId: number;
}

/**
 * The bookkeeping of a batch's trades, in memory and exact, before the settlement's transaction:
 * each trade's row, the four balance changes it makes (the buyer pays quote from frozen and
 * receives base, the seller the reverse) and its fees, the fills it adds to its two orders, and
 * the platform's fee income. Each side pays its rate on what it receives — a buyer in base, a
 * seller in quote — kept FEE_EXTRA_DECIMALS finer than the pair's units, so a small fill still
 * pays its fee (0.1 % of 0.00166 BTC is 0.00000166 BTC, not 0), and rounded down, never up.
 *
 * A negative maker rate is a rebate (issue 52 §2): the maker receives it, in the currency it
 * receives, from the platform's fee account (`trade_rebate` / `fee_rebate`), recorded as a negative
 * fee. The fee account's rows must never go negative, so rebates in a currency are paid up to
 * `rebateBudget(currency)` (what the account held when the batch began) plus the fees this batch
 * took in that currency before; a rebate beyond it is cut (to 0 at worst) and the trade records
 * what was paid.
 */
export function bookTrades(
  spec: PairSpec,
  trades: readonly Trade[],
  tradeIds: readonly number[],
  ratesOf: (user: number) => SideRates,
  rebateBudget: (currency: string) => Fx = () => 0n,
) {
  const { left, right, amountPrecision: ap, pricePrecision: pp } = spec;
  const changes: BalanceChange[] = [];
  const incomes: FeeMovement[] = [];
  const budgets = new Map<string, Fx>();
  const budget = (currency: string) => budgets.get(currency) ?? budgets.set(currency, rebateBudget(currency)).get(currency)!;
  const fills = new Map<number, OrderFill>();
  const fill = (orderId: number) => {
    let f = fills.get(orderId);
    if (!f) fills.set(orderId, (f = { filled: 0n, filledQuote: 0n, frozenOut: 0n, fee: 0n }));
    return f;
  };
  const tradeRows: TradeRows = { id: [], price: [], quantity: [], side: [], makerOrder: [], takerOrder: [], makerUser: [], takerUser: [], makerFee: [], takerFee: [], makerRate: [], takerRate: [] };
  const basePlaces = feePlaces(ap);
  const quotePlaces = feePlaces(pp + ap);
  const baseFiner = 10n ** BigInt(basePlaces - ap);
  const quoteFiner = 10n ** BigInt(quotePlaces - pp - ap);
  // A trade's amounts in 10^-18 (the fills' unit) straight from its engine units, not parsed back
  // from the texts written for its rows.
  const baseToFx = 10n ** BigInt(FX_SCALE - ap);
  const quoteToFx = 10n ** BigInt(FX_SCALE - pp - ap);
  const baseFeeToFx = 10n ** BigInt(FX_SCALE - basePlaces);
  const quoteFeeToFx = 10n ** BigInt(FX_SCALE - quotePlaces);
  /** A fee in 10^-18 as charged: a fee adds to the currency's budget for rebates, a rebate is paid within it. */
  const paid = (currency: string, amount: Fx): Fx => {
    const room = budget(currency);
    const charged = amount >= 0n ? amount : -minFx(-amount, room);
    budgets.set(currency, room + charged);
    return charged;
  };
  trades.forEach((e, i) => {
    const tradeId = tradeIds[i]!;
    const lots = BigInt(e.quantity);
    const quoteUnits = BigInt(e.price) * lots;
    const base = unitsToDecimal(lots, ap);
    const quote = unitsToDecimal(quoteUnits, pp + ap);
    const takerBuys = e.takerSide === 'buy';
    const buyer = takerBuys ? { user: e.takerAccountId, order: e.takerOrderId, role: 'taker' as const } : { user: e.makerAccountId, order: e.makerOrderId, role: 'maker' as const };
    const seller = takerBuys ? { user: e.makerAccountId, order: e.makerOrderId, role: 'maker' as const } : { user: e.takerAccountId, order: e.takerOrderId, role: 'taker' as const };
    const buyerRates = ratesOf(buyer.user);
    const sellerRates = ratesOf(seller.user);
    const buyerFeeFx = paid(left, feeUnits(lots * baseFiner, buyerRates[buyer.role]) * baseFeeToFx);
    const sellerFeeFx = paid(right, feeUnits(quoteUnits * quoteFiner, sellerRates[seller.role]) * quoteFeeToFx);
    const buyerFee = fxText(buyerFeeFx);
    const sellerFee = fxText(sellerFeeFx);
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
    tradeRows.makerRate.push((takerBuys ? sellerRates : buyerRates).text.maker);
    tradeRows.takerRate.push((takerBuys ? buyerRates : sellerRates).text.taker);
    const ref = { account: 'spot' as const, refType: 'spot_trade', refId: tradeId };
    changes.push({ ...ref, userId: buyer.user, currency: right, available: '0', frozen: `-${quote}`, kind: 'trade_pay' });
    changes.push({ ...ref, userId: buyer.user, currency: left, available: base, frozen: '0', kind: 'trade_receive' });
    changes.push({ ...ref, userId: seller.user, currency: left, available: '0', frozen: `-${base}`, kind: 'trade_pay' });
    changes.push({ ...ref, userId: seller.user, currency: right, available: quote, frozen: '0', kind: 'trade_receive' });
    const charge = (user: number, currency: string, fee: string) => {
      if (fee === '0') return;
      const rebate = fee.startsWith('-');
      const amount = rebate ? fee.slice(1) : fee;
      changes.push({ ...ref, userId: user, currency, available: rebate ? amount : `-${amount}`, frozen: '0', kind: rebate ? 'trade_rebate' : 'trade_fee' });
      incomes.push({ currency, amount: rebate ? `-${amount}` : amount, tradeId });
    };
    charge(buyer.user, left, buyerFee);
    charge(seller.user, right, sellerFee);
    const baseFx = lots * baseToFx;
    const quoteFx = quoteUnits * quoteToFx;
    const b = fill(buyer.order);
    b.filled += baseFx;
    b.filledQuote += quoteFx;
    b.frozenOut += quoteFx;
    b.fee += buyerFeeFx;
    const s = fill(seller.order);
    s.filled += baseFx;
    s.filledQuote += quoteFx;
    s.frozenOut += baseFx;
    s.fee += sellerFeeFx;
  });
  return { changes, incomes, fills, tradeRows };
}

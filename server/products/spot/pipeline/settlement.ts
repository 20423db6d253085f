import type { KlineBar, PublicTrade } from '../../../../src/domain/market.js';
import type { Database, Queryable } from '../../../kernel/db/database.js';
import type { Candle } from '../../../kernel/exchange/market/candles.js';
import { candleColumns } from '../../../kernel/exchange/market/klineHistory.js';
import { unitsToDecimal } from '../../../kernel/exchange/market/units.js';
import type { MarketData } from '../../../kernel/exchange/marketData.js';
import { CancelReason, type EngineEvent } from '../../../kernel/exchange/matching/types.js';
import { priceText, type PairSpec } from '../../../kernel/exchange/pairSpec.js';
import type { BalanceChange } from '../../../kernel/ledger/ledger.js';
import { applyBalanceChanges, fromAtto, lockBalances, toAtto, type BalanceState } from '../../../kernel/ledger/ledgerBatch.js';
import { systemAccountId } from '../../../kernel/ledger/systemAccounts.js';
import { feeUnits, ratesFor, type FeeRates } from '../fees.js';

/** Decimal places a fee keeps beyond the pair's price/amount units. */
export const FEE_EXTRA_DECIMALS = 3;

type Trade = Extract<EngineEvent, { type: 'trade' }>;

/** What a settled batch changed, for the market-data stage and the private channel (after commit). */
export interface Settled {
  /** Newest first, as the trades channel sends them. */
  trades: PublicTrade[];
  candles: Map<string, Candle>;
  /** Per user, the orders that changed. */
  orders: Map<number, Set<number>>;
}

interface OrderFill {
  filled: bigint;
  filledQuote: bigint;
  frozenOut: bigint;
  fee: bigint;
}

/**
 * The settlement stage (transaction 2 of a batch): applies the engine's events of the whole batch
 * — trades, fills, fees, cancels, releases of what finished orders still hold, candles — with
 * multi-row statements, whatever the number of orders: trades with preallocated ids, order rows
 * updated once each, every balance locked once in (user, currency) order and written once, the
 * platform's fee rows last, so concurrent markets never deadlock. `placed`: orders just recorded,
 * which changed for their owners even when the engine only rested them.
 */
export async function settle(
  db: Database,
  spec: PairSpec,
  marketData: MarketData,
  events: readonly EngineEvent[],
  placed: ReadonlyArray<{ userId: number; orderId: number }>,
  now: number,
): Promise<Settled> {
  const { left, right, amountPrecision: ap, pricePrecision: pp } = spec;
  const orders = new Map<number, Set<number>>();
  const touch = (userId: number, orderId: number) => orders.set(userId, (orders.get(userId) ?? new Set()).add(orderId));
  for (const p of placed) touch(p.userId, p.orderId);
  const trades = events.filter((e): e is Trade => e.type === 'trade');
  const ends = events.filter((e): e is Extract<EngineEvent, { type: 'cancelled' | 'rejected' }> => e.type === 'cancelled' || e.type === 'rejected');
  const feeAccount = trades.length > 0 ? await systemAccountId(db, 'fees') : 0;
  const candles = new Map<string, Candle>();
  const published: PublicTrade[] = [];
  // Orders that only came to rest: recorded already, nothing to write.
  if (trades.length === 0 && ends.length === 0) return { trades: published, candles, orders };

  await db.transaction(async (tx) => {
    const users = new Set<number>();
    for (const t of trades) users.add(t.makerAccountId).add(t.takerAccountId);
    for (const e of ends) users.add(e.accountId);
    const rows = [...users].flatMap((userId) => [
      { userId, currency: left, account: 'spot' as const },
      { userId, currency: right, account: 'spot' as const },
    ]);
    const states = await lockBalances(tx, rows);
    const rates = trades.length > 0 ? await ratesFor(db, tx, trades.flatMap((t) => [t.makerAccountId, t.takerAccountId])) : new Map<number, FeeRates>();
    const rate = (user: number, role: 'maker' | 'taker') => rates.get(user)?.[role] ?? { numerator: 0n, scale: 0 };
    const tradeIds = trades.length > 0 ? await nextIds(tx, 'spot_trade', trades.length) : [];

    const changes: BalanceChange[] = [];
    const incomes: Array<{ currency: string; amount: string; tradeId: number }> = [];
    const fills = new Map<number, OrderFill>();
    const fill = (orderId: number) => {
      let f = fills.get(orderId);
      if (!f) fills.set(orderId, (f = { filled: 0n, filledQuote: 0n, frozenOut: 0n, fee: 0n }));
      return f;
    };
    const tradeRows = { id: [] as number[], price: [] as string[], quantity: [] as string[], side: [] as string[], makerOrder: [] as number[], takerOrder: [] as number[], makerUser: [] as number[], takerUser: [] as number[], makerFee: [] as string[], takerFee: [] as string[] };
    // Fees are kept FEE_EXTRA_DECIMALS finer than the pair's units, so a small fill still pays its
    // fee (0.1 % of 0.00166 BTC is 0.00000166 BTC, not 0); still rounded down, never up.
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
      b.filled += toAtto(base);
      b.filledQuote += toAtto(quote);
      b.frozenOut += toAtto(quote);
      b.fee += toAtto(buyerFee);
      const s = fill(seller.order);
      s.filled += toAtto(base);
      s.filledQuote += toAtto(quote);
      s.frozenOut += toAtto(base);
      s.fee += toAtto(sellerFee);
      touch(e.makerAccountId, e.makerOrderId);
      touch(e.takerAccountId, e.takerOrderId);
      for (const c of marketData.addTrade(now, e.price, e.quantity)) candles.set(c.interval, c);
      published.unshift({ id: tradeId, time: now, price: priceText(spec, e.price), quantity: base, side: e.takerSide });
    });

    if (trades.length > 0) {
      // One round trip for the trades, the fills they make and the candles they move (three tables,
      // so one statement can write all three).
      const ids = [...fills.keys()];
      const f = ids.map((id) => fills.get(id)!);
      const bars = [...candles.values()].map((c) => ({ interval: c.interval, openTime: c.openTime, bar: marketData.bar(c) }));
      await tx.query(
        `with traded as (
           insert into spot_trade (id, left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms, maker_fee, taker_fee)
           select t.id, $2, $3, t.price, t.quantity, t.side, t.maker_order, t.taker_order, t.maker_user, t.taker_user, $4, t.maker_fee, t.taker_fee
           from unnest($1::bigint[], $5::numeric[], $6::numeric[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::numeric[], $13::numeric[])
             as t(id, price, quantity, side, maker_order, taker_order, maker_user, taker_user, maker_fee, taker_fee)
         ), filled as (
           update spot_order o set filled = o.filled + t.filled, filled_quote = o.filled_quote + t.filled_quote, frozen = o.frozen - t.frozen_out,
             fee = o.fee + t.fee, status = case when o.filled + t.filled >= o.quantity then 3 else 2 end, updated_ms = $4
           from unnest($14::bigint[], $15::numeric[], $16::numeric[], $17::numeric[], $18::numeric[]) as t(id, filled, filled_quote, frozen_out, fee)
           where o.id = t.id
         )
         ${CANDLE_UPSERT('$2', '$3', 19)}`,
        [
          tradeRows.id, left, right, now, tradeRows.price, tradeRows.quantity, tradeRows.side, tradeRows.makerOrder, tradeRows.takerOrder, tradeRows.makerUser, tradeRows.takerUser, tradeRows.makerFee, tradeRows.takerFee,
          ids, f.map((x) => fromAtto(x.filled)), f.map((x) => fromAtto(x.filledQuote)), f.map((x) => fromAtto(x.frozenOut)), f.map((x) => fromAtto(x.fee)),
          ...candleColumns(bars),
        ],
      );
    }
    if (ends.length > 0) {
      // A market buy that traded until less than one lot of its budget was left has spent it: that
      // is "fully traded" to the trader, not "cancelled" (the dust is released below).
      await tx.query(
        `update spot_order o set status = case when t.budget_spent and o.filled > 0 then 3 else 4 end, updated_ms = $3
         from unnest($1::bigint[], $2::boolean[]) as t(id, budget_spent) where o.id = t.id`,
        [ends.map((e) => e.orderId), ends.map((e) => e.type === 'cancelled' && e.reason === CancelReason.budget), now],
      );
      for (const e of ends) touch(e.accountId, e.orderId);
    }
    // An order that is done (fully traded, cancelled or refused) gives back whatever it still holds
    // frozen: the unused part of a buy's limit or budget, or a cancelled remainder.
    const touchedIds = [...new Set([...fills.keys(), ...ends.map((e) => e.orderId)])];
    if (touchedIds.length > 0) {
      const done = await tx.query<{ id: number; user_id: number; side: string; frozen: string }>(
        `update spot_order o set frozen = 0, updated_ms = $2 from (
           select id, frozen as held from spot_order where id = any($1::bigint[]) and status in (3, 4) and frozen > 0
         ) d where o.id = d.id
         returning o.id, o.user_id, o.side, trim_scale(d.held)::text as frozen`,
        [touchedIds, now],
      );
      done.sort((a, b) => Number(a.id) - Number(b.id));
      for (const o of done) {
        changes.push({
          userId: Number(o.user_id),
          currency: o.side === 'buy' ? right : left,
          account: 'spot',
          available: o.frozen,
          frozen: `-${o.frozen}`,
          kind: 'order_unfreeze',
          refType: 'spot_order',
          refId: Number(o.id),
        });
      }
    }
    // The platform's fee rows are locked last (see feeIncome), then every change is written at once.
    const fees = await feeIncome(tx, feeAccount, incomes);
    for (const [key, state] of fees.states) states.set(key, state);
    await applyBalanceChanges(tx, states, [...changes, ...fees.changes]);
  });
  return { trades: published, candles, orders };
}

/** Ids for rows about to be inserted, so that related rows can name them in the same statement batch. */
async function nextIds(tx: Queryable, table: string, count: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(`select nextval(pg_get_serial_sequence($1, 'id')) as id from generate_series(1, $2::int)`, [table, count]);
  return rows.map((r) => Number(r.id));
}

/**
 * Locks the platform's fee rows last in the transaction, in currency order, and answers the credits
 * to them: every transaction takes these shared rows in the same order and after its users' rows, so
 * markets settling at once cannot deadlock on them.
 */
async function feeIncome(tx: Queryable, feeAccount: number, incomes: Array<{ currency: string; amount: string; tradeId: number }>) {
  if (incomes.length === 0) return { states: new Map<string, BalanceState>(), changes: [] as BalanceChange[] };
  const ordered = [...incomes].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : a.tradeId - b.tradeId));
  const states = await lockBalances(tx, ordered.map((i) => ({ userId: feeAccount, currency: i.currency, account: 'spot' as const })));
  const changes = ordered.map(
    (i): BalanceChange => ({ userId: feeAccount, currency: i.currency, account: 'spot', available: i.amount, frozen: '0', kind: 'fee_income', refType: 'spot_trade', refId: i.tradeId }),
  );
  return { states, changes };
}

/** The candles-in-progress upsert, its nine arrays numbered from `first` (see candleColumns). */
const CANDLE_UPSERT = (left: string, right: string, first: number) => {
  const p = (i: number) => `$${first + i}`;
  return `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count, source)
     select ${left}, ${right}, t.interval, t.open_time, t.open, t.high, t.low, t.close, t.amount, t.vol, t.count, 'trades'
     from unnest(${p(0)}::text[], ${p(1)}::bigint[], ${p(2)}::numeric[], ${p(3)}::numeric[], ${p(4)}::numeric[], ${p(5)}::numeric[], ${p(6)}::numeric[], ${p(7)}::numeric[], ${p(8)}::int[])
       as t(interval, open_time, open, high, low, close, amount, vol, count)
     on conflict (left_symbol, right_symbol, interval, open_time) do update set
       high = greatest(candle.high, excluded.high), low = least(candle.low, excluded.low), close = excluded.close,
       amount = excluded.amount, vol = excluded.vol, count = excluded.count, source = 'trades'`;
};

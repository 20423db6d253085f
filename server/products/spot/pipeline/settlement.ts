import { fxText } from '../../../../domain/fx.js';
import type { PublicTrade } from '../../../../domain/market.js';
import type { SpotOrder } from '../../../../domain/spotOrders.js';
import { PLAN_ONCE, type Database } from '../../../kernel/platform/db/database.js';
import type { SequenceIds } from '../../../kernel/platform/db/sequenceIds.js';
import type { Candle } from '../../../kernel/exchange/market/candles.js';
import { candleColumns } from '../../../kernel/platform/marketHistory/klineHistory.js';
import type { MarketData } from '../../../kernel/exchange/marketData.js';
import { CancelReason, type EngineEvent } from '../../../kernel/exchange/matching/types.js';
import type { PairSpec } from '../../../kernel/exchange/pairSpec.js';
import { COMMIT_LATER } from '../../../kernel/platform/db/commitLater.js';
import { BALANCE_ROWS_MISSING, balanceDeltas } from '../../../kernel/platform/ledger/balanceDeltas.js';
import type { BalanceChange } from '../../../kernel/platform/ledger/ledger.js';
import { makeBalanceRows } from '../../../kernel/platform/ledger/ledgerBatch.js';
import { StatementParams } from '../../../kernel/platform/db/statementParams.js';
import { failUnlessEqual } from '../../../kernel/platform/db/statementChecks.js';
import { systemAccountId } from '../../../kernel/platform/ledger/systemAccounts.js';
import { fx, type Fx } from '../../../../domain/fx.js';
import { ratesFor, ZERO_RATE } from '../fees.js';
import { orderViewJson } from '../orderViews.js';
import { candleBars, candleUpsert, SETTLED_INTERVAL } from './candleStore.js';
import { bookTrades, type FeeMovement, type OrderFill, type SideRates, type Trade } from './tradeBook.js';

export { FEE_EXTRA_DECIMALS } from './tradeBook.js';

/** What a settled batch changed, for the market-data stage and the private channel (after commit). */
export interface Settled {
  /** Newest first, as the trades channel sends them. */
  trades: PublicTrade[];
  candles: Map<string, Candle>;
  /** Per user, the orders that changed. */
  orders: Map<number, Set<number>>;
  /** The orders this settlement wrote, by id, as its statement wrote them (the answers and the private channel). */
  views: Map<number, SpotOrder>;
}


/** In the error of a settlement that named an order it could not update (it writes nothing then). */
export const SETTLED_ORDERS_MISSING = 'openex settled orders missing';

/**
 * The settlement stage (the second write of a batch): applies the engine's events of the whole batch
 * — trades, fills, fees, cancels, releases of what finished orders still hold, candles — in ONE
 * statement that is its own transaction, whatever the number of orders: trades with preallocated
 * ids, order rows updated once each, every balance written once relative to its row with its ledger
 * entries (kernel/platform/ledger/balanceDeltas.ts), the platform's fee rows last, so concurrent markets
 * never deadlock. `placed`: orders just recorded, which changed for their owners even when the
 * engine only rested them.
 *
 * Balances are what every market and the next batch's record stage wait on: fees, fills and ledger
 * changes are computed before the statement, which locks the balance rows only while it runs, and
 * its commit does not wait for the disk (COMMIT_LATER: the caller waits for `db.durable()` before
 * telling).
 */
export async function settle(
  db: Database,
  spec: PairSpec,
  marketData: MarketData,
  events: readonly EngineEvent[],
  placed: ReadonlyArray<{ userId: number; orderId: number }>,
  now: number,
  tradeSequence: SequenceIds,
): Promise<Settled> {
  const { left, right } = spec;
  const orders = new Map<number, Set<number>>();
  const touch = (userId: number, orderId: number) => orders.set(userId, (orders.get(userId) ?? new Set()).add(orderId));
  for (const p of placed) touch(p.userId, p.orderId);
  const trades = events.filter((e): e is Trade => e.type === 'trade');
  const ends = events.filter((e): e is Extract<EngineEvent, { type: 'cancelled' | 'rejected' }> => e.type === 'cancelled' || e.type === 'rejected');
  const candles = new Map<string, Candle>();
  const published: PublicTrade[] = [];
  const views = new Map<number, SpotOrder>();
  // Orders that only came to rest: recorded already, nothing to write.
  if (trades.length === 0 && ends.length === 0) return { trades: published, candles, orders, views };

  // Read and named before the transaction: none of it needs a lock.
  const feeAccount = trades.length > 0 ? await systemAccountId(db, 'fees') : 0;
  const rates = trades.length > 0 ? await ratesFor(db, db, spec.symbol, trades.flatMap((t) => [t.makerAccountId, t.takerAccountId]), now) : new Map<number, SideRates>();
  const ratesOf = (user: number): SideRates => rates.get(user) ?? FREE;
  // Rebates are paid from what the fee account holds (read only when a batch has a rebate to pay).
  const rebating = [...rates.values()].some((r) => r.maker.numerator < 0n);
  const tradeIds = await tradeSequence.take(trades.length);
  const book = (held: ReadonlyMap<string, Fx> | undefined) => bookTrades(spec, trades, tradeIds, ratesOf, held ? (currency) => held.get(currency) ?? 0n : undefined);
  let booked = book(rebating ? await feeAccountHolds(db, feeAccount, [left, right]) : undefined);

  trades.forEach((e, i) => {
    touch(e.makerAccountId, e.makerOrderId);
    touch(e.takerAccountId, e.takerOrderId);
    for (const c of marketData.addTrade(now, e.price, e.quantity)) candles.set(c.interval, c);
    published.unshift({ id: tradeIds[i]!, time: now, price: booked.tradeRows.price[i]!, quantity: booked.tradeRows.quantity[i]!, side: e.takerSide });
  });
  for (const e of ends) touch(e.accountId, e.orderId);
  // As of this batch: the next batch's settlement moves the live candles while this one waits for
  // the disk, and what this batch publishes afterwards must not show trades that are not durable yet.
  for (const [interval, c] of candles) candles.set(interval, { ...c });
  // Only the one-minute candle is written with the trades; the market saves the coarser ones (candleStore.ts).
  const bars = candleBars(
    marketData,
    [...candles.values()].filter((c) => c.interval === SETTLED_INTERVAL),
  );

  let written: Array<{ orders: SpotOrder[] | null }>;
  for (let attempt = 1; ; attempt++) {
    try {
      written = await writeSettlement(db, spec, booked, tradeIds, ends, bars, now, feeAccount);
      break;
    } catch (error) {
      // The rebate budget was read without a lock: another market's batch may have paid rebates
      // from the same fee row since, and the row's check refused this statement, which wrote
      // nothing. Read again and book again; the third time, pay this batch's rebates from its own
      // fees only, which can never take the fee row below zero whatever other batches do.
      if (!rebating || !overdrawn(error) || attempt === 3) throw error;
      booked = book(attempt === 1 ? await feeAccountHolds(db, feeAccount, [left, right]) : new Map());
    }
  }
  for (const view of written[0]?.orders ?? []) views.set(Number(view.id), view);
  return { trades: published, candles, orders, views };
}


type Booked = ReturnType<typeof bookTrades>;
type Ended = Extract<EngineEvent, { type: 'cancelled' | 'rejected' }>;

/**
 * ONE statement, committing on its own: the trades, every order they or the cancels touch, the
 * candles they move, and — last, in canonical order — the balances with their ledger entries. An
 * order's status follows from its fills and its end: a market buy that traded until less than one
 * lot of its budget was left has spent it, "fully traded" to the trader, not "cancelled". An order
 * that is done (fully traded, cancelled or refused) gives back what it still holds frozen — the
 * unused part of a buy's limit or budget, or a cancelled remainder — read from the row as it was
 * (`p`). Nothing here needs the balances' values before writing them (what trades move was frozen
 * when the orders were recorded), so the balance rows — every market's and the next batch's hot
 * rows — are locked only while the statement runs, not across round trips; and the commit does
 * not wait for the disk (`commit_later`, the statement's own transaction): the caller waits for
 * `db.durable()` before telling anyone.
 */
async function writeSettlement(
  db: Database,
  spec: PairSpec,
  booked: Booked,
  tradeIds: readonly number[],
  ends: readonly Ended[],
  bars: ReturnType<typeof candleBars>,
  now: number,
  feeAccount: number,
): Promise<Array<{ orders: SpotOrder[] | null }>> {
  const { left, right } = spec;
  const { changes, incomes, fills, tradeRows } = booked;
  // Per order touched: its fills (zero for an order that only ended) and whether it ended.
  const ended = new Map(ends.map((e) => [e.orderId, e.type === 'cancelled' && e.reason === CancelReason.budget]));
  const orderIds = [...new Set([...fills.keys(), ...ended.keys()])];
  const noFill: OrderFill = { filled: 0n, filledQuote: 0n, frozenOut: 0n, fee: 0n };
  const orderFills = orderIds.map((id) => fills.get(id) ?? noFill);
  // The platform's fee rows come last (see feeIncome).
  const fees = feeIncome(feeAccount, incomes);
  const params = new StatementParams();
  for (const value of [
    tradeRows.id, left, right, now, tradeRows.price, tradeRows.quantity, tradeRows.side, tradeRows.makerOrder, tradeRows.takerOrder, tradeRows.makerUser, tradeRows.takerUser, tradeRows.makerFee, tradeRows.takerFee,
    orderIds, orderFills.map((x) => fxText(x.filled)), orderFills.map((x) => fxText(x.filledQuote)), orderFills.map((x) => fxText(x.frozenOut)), orderFills.map((x) => fxText(x.fee)),
    orderIds.map((id) => ended.has(id)), orderIds.map((id) => ended.get(id) ?? false),
    ...candleColumns(bars),
  ]) {
    params.add(value);
  }
  const balances = balanceDeltas(params, {
    changes,
    // What finished orders still held, given back on the order's side: a buy holds the quote currency.
    derived: (firstOrd) => `select u.user_id, case when u.side = 'buy' then $3::text else $2::text end, 'spot'::text, 'order_unfreeze'::text,
         u.released, -u.released, 'spot_order'::text, u.id, ${firstOrd} - 1 + row_number() over (order by u.id)
       from updated u where u.released is not null`,
    trailing: fees,
    lastUserId: feeAccount,
  });
  const rateColumns = `${params.add(tradeRows.makerRate)}::numeric[], ${params.add(tradeRows.takerRate)}::numeric[]`;
  const statement = `with ${COMMIT_LATER}, traded as (
       insert into spot_trade (id, left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms, maker_fee, taker_fee, maker_rate, taker_rate)
       select t.id, $2, $3, t.price, t.quantity, t.side, t.maker_order, t.taker_order, t.maker_user, t.taker_user, $4, t.maker_fee, t.taker_fee, t.maker_rate, t.taker_rate
       from unnest($1::bigint[], $5::numeric[], $6::numeric[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::numeric[], $13::numeric[], ${rateColumns})
         as t(id, price, quantity, side, maker_order, taker_order, maker_user, taker_user, maker_fee, taker_fee, maker_rate, taker_rate)
     ), changed as (
       select t.*, p.filled + t.filled as filled_now, p.frozen - t.frozen_out as held,
         case when t.ended then case when t.budget_spent and p.filled + t.filled > 0 then 3 else 4 end
              when p.filled + t.filled >= p.quantity then 3 else 2 end as status
       from unnest($14::bigint[], $15::numeric[], $16::numeric[], $17::numeric[], $18::numeric[], $19::boolean[], $20::boolean[])
         as t(id, filled, filled_quote, frozen_out, fee, ended, budget_spent)
       join spot_order p on p.id = t.id
     ), updated as (
       update spot_order o set filled = c.filled_now, filled_quote = o.filled_quote + c.filled_quote, fee = o.fee + c.fee, status = c.status,
         frozen = case when c.status in (3, 4) then 0 else c.held end, updated_ms = $4
       from changed c where o.id = c.id
       returning o.id, o.user_id, o.side, case when c.status in (3, 4) and c.held > 0 then c.held end as released, ${orderViewJson('o', params.add(spec.pricePrecision))} as view
     ), candled as (
       ${candleUpsert('$2', '$3', 21, params.add(tradeIds.at(-1) ?? null))}
     ), ${balances.ctes}
     select (select json_agg(u.view) from updated u) as orders from commit_later
     where ${balances.check} and ${failUnlessEqual('select count(*) from updated', params.add(orderIds.length) + '::bigint', SETTLED_ORDERS_MISSING)}`;
  try {
    return await db.query(statement, params.values, PLAN_ONCE);
  } catch (error) {
    // A user's first credit in a currency: nothing was written; make the rows and run it again.
    if (!(error instanceof Error && error.message.includes(BALANCE_ROWS_MISSING))) throw error;
    await makeBalanceRows(db, [...changes, ...fees, ...ends.flatMap((e) => [left, right].map((currency) => ({ userId: e.accountId, currency, account: 'spot' as const })))], feeAccount);
    return await db.query(statement, params.values, PLAN_ONCE);
  }
}

/** A balance row's check refused the statement (a balance would go below zero); it wrote nothing. */
function overdrawn(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '23514' && error.message.includes('balance');
}

const FREE: SideRates = { maker: ZERO_RATE, taker: ZERO_RATE, text: { maker: '0', taker: '0' } };

/** What the fee account holds available in `currencies`, read without a lock: the budget of a batch's rebates (tradeBook.ts); a settlement the fee row refuses books again (settle). */
async function feeAccountHolds(db: Database, feeAccount: number, currencies: readonly string[]): Promise<Map<string, Fx>> {
  const rows = await db.query<{ currency: string; available: string }>(
    `select currency, trim_scale(available)::text as available from balance where user_id = $1 and account = 'spot' and currency = any($2::text[])`,
    [feeAccount, currencies],
  );
  return new Map(rows.map((r) => [r.currency, fx(r.available)]));
}

/**
 * The platform's fee rows — fees in, rebates out — in currency order: every transaction takes these
 * shared rows in the same order and after its users' rows (lockBalances' `lastUserId`), so markets
 * settling at once cannot deadlock on them.
 */
function feeIncome(feeAccount: number, incomes: readonly FeeMovement[]): BalanceChange[] {
  const ordered = [...incomes].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : a.tradeId - b.tradeId));
  return ordered.map(
    (i): BalanceChange => ({
      userId: feeAccount,
      currency: i.currency,
      account: 'spot',
      available: i.amount,
      frozen: '0',
      kind: i.amount.startsWith('-') ? 'fee_rebate' : 'fee_income',
      refType: 'spot_trade',
      refId: i.tradeId,
    }),
  );
}

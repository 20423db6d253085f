import { SECONDS_ACCOUNT, SECONDS_CURRENCY, type SecondsContract } from '../../../src/domain/seconds.js';
import { performance } from 'node:perf_hooks';
import type { Database, Queryable } from '../../kernel/db/database.js';
import { systemAccountId } from '../../kernel/ledger/systemAccounts.js';
import type { UserFeed } from '../../kernel/realtime/userFeed.js';
import type { IndexPair, SecondsIndex } from './indexPrice.js';

/** Contracts settled per transaction. */
export const SETTLE_BATCH = 50_000;

interface Settled {
  userId: number;
  contract: SecondsContract;
}

export interface SettleResult {
  /** Contracts settled by this call (all batches). */
  settled: number;
  /** Open contracts due whose expiry price is not known (no price at all for the pair). */
  unpriced: number;
}

/** Where a settlement's time goes, for the bench: the three statements, the rows made into pushes, the pushes and commits. */
export type SettleStage = 'prices' | 'contracts' | 'locks' | 'ledger' | 'rows' | 'commit' | 'pushes';
type Measure = ((stage: SettleStage, ms: number) => void) | undefined;

/** A settled contract as the contracts statement answers it: the push's fields, formatted by SQL. */
interface PushedRow {
  user_id: string | number;
  id: string | number;
  symbol: string;
  direction: SecondsContract['direction'];
  period: number;
  payout_rate: string;
  quantity: string;
  buy_price: string;
  accepted_ms: string | number;
  expiry_second: string | number;
  estimated_profit: string;
  settle_price: string;
  outcome: NonNullable<SecondsContract['outcome']>;
  profit: string;
}

function pushedContract(row: PushedRow, settledAt: number): SecondsContract {
  const expiry = Number(row.expiry_second);
  return {
    id: Number(row.id),
    symbol: row.symbol,
    direction: row.direction,
    period: Number(row.period),
    payout_rate: row.payout_rate,
    quantity: row.quantity,
    buy_price: row.buy_price,
    accepted_at: Number(row.accepted_ms),
    expiry_second: expiry,
    expires_at: expiry * 1000,
    status: 2,
    estimated_profit: row.estimated_profit,
    settle_price: row.settle_price,
    outcome: row.outcome,
    profit: row.profit,
    settled_at: settledAt,
  };
}

interface SettleDeps {
  db: Database;
  index: SecondsIndex;
  pairs: () => Map<string, IndexPair>;
  feed: UserFeed;
  clock: () => number;
  log?: (message: string, error?: unknown) => void;
  /** Told how long each stage took (the bench); nothing by default. */
  measure?: (stage: SettleStage, ms: number) => void;
}

/** The expiry-second prices of one run: parallel arrays, handed to SQL as one `unnest`. */
interface Prices {
  left: string[];
  right: string[];
  second: number[];
  price: string[];
}

/**
 * Settles every open contract whose expiry second has begun, in batches of SETTLE_BATCH, each one
 * transaction. Each contract is priced with the recorded index of its own expiry second — never the
 * price of the moment this runs — and its outcome applied through the ledger:
 *
 * - win: the stake is released and stake × rate paid from the house (`seconds_win` / house `seconds_house`);
 * - loss: the stake leaves the frozen balance for the house (`seconds_loss`);
 * - draw: the stake is released (`seconds_draw`).
 *
 * The work is set-based (issue 14: 100k contracts of one second in under a second): JS only looks up
 * the few (pair, second) prices; the contracts, the ledger entries and the balances are computed and
 * written by three statements per batch, whatever its size (see `settleBatch`). After each commit
 * the owners hear of it on the private channel.
 */
export async function settleDue(deps: SettleDeps, batch = SETTLE_BATCH): Promise<SettleResult> {
  const house = await systemAccountId(deps.db, 'secondsHouse');
  const nowSecond = Math.floor(deps.clock() / 1000);
  // The distinct (pair, expiry second) of what is due: a handful of prices, however many contracts.
  const keys = await deps.db.query<{ left_symbol: string; right_symbol: string; expiry_second: string | number; n: number }>(
    `select left_symbol, right_symbol, expiry_second, count(*)::int as n
     from seconds_contract where status = 1 and expiry_second <= $1 group by 1, 2, 3`,
    [nowSecond],
  );
  const result: SettleResult = { settled: 0, unpriced: 0 };
  if (keys.length === 0) return result;
  const pricing = performance.now();
  const prices: Prices = { left: [], right: [], second: [], price: [] };
  for (const key of keys) {
    const pair = deps.pairs().get(`${key.left_symbol}_${key.right_symbol}`);
    const second = Number(key.expiry_second);
    const price = pair && (await deps.index.priceAt(pair, second));
    if (price === undefined) {
      result.unpriced += Number(key.n);
      continue;
    }
    prices.left.push(key.left_symbol);
    prices.right.push(key.right_symbol);
    prices.second.push(second);
    prices.price.push(price);
  }
  deps.measure?.('prices', performance.now() - pricing);
  if (prices.price.length === 0) return result;
  for (;;) {
    let committing = 0;
    const settled = await deps.db.transaction(async (tx) => {
      const rows = await settleBatch(tx, house, prices, nowSecond, deps.clock(), batch, deps.measure);
      committing = performance.now();
      return rows;
    });
    const pushing = performance.now();
    deps.measure?.('commit', pushing - committing);
    result.settled += settled.length;
    publish(deps.feed, settled);
    deps.measure?.('pushes', performance.now() - pushing);
    if (settled.length < batch) return result;
  }
}

/**
 * One batch, in one transaction, in three statements:
 *
 * 1. the due contracts are locked (`for update skip locked`, so a second server sharing the
 *    database takes other rows), priced, and marked settled by an update guarded by `status = 1`
 *    (a contract settles exactly once); each one's balance change is kept in a temporary table that
 *    the commit drops, and the settled rows come back for the pushes;
 * 2. the balances they touch (owners and house) are locked in one canonical order (user id), as
 *    `lockBalances` does, so concurrent batches and purchases cannot deadlock on them;
 * 3. the ledger entries are written with their "after" values from window sums over each owner's
 *    changes in contract order (each entry is the previous one plus its change, the last one is the
 *    new balance), the house's net change for the batch as one entry, and every balance is updated
 *    once. The balance table's `check (available >= 0)` refuses a house that could not pay: the
 *    batch then rolls back whole.
 */
async function settleBatch(
  tx: Queryable,
  house: number,
  prices: Prices,
  nowSecond: number,
  now: number,
  batch: number,
  measure: Measure,
): Promise<Settled[]> {
  let mark = performance.now();
  const lap = (stage: SettleStage) => {
    const at = performance.now();
    measure?.(stage, at - mark);
    mark = at;
  };
  await tx.query(
    `create temporary table seconds_settling (
       id bigint not null, user_id bigint not null, kind text not null,
       available_change numeric not null, frozen_change numeric not null, house_change numeric not null
     ) on commit drop`,
  );
  const rows = await tx.query<PushedRow>(
    `with prices as (
       select * from unnest($1::text[], $2::text[], $3::bigint[], $4::numeric[]) as p(l, r, s, price)),
     due as (
       select c.id, p.price,
         case when p.price = c.buy_price then 'draw' when (p.price > c.buy_price) = (c.direction = 'up') then 'win' else 'loss' end as outcome
       from seconds_contract c join prices p on p.l = c.left_symbol and p.r = c.right_symbol and p.s = c.expiry_second
       where c.status = 1 and c.expiry_second <= $5
       order by c.expiry_second, c.id limit $6
       for update of c skip locked),
     settled as (
       update seconds_contract c set status = 2, settle_price = d.price, outcome = d.outcome, settled_ms = $7,
         profit = case d.outcome when 'win' then c.stake * c.payout_rate when 'loss' then -c.stake else 0 end
       from due d where c.id = d.id and c.status = 1
       returning c.*),
     kept as (
       insert into seconds_settling (id, user_id, kind, available_change, frozen_change, house_change)
       select id, user_id, 'seconds_' || outcome,
         case outcome when 'win' then stake + profit when 'draw' then stake else 0 end, -stake,
         case outcome when 'win' then -profit when 'loss' then stake else 0 end
       from settled)
     select user_id, id, left_symbol || '_' || right_symbol as symbol, direction, period_s as period,
       trim_scale(payout_rate)::text as payout_rate, trim_scale(stake)::text as quantity, trim_scale(buy_price)::text as buy_price,
       accepted_ms, expiry_second, trim_scale(stake * payout_rate)::text as estimated_profit,
       trim_scale(settle_price)::text as settle_price, outcome, trim_scale(profit)::text as profit
     from settled order by id`,
    [prices.left, prices.right, prices.second, prices.price, nowSecond, batch, now],
  );
  lap('contracts');
  if (rows.length === 0) return [];
  // The house's row exists from its capital (ensureHouse); made here too, so its entry can never be skipped.
  await tx.query(`insert into balance (user_id, currency, account) values ($1, $2, $3) on conflict do nothing`, [house, SECONDS_CURRENCY, SECONDS_ACCOUNT]);
  await tx.query(
    `with locked as (
       select 1 from balance
       where currency = $2 and account = $3 and (user_id = $1 or user_id in (select user_id from seconds_settling))
       order by user_id for update)
     select count(*) from locked`,
    [house, SECONDS_CURRENCY, SECONDS_ACCOUNT],
  );
  lap('locks');
  await tx.query(
    `with house as (
       select sum(house_change) as change, min(id) as first_id from seconds_settling),
     entries as (
       select s.user_id, s.kind, s.available_change, s.frozen_change, 'seconds_contract' as ref_type, s.id as ref_id,
         b.available + sum(s.available_change) over w as available_after, b.frozen + sum(s.frozen_change) over w as frozen_after,
         0 as place, s.id as ord
       from seconds_settling s join balance b on b.user_id = s.user_id and b.currency = $2 and b.account = $3
       window w as (partition by s.user_id order by s.id)
       union all
       select b.user_id, 'seconds_house', h.change, 0, 'seconds_settlement', h.first_id, b.available + h.change, b.frozen, 1, 0
       from house h join balance b on b.user_id = $1 and b.currency = $2 and b.account = $3
       where h.change <> 0),
     written as (
       insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
       select user_id, $2, $3, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id
       from entries order by place, ord)
     update balance b set available = b.available + t.available, frozen = b.frozen + t.frozen
     from (select user_id, sum(available_change) as available, sum(frozen_change) as frozen from entries group by user_id) t
     where b.user_id = t.user_id and b.currency = $2 and b.account = $3`,
    [house, SECONDS_CURRENCY, SECONDS_ACCOUNT],
  );
  lap('ledger');
  const settled = rows.map((row) => ({ userId: Number(row.user_id), contract: pushedContract(row, now) }));
  lap('rows');
  return settled;
}

/** After the commit: each owner's balance and settled contracts on the private channel (only users with a socket cost anything). */
function publish(feed: UserFeed, settled: Settled[]): void {
  const users = new Set<number>();
  for (const { userId, contract } of settled) {
    users.add(userId);
    feed.message?.(userId, { channel: 'user', kind: 'seconds', contract });
  }
  for (const userId of users) feed.balancesChanged(userId, [{ currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT }]);
}

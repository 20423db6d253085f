import { SECONDS_ACCOUNT, SECONDS_CURRENCY, type SecondsContract } from '../../../src/domain/seconds.js';
import { performance } from 'node:perf_hooks';
import type { Database, Queryable } from '../../kernel/db/database.js';
import { systemAccountId } from '../../kernel/ledger/systemAccounts.js';
import type { UserFeed } from '../../kernel/realtime/userFeed.js';
import type { IndexPair, SecondsIndex } from './indexPrice.js';

/**
 * Contracts settled per transaction: 100,000 — the bench's whole second in one batch (issue 14).
 * The limit only splits a backlog (after an outage) into transactions of bounded size.
 */
export const SETTLE_BATCH = 100_000;

/**
 * The advisory lock every settlement transaction takes first: settlements are serialised across
 * servers sharing the database (a second server waits, then finds nothing due), so the contracts a
 * batch picks cannot change between its two statements and no contract row needs a row lock of its
 * own. Exactly-once does not rest on it alone: the update is still guarded by `status = 1`.
 */
export const SETTLE_LOCK_KEY = 0x5ec0_5e77;

/** Sorts and window sums of a 100k batch stay in memory (the default 4 MB spills them to disk). */
const SETTLE_WORK_MEM = '64MB';

/** One owner's settled contracts of a batch, as the settlement statement answers them (the pushes, built by SQL). */
interface SettledOwner {
  user_id: string | number;
  contracts: SecondsContract[];
}

export interface SettleResult {
  /** Contracts settled by this call (all batches). */
  settled: number;
  /** Open contracts due whose expiry price is not known (no price at all for the pair). */
  unpriced: number;
}

/** Where a settlement's time goes, for the bench: the prices, the two statements, the commits and the pushes. */
export type SettleStage = 'prices' | 'locks' | 'settle' | 'commit' | 'pushes';
type Measure = ((stage: SettleStage, ms: number) => void) | undefined;

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
 * the few (pair, second) prices; the contracts, the ledger entries, the balances and the pushes are
 * computed and written by two statements per batch, whatever its size (see `settleBatch`). After
 * each commit the owners hear of it on the private channel.
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
    const { count, owners } = await deps.db.transaction(async (tx) => {
      const settled = await settleBatch(tx, house, prices, nowSecond, deps.clock(), batch, deps.measure);
      committing = performance.now();
      return settled;
    });
    const pushing = performance.now();
    deps.measure?.('commit', pushing - committing);
    result.settled += count;
    publish(deps.feed, owners);
    deps.measure?.('pushes', performance.now() - pushing);
    if (count < batch) return result;
  }
}

/** The run's expiry-second prices, as rows (pair, second, price) both statements join the contracts to. */
const PRICED_DUE = `prices as (
       select * from unnest($1::text[], $2::text[], $3::bigint[], $4::numeric[]) as p(l, r, s, price))`;

/**
 * One batch, in one transaction, in two statements:
 *
 * 1. after the settlement lock (`SETTLE_LOCK_KEY`), the batch's due contracts are picked — the
 *    first `batch` priced ones in (expiry second, id) order — and their owners' balances and the
 *    house's are locked in one canonical order (user id), as `lockBalances` does, so concurrent
 *    purchases cannot deadlock with it; it answers how many were picked and the last one's
 *    (expiry second, id), which bounds the second statement to exactly those contracts;
 * 2. one statement with data-modifying common table expressions, whose snapshot (taken after the
 *    locks) sees every locked balance as it is: the contracts are priced and marked settled by an
 *    update guarded by `status = 1` (a contract settles exactly once); from its returned rows the
 *    ledger entries are written with their "after" values from window sums over each owner's
 *    changes in contract order (each entry is the previous one plus its change, the last one is
 *    the new balance), the house's net change for the batch as one entry, every balance is updated
 *    once, and the pushes come back as one row per owner (the owner's settled contracts as JSON,
 *    formatted by SQL). The balance table's `check (available >= 0)` refuses a house that could not
 *    pay: the batch then rolls back whole.
 *
 * No contract row makes a round trip through JS, and none is locked before its update.
 */
async function settleBatch(
  tx: Queryable,
  house: number,
  prices: Prices,
  nowSecond: number,
  now: number,
  batch: number,
  measure: Measure,
): Promise<{ count: number; owners: SettledOwner[] }> {
  let mark = performance.now();
  const lap = (stage: SettleStage) => {
    const at = performance.now();
    measure?.(stage, at - mark);
    mark = at;
  };
  await tx.query(`select pg_advisory_xact_lock($1), set_config('work_mem', $2, true)`, [SETTLE_LOCK_KEY, SETTLE_WORK_MEM]);
  const priceParams = [prices.left, prices.right, prices.second, prices.price];
  // The house's row exists from its capital (ensureHouse); made here too, so its entry can never be skipped.
  await tx.query(`insert into balance (user_id, currency, account) values ($1, $2, $3) on conflict do nothing`, [house, SECONDS_CURRENCY, SECONDS_ACCOUNT]);
  const [picked] = await tx.query<{ n: number; last_second: string | number | null; last_id: string | number | null; owners: number }>(
    `with ${PRICED_DUE},
     picked as materialized (
       select c.user_id, c.expiry_second, c.id
       from seconds_contract c join prices p on p.l = c.left_symbol and p.r = c.right_symbol and p.s = c.expiry_second
       where c.status = 1 and c.expiry_second <= $5
       order by c.expiry_second, c.id limit $6),
     locked as (
       select b.user_id from balance b
       where b.currency = $8 and b.account = $9 and (b.user_id = $7 or b.user_id in (select user_id from picked))
       order by b.user_id for update)
     select (select count(*)::int from picked) as n, (select count(*)::int from locked) as owners, last.expiry_second as last_second, last.id as last_id
     from (select 1) one left join (select expiry_second, id from picked order by expiry_second desc, id desc limit 1) last on true`,
    [...priceParams, nowSecond, batch, house, SECONDS_CURRENCY, SECONDS_ACCOUNT],
  );
  lap('locks');
  if (!picked || picked.n === 0 || picked.last_id === null) return { count: 0, owners: [] };
  const owners = await tx.query<SettledOwner>(
    `with ${PRICED_DUE},
     settled as (
       update seconds_contract c set status = 2, settle_price = p.price, settled_ms = $7,
         outcome = case when p.price = c.buy_price then 'draw' when (p.price > c.buy_price) = (c.direction = 'up') then 'win' else 'loss' end,
         profit = case when p.price = c.buy_price then 0 when (p.price > c.buy_price) = (c.direction = 'up') then c.stake * c.payout_rate else -c.stake end
       from prices p
       where p.l = c.left_symbol and p.r = c.right_symbol and p.s = c.expiry_second
         and c.status = 1 and c.expiry_second <= $5 and (c.expiry_second, c.id) <= ($5::bigint, $6::bigint)
       returning c.*),
     changes as (
       select id, user_id, 'seconds_' || outcome as kind,
         case outcome when 'win' then stake + profit when 'draw' then stake else 0 end as available_change, -stake as frozen_change,
         case outcome when 'win' then -profit when 'loss' then stake else 0 end as house_change
       from settled),
     entries as (
       select s.user_id, s.kind, s.available_change, s.frozen_change, 'seconds_contract' as ref_type, s.id as ref_id,
         b.available + sum(s.available_change) over w as available_after, b.frozen + sum(s.frozen_change) over w as frozen_after,
         0 as place, s.id as ord
       from changes s join balance b on b.user_id = s.user_id and b.currency = $9 and b.account = $10
       window w as (partition by s.user_id order by s.id)
       union all
       select b.user_id, 'seconds_house', h.change, 0, 'seconds_settlement', h.first_id, b.available + h.change, b.frozen, 1, 0
       from (select sum(house_change) as change, min(id) as first_id from changes) h
         join balance b on b.user_id = $8 and b.currency = $9 and b.account = $10
       where h.change <> 0),
     written as (
       insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
       select user_id, $9, $10, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id
       from entries order by place, ord),
     balances as (
       update balance b set available = b.available + t.available, frozen = b.frozen + t.frozen
       from (select user_id, sum(available_change) as available, sum(frozen_change) as frozen from entries group by user_id) t
       where b.user_id = t.user_id and b.currency = $9 and b.account = $10)
     select user_id, json_agg(json_build_object(
         'id', id, 'symbol', left_symbol || '_' || right_symbol, 'direction', direction, 'period', period_s,
         'payout_rate', trim_scale(payout_rate)::text, 'quantity', trim_scale(stake)::text, 'buy_price', trim_scale(buy_price)::text,
         'accepted_at', accepted_ms, 'expiry_second', expiry_second, 'expires_at', expiry_second * 1000, 'status', status,
         'estimated_profit', trim_scale(stake * payout_rate)::text, 'settle_price', trim_scale(settle_price)::text,
         'outcome', outcome, 'profit', trim_scale(profit)::text, 'settled_at', settled_ms) order by id) as contracts
     from settled group by user_id`,
    [...priceParams, Number(picked.last_second), Number(picked.last_id), now, house, SECONDS_CURRENCY, SECONDS_ACCOUNT],
  );
  lap('settle');
  let count = 0;
  for (const owner of owners) count += owner.contracts.length;
  return { count, owners };
}

/** After the commit: each owner's settled contracts and balance on the private channel (only users with a socket cost anything). */
function publish(feed: UserFeed, owners: SettledOwner[]): void {
  for (const { user_id, contracts } of owners) {
    const userId = Number(user_id);
    if (feed.message) for (const contract of contracts) feed.message(userId, { channel: 'user', kind: 'seconds', contract });
    feed.balancesChanged(userId, [{ currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT }]);
  }
}

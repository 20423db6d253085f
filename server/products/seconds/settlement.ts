import { SECONDS_ACCOUNT, SECONDS_CURRENCY, type SecondsContract } from '../../../domain/seconds.js';
import { performance } from 'node:perf_hooks';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { systemAccountId } from '../../kernel/platform/ledger/systemAccounts.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { IndexPair, SecondsIndex } from './indexPrice.js';
import { SECONDS_HOUSE } from './ledger.js';

/**
 * Seconds (pair, expiry second) settled per transaction: a busy second in one, and after an outage
 * the backlog in transactions of bounded size (each second holds every contract that expires in it).
 */
export const SETTLE_BATCH_SECONDS = 300;

/**
 * The advisory lock every settlement transaction takes first: settlements are serialised across
 * servers sharing the database (a second server waits, then finds nothing due). Exactly-once does
 * not rest on it alone: a second is marked settled by an update guarded by `settled_ms is null`.
 */
export const SETTLE_LOCK_KEY = 0x5ec0_5e77;

/** The per-owner sums of a 100k batch stay in memory (the default 4 MB spills them to disk). */
const SETTLE_WORK_MEM = '64MB';

/** One owner's settled contracts of a batch, as the push query answers them (built by SQL). */
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

/** Where a settlement's time goes, for the bench: the prices, the statements, the commits and the pushes. */
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

/** Due seconds with their expiry price and band: parallel arrays, handed to SQL as one `unnest`. */
interface Prices {
  left: string[];
  right: string[];
  second: number[];
  price: string[];
  band: string[];
}

/**
 * Settles every second (pair, expiry second) that has begun and still has open contracts, in
 * batches of SETTLE_BATCH_SECONDS, each one transaction. Every contract of a second settles at the
 * recorded index of that second — never the price of the moment this runs:
 *
 * - draw: the settle price is within the draw band of the buy price (the wider of the buy
 *   second's band, on the contract, and the expiry second's): the stake is released;
 * - win: beyond it the right way: the stake is released and stake × rate paid from the house;
 * - loss: beyond it the wrong way: the stake leaves the frozen balance for the house.
 *
 * The contracts are not written: settling a second writes its price on its `seconds_second` row,
 * and each contract's outcome follows from it (`seconds_contract_view`). The ledger gets one
 * `seconds_settle` entry per owner per batch (the sum of the owner's outcomes) and one
 * `seconds_house` entry, both referring to the batch's `seconds_settlement` row. So 100,000
 * contracts of one second cost a few hundred rows written (issue 14: under a second). After each
 * commit the owners hear of their contracts on the private channel.
 */
export async function settleDue(deps: SettleDeps, batchSeconds = SETTLE_BATCH_SECONDS): Promise<SettleResult> {
  const house = await systemAccountId(deps.db, SECONDS_HOUSE);
  const nowSecond = Math.floor(deps.clock() / 1000);
  const due = await deps.db.query<{ left_symbol: string; right_symbol: string; second: string | number }>(
    `select left_symbol, right_symbol, second from seconds_second where settled_ms is null and second <= $1 order by second`,
    [nowSecond],
  );
  const result: SettleResult = { settled: 0, unpriced: 0 };
  if (due.length === 0) return result;
  const pricing = performance.now();
  const priced: Prices = { left: [], right: [], second: [], price: [], band: [] };
  const unpriced: Array<{ left_symbol: string; right_symbol: string; second: number }> = [];
  for (const key of due) {
    const pair = deps.pairs().get(`${key.left_symbol}_${key.right_symbol}`);
    const second = Number(key.second);
    const point = pair && (await deps.index.pointAt(pair, second));
    if (!point) {
      unpriced.push({ ...key, second });
      continue;
    }
    priced.left.push(key.left_symbol);
    priced.right.push(key.right_symbol);
    priced.second.push(second);
    priced.price.push(point.price);
    priced.band.push(point.band);
  }
  deps.measure?.('prices', performance.now() - pricing);
  if (unpriced.length > 0) result.unpriced = await countContracts(deps.db, unpriced);
  for (let from = 0; from < priced.second.length; from += batchSeconds) {
    const to = from + batchSeconds;
    const slice = <T>(values: T[]) => values.slice(from, to);
    const batch: Prices = { left: slice(priced.left), right: slice(priced.right), second: slice(priced.second), price: slice(priced.price), band: slice(priced.band) };
    let committing = 0;
    const settled = await deps.db.transaction(async (tx) => {
      const done = await settleBatch(tx, house, batch, deps.clock(), deps.measure);
      committing = performance.now();
      return done;
    });
    deps.measure?.('commit', performance.now() - committing);
    if (!settled) continue;
    result.settled += settled.count;
    const pushing = performance.now();
    await publish(deps, settled.id, settled.owners);
    deps.measure?.('pushes', performance.now() - pushing);
  }
  return result;
}

/** The batch's seconds, prices and bands, as rows (l, r, s, price, band). */
const BATCH_SECONDS = `unnest($1::text[], $2::text[], $3::bigint[], $4::numeric[], $5::numeric[]) as p(l, r, s, price, band)`;

/** The batch's contracts still open: those of its seconds not settled before migration 018. */
const BATCH_CONTRACTS = `seconds_second s join seconds_contract c
  on c.left_symbol = s.left_symbol and c.right_symbol = s.right_symbol and c.expiry_second = s.second
  where s.settlement_id = $1 and c.settled_ms is null`;

/** Open contracts of the given seconds (those with no price yet), for the run's report. */
async function countContracts(db: Queryable, seconds: Array<{ left_symbol: string; right_symbol: string; second: number }>): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from unnest($1::text[], $2::text[], $3::bigint[]) as p(l, r, s) join seconds_contract c
       on c.left_symbol = p.l and c.right_symbol = p.r and c.expiry_second = p.s where c.settled_ms is null`,
    [seconds.map((k) => k.left_symbol), seconds.map((k) => k.right_symbol), seconds.map((k) => k.second)],
  );
  return Number(row?.n ?? 0);
}

/**
 * One batch, in one transaction, in four statements:
 *
 * 1. the settlement lock (`SETTLE_LOCK_KEY`) and the batch's id;
 * 2. the batch's seconds get their price and the batch's id, by an update guarded by
 *    `settled_ms is null` (a second settles exactly once). It waits for purchases still holding
 *    one of those seconds (they lock it before their balance), so the statements after it, each
 *    with a new snapshot, see every contract of them;
 * 3. the owners' balances and the house's are locked in one canonical order (user id), as
 *    `lockBalances` does, so concurrent purchases cannot deadlock with it;
 * 4. one statement with data-modifying common table expressions, whose snapshot sees every locked
 *    balance as it is: the per-owner sums of the outcomes, one ledger entry per owner and the
 *    house's net entry (each with its balance after), every balance updated once, and the batch's
 *    `seconds_settlement` row with its count. The balance table's `check (available >= 0)` refuses
 *    a house that could not pay: the batch then rolls back whole.
 *
 * Undefined if another server settled these seconds first.
 */
async function settleBatch(
  tx: Queryable,
  house: number,
  batch: Prices,
  now: number,
  measure: Measure,
): Promise<{ id: number; count: number; owners: number[] } | undefined> {
  let mark = performance.now();
  const lap = (stage: SettleStage) => {
    const at = performance.now();
    measure?.(stage, at - mark);
    mark = at;
  };
  const [{ id }] = (await tx.query<{ id: string }>(
    `select pg_advisory_xact_lock($1), set_config('work_mem', $2, true), nextval('seconds_settlement_id_seq') as id`,
    [SETTLE_LOCK_KEY, SETTLE_WORK_MEM],
  )) as [{ id: string }];
  const settlement = Number(id);
  const marked = await tx.query(
    `update seconds_second s set settle_price = p.price, settle_band = p.band, settled_ms = $6, settlement_id = $7
     from ${BATCH_SECONDS}
     where s.left_symbol = p.l and s.right_symbol = p.r and s.second = p.s and s.settled_ms is null
     returning s.second`,
    [batch.left, batch.right, batch.second, batch.price, batch.band, now, settlement],
  );
  if (marked.length === 0) return undefined;
  // The house's row exists from its capital (ensureHouse); made here too, so its entry can never be skipped.
  await tx.query(`insert into balance (user_id, currency, account) values ($1, $2, $3) on conflict do nothing`, [house, SECONDS_CURRENCY, SECONDS_ACCOUNT]);
  await tx.query(
    `select b.user_id from balance b
     where b.currency = $3 and b.account = $4 and (b.user_id = $2 or b.user_id in (select c.user_id from ${BATCH_CONTRACTS}))
     order by b.user_id for update`,
    [settlement, house, SECONDS_CURRENCY, SECONDS_ACCOUNT],
  );
  lap('locks');
  const [row] = await tx.query<{ contracts: number; owners: Array<string | number> }>(
    `with outcomes as (
       select c.user_id, c.stake,
         case when abs(s.settle_price - c.buy_price) <= greatest(c.draw_band, s.settle_band) then 0
           when (s.settle_price > c.buy_price) = (c.direction = 'up') then 1 else -1 end as result,
         c.stake * c.payout_rate as win
       from ${BATCH_CONTRACTS}),
     owners as (
       select user_id, count(*)::int as n,
         sum(case result when 1 then stake + win when 0 then stake else 0 end) as available_change, -sum(stake) as frozen_change,
         sum(case result when 1 then -win when -1 then stake else 0 end) as house_change
       from outcomes group by user_id),
     changes as (
       select user_id, 'seconds_settle' as kind, available_change, frozen_change from owners
       union all
       select $2::bigint, 'seconds_house', sum(house_change), 0 from owners having sum(house_change) <> 0),
     written as (
       insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
       select t.user_id, $3, $4, t.kind, t.available_change, t.frozen_change, b.available + t.available_change, b.frozen + t.frozen_change,
         'seconds_settlement', $1
       from changes t join balance b on b.user_id = t.user_id and b.currency = $3 and b.account = $4
       order by t.user_id),
     balances as (
       update balance b set available = b.available + t.available_change, frozen = b.frozen + t.frozen_change
       from changes t where b.user_id = t.user_id and b.currency = $3 and b.account = $4),
     recorded as (
       insert into seconds_settlement (id, settled_ms, contracts) select $1, $5, coalesce(sum(n), 0) from owners returning contracts)
     select contracts, (select coalesce(array_agg(user_id), '{}') from owners) as owners from recorded`,
    [settlement, house, SECONDS_CURRENCY, SECONDS_ACCOUNT, now],
  );
  lap('settle');
  return { id: settlement, count: Number(row?.contracts ?? 0), owners: (row?.owners ?? []).map(Number) };
}

/**
 * After the commit: each owner's settled contracts (one row per owner, the contracts as JSON built
 * by SQL) and balance on the private channel — read only for the owners listening now, since the
 * others read their contracts when they next open a page.
 */
async function publish(deps: SettleDeps, settlement: number, owners: number[]): Promise<void> {
  const listening = deps.feed.listening ? owners.filter((id) => deps.feed.listening!(id)) : owners;
  if (listening.length === 0) return;
  const rows = await deps.db.query<SettledOwner>(
    `select user_id, json_agg(json_build_object(
         'id', id, 'symbol', left_symbol || '_' || right_symbol, 'direction', direction, 'period', period_s,
         'payout_rate', trim_scale(payout_rate)::text, 'quantity', trim_scale(stake)::text, 'buy_price', trim_scale(buy_price)::text,
         'accepted_at', accepted_ms, 'expiry_second', expiry_second, 'expires_at', expiry_second * 1000, 'status', status,
         'draw_band', trim_scale(draw_band)::text,
         'estimated_profit', trim_scale(stake * payout_rate)::text, 'settle_price', trim_scale(settle_price)::text,
         'outcome', outcome, 'profit', trim_scale(profit)::text, 'settled_at', settled_ms) order by id) as contracts
     from seconds_contract_view where settlement_id = $1 and user_id = any($2::bigint[]) group by user_id`,
    [settlement, listening],
  );
  pushTo(deps.feed, rows);
}

function pushTo(feed: UserFeed, owners: SettledOwner[]): void {
  for (const { user_id, contracts } of owners) {
    const userId = Number(user_id);
    if (feed.message) for (const contract of contracts) feed.message(userId, { channel: 'user', kind: 'seconds', contract });
    feed.balancesChanged(userId, [{ currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT }]);
  }
}

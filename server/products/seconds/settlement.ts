import { mulDecimal } from '../../../src/domain/decimal.js';
import { outcomeOf, SECONDS_ACCOUNT, SECONDS_CURRENCY, type SecondsContract, type SecondsDirection, type SecondsOutcome } from '../../../src/domain/seconds.js';
import type { Database } from '../../kernel/db/database.js';
import type { BalanceChange } from '../../kernel/ledger/ledger.js';
import { applyBalanceChanges, fromAtto, lockBalances, toAtto } from '../../kernel/ledger/ledgerBatch.js';
import { systemAccountId } from '../../kernel/ledger/systemAccounts.js';
import type { UserFeed } from '../../kernel/realtime/userFeed.js';
import type { IndexPair, SecondsIndex } from './indexPrice.js';

/** Contracts settled per transaction. */
export const SETTLE_BATCH = 20_000;

interface Settled {
  userId: number;
  contract: SecondsContract;
}

interface Due {
  id: number;
  user_id: number;
  left_symbol: string;
  right_symbol: string;
  direction: SecondsDirection;
  period: number;
  stake: string;
  rate: string;
  buy_price: string;
  accepted_ms: number;
  expiry_second: number;
}

export interface SettleResult {
  /** Contracts settled by this call (all batches). */
  settled: number;
  /** Open contracts due whose expiry price is not known (no price at all for the pair). */
  unpriced: number;
}

/**
 * Settles every open contract whose expiry second has begun, in batches of SETTLE_BATCH, each one
 * transaction: the due rows are locked (`for update skip locked`, so a second server sharing the
 * database takes other rows), each is priced with the recorded index of its own expiry second —
 * never the price of the moment this runs — and its outcome applied through the ledger in one batch:
 *
 * - win: the stake is released and stake × rate paid from the house (`seconds_win` / house `seconds_house`);
 * - loss: the stake leaves the frozen balance for the house (`seconds_loss`);
 * - draw: the stake is released (`seconds_draw`).
 *
 * The house's net change for the batch is one ledger entry. The update of the contracts is guarded
 * by `status = 1`, so a contract settles exactly once; if any row had changed, the batch rolls back.
 * After the commit the owners hear of it on the private channel.
 */
export async function settleDue(
  deps: { db: Database; index: SecondsIndex; pairs: () => Map<string, IndexPair>; feed: UserFeed; clock: () => number; log?: (message: string, error?: unknown) => void },
  batch = SETTLE_BATCH,
): Promise<SettleResult> {
  const result: SettleResult = { settled: 0, unpriced: 0 };
  const house = await systemAccountId(deps.db, 'secondsHouse');
  for (;;) {
    const nowSecond = Math.floor(deps.clock() / 1000);
    const done = await settleBatch(deps, house, nowSecond, batch);
    result.settled += done.contracts.length;
    result.unpriced = done.unpriced;
    publish(deps.feed, done.contracts);
    if (done.contracts.length + done.unpriced < batch || done.contracts.length === 0) return result;
  }
}

async function settleBatch(
  deps: { db: Database; index: SecondsIndex; pairs: () => Map<string, IndexPair>; clock: () => number; log?: (message: string, error?: unknown) => void },
  house: number,
  nowSecond: number,
  batch: number,
): Promise<{ contracts: Settled[]; unpriced: number }> {
  return deps.db.transaction(async (tx) => {
    const due = await tx.query<Due>(
      `select id, user_id, left_symbol, right_symbol, direction, period_s as period, trim_scale(stake)::text as stake,
         trim_scale(payout_rate)::text as rate, trim_scale(buy_price)::text as buy_price, accepted_ms, expiry_second
       from seconds_contract where status = 1 and expiry_second <= $1
       order by expiry_second, id limit $2 for update skip locked`,
      [nowSecond, batch],
    );
    if (due.length === 0) return { contracts: [], unpriced: 0 };
    // One price per pair and expiry second, from the recorded index.
    const prices = new Map<string, string | undefined>();
    for (const c of due) {
      const key = `${c.left_symbol}_${c.right_symbol}:${c.expiry_second}`;
      if (prices.has(key)) continue;
      const pair = deps.pairs().get(`${c.left_symbol}_${c.right_symbol}`);
      prices.set(key, pair && (await deps.index.priceAt(pair, Number(c.expiry_second), tx)));
    }
    const now = deps.clock();
    const changes: BalanceChange[] = [];
    const settled: Settled[] = [];
    const ids: number[] = [];
    const settlePrices: string[] = [];
    const outcomes: SecondsOutcome[] = [];
    const profits: string[] = [];
    let houseChange = 0n;
    let unpriced = 0;
    for (const c of due) {
      const settlePrice = prices.get(`${c.left_symbol}_${c.right_symbol}:${c.expiry_second}`);
      if (settlePrice === undefined) {
        unpriced += 1;
        continue;
      }
      const outcome = outcomeOf(c.direction, c.buy_price, settlePrice);
      const stake = c.stake;
      const userId = Number(c.user_id);
      const id = Number(c.id);
      let profit: string;
      if (outcome === 'win') {
        profit = mulDecimal(stake, c.rate);
        const payout = fromAtto(toAtto(stake) + toAtto(profit));
        changes.push({ userId, currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT, available: payout, frozen: `-${stake}`, kind: 'seconds_win', refType: 'seconds_contract', refId: id });
        houseChange -= toAtto(profit);
      } else if (outcome === 'loss') {
        profit = `-${stake}`;
        changes.push({ userId, currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT, available: '0', frozen: `-${stake}`, kind: 'seconds_loss', refType: 'seconds_contract', refId: id });
        houseChange += toAtto(stake);
      } else {
        profit = '0';
        changes.push({ userId, currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT, available: stake, frozen: `-${stake}`, kind: 'seconds_draw', refType: 'seconds_contract', refId: id });
      }
      ids.push(id);
      settlePrices.push(settlePrice);
      outcomes.push(outcome);
      profits.push(profit);
      settled.push({ userId, contract: {
        id,
        symbol: `${c.left_symbol}_${c.right_symbol}`,
        direction: c.direction,
        period: Number(c.period),
        payout_rate: c.rate,
        quantity: stake,
        buy_price: c.buy_price,
        accepted_at: Number(c.accepted_ms),
        expiry_second: Number(c.expiry_second),
        expires_at: Number(c.expiry_second) * 1000,
        status: 2,
        estimated_profit: mulDecimal(stake, c.rate),
        settle_price: settlePrice,
        outcome,
        profit,
        settled_at: now,
      } });
    }
    if (ids.length === 0) return { contracts: [], unpriced };
    if (houseChange !== 0n) {
      changes.push({
        userId: house,
        currency: SECONDS_CURRENCY,
        account: SECONDS_ACCOUNT,
        available: fromAtto(houseChange),
        frozen: '0',
        kind: 'seconds_house',
        refType: 'seconds_settlement',
        refId: ids[0]!,
      });
    }
    const states = await lockBalances(
      tx,
      changes.map((c) => ({ userId: c.userId, currency: c.currency, account: c.account })),
    );
    await applyBalanceChanges(tx, states, changes);
    const [updated] = await tx.query<{ n: number }>(
      `with done as (
         update seconds_contract c set status = 2, settle_price = t.price, outcome = t.outcome, profit = t.profit, settled_ms = $5
         from unnest($1::bigint[], $2::numeric[], $3::text[], $4::numeric[]) as t(id, price, outcome, profit)
         where c.id = t.id and c.status = 1
         returning 1)
       select count(*)::int as n from done`,
      [ids, settlePrices, outcomes, profits, now],
    );
    if (Number(updated!.n) !== ids.length) throw new Error(`seconds settlement: ${ids.length - Number(updated!.n)} contracts were no longer open; batch rolled back`);
    return { contracts: settled, unpriced };
  });
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

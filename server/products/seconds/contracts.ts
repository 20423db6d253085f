import {
  estimatedProfit,
  SECONDS_ACCOUNT,
  SECONDS_CURRENCY,
  SECONDS_RISK_VERSION,
  SECONDS_STAKE_PLACES,
  type SecondsAccount,
  type SecondsBuyRequest,
  type SecondsConfig,
  type SecondsContract,
  type SecondsHistoryQuery,
  type SecondsPeriod,
  type SecondsPeriodUpdate,
} from '../../../domain/seconds.js';
import { addDecimal, compareDecimal, mulDecimal } from '../../../domain/decimal.js';
import { isPositiveDecimalInput, isShareInput } from '../../../domain/decimalRule.js';
import type { Page } from '../../../domain/wallet.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import { once, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import { readBalance } from '../../kernel/platform/ledger/ledger.js';
import { applyBalanceChanges, canSpend, lockBalances } from '../../kernel/platform/ledger/ledgerBatch.js';
import { type Outcome, outcomeOf, Refusal as KernelRefusal } from '../../kernel/platform/outcome.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { changedFields, writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../kernel/platform/auth/operators/operatorAction.js';
import { lockUser } from '../../kernel/platform/userLock.js';
import type { IndexPair, SecondsIndex } from './indexPrice.js';
import type { SecondsMessageKey } from './messages.js';
import { listPeriods, lockPeriod, updatePeriod } from './periods.js';

export const BUY_SCOPE = 'seconds.buy';
const DAY_MS = 86_400_000;
export const MAX_PAGE_SIZE = 50;

/** A refusal of this product: thrown inside a transaction, it rolls everything back (the idempotency claim too). */
export class Refusal extends KernelRefusal<SecondsMessageKey> {}

const outcome = outcomeOf;

export const CONTRACT_COLUMNS = `id, left_symbol || '_' || right_symbol as symbol, direction, period_s as period,
  trim_scale(payout_rate)::text as payout_rate, trim_scale(stake)::text as quantity, trim_scale(buy_price)::text as buy_price,
  accepted_ms as accepted_at, expiry_second, status, trim_scale(settle_price)::text as settle_price, outcome,
  trim_scale(profit)::text as profit, settled_ms as settled_at, trim_scale(draw_band)::text as draw_band`;

type ContractRow = Omit<SecondsContract, 'expires_at' | 'estimated_profit'>;

export function toContract(row: ContractRow): SecondsContract {
  const expiry = Number(row.expiry_second);
  return {
    ...row,
    id: Number(row.id),
    period: Number(row.period),
    accepted_at: Number(row.accepted_at),
    expiry_second: expiry,
    expires_at: expiry * 1000,
    status: Number(row.status) as SecondsContract['status'],
    estimated_profit: estimatedProfit(row.quantity, row.payout_rate),
    settled_at: row.settled_at === null ? null : Number(row.settled_at),
  };
}

/** A plain positive decimal with at most 2 places and 12 integer digits (nothing NUMERIC could overflow on). */
export function isStake(value: string): boolean {
  // The one decimal rule (decimalRule.ts), as every other amount: "5.000" is a stake of 5.
  return isPositiveDecimalInput(value, { places: SECONDS_STAKE_PLACES, integerDigits: 12 });
}

/**
 * The net stake one expiry second may carry in one direction, as a share of the quote resting
 * within DEPTH_BAND of the price on the book's thinner side: the more a second could pay, the
 * more of the book an attacker would have to hold away from its price for half the window.
 */
export const DEPTH_EXPOSURE_SHARE = '0.5';

/** The book's depth near the price now (`IndexSampler`); undefined when the book is not sampled here. */
export interface DepthNear {
  depthNear(pair: IndexPair): string | undefined;
}

export interface SecondsDeps {
  db: Database;
  index: SecondsIndex;
  depth?: DepthNear;
  /** The pairs with periods, by upper-case symbol ("BTC_USDT"). */
  pairs: () => Map<string, IndexPair>;
  feed: UserFeed;
  clock: () => number;
}

/** The calls behind /api/seconds/* and the operator's periods (docs/API.md "Seconds contracts"). */
export function secondsContracts({ db, index, depth, pairs, feed, clock }: SecondsDeps) {
  const pairOf = (symbol: string) => pairs().get(symbol.toUpperCase());

  async function acknowledged(q: Queryable, userId: number): Promise<boolean> {
    const rows = await q.query(`select 1 from seconds_acknowledgement where user_id = $1 and version = $2`, [userId, SECONDS_RISK_VERSION]);
    return rows.length > 0;
  }

  async function contractById(q: Queryable, id: number): Promise<SecondsContract> {
    const [row] = await q.query<ContractRow>(`select ${CONTRACT_COLUMNS} from seconds_contract_view where id = $1`, [id]);
    return toContract(row!);
  }

  return {
    async config(symbol: string): Promise<Outcome<SecondsConfig>> {
      const pair = pairOf(symbol);
      if (!pair) return { ok: false, key: 'secondsPairUnknown' };
      const latest = await index.latest(pair);
      return {
        ok: true,
        data: {
          symbol: pair.symbol,
          periods: await listPeriods(db, pair.symbol, true),
          index_price: latest?.price ?? null,
          index_second: latest?.second ?? null,
          server_time: clock(),
        },
      };
    },

    async account(userId: number): Promise<SecondsAccount> {
      const balance = await readBalance(db, userId, SECONDS_CURRENCY, SECONDS_ACCOUNT);
      const dayStart = Math.floor(clock() / DAY_MS) * DAY_MS;
      const [figures] = await db.query<{ today: string; open: number }>(
        `select trim_scale(coalesce(sum(profit) filter (where status = 2 and settled_ms >= $2), 0))::text as today,
           count(*) filter (where status = 1)::int as open
         from seconds_contract_view where user_id = $1 and (status = 1 or settled_ms >= $2)`,
        [userId, dayStart],
      );
      return {
        acknowledged: await acknowledged(db, userId),
        risk_version: SECONDS_RISK_VERSION,
        available: balance.available,
        frozen: balance.frozen,
        today_profit: figures?.today ?? '0',
        open_count: Number(figures?.open ?? 0),
      };
    },

    async acknowledge(userId: number): Promise<{ acknowledged: true }> {
      await db.query(`insert into seconds_acknowledgement (user_id, version, acknowledged_ms) values ($1, $2, $3) on conflict do nothing`, [
        userId,
        SECONDS_RISK_VERSION,
        clock(),
      ]);
      return { acknowledged: true };
    },

    /**
     * Buys a contract: the stake is frozen from the user's sec_contract USDT, the buy price and the
     * draw band are the recorded index of the acceptance second, the expiry is acceptance second +
     * period. Refused
     * (changing nothing) on a disabled period, a stake outside its bounds, too little balance, a
     * missing acknowledgement, no price, or one of the exposure bounds (docs/API.md "Limits"):
     *
     * - the book's: what the house could lose on the period's open contracts of the pair ≤ its
     *   max_exposure — stakes the other way net out within an expiry second (one settle price),
     *   never across seconds (houseExposure; serialised by the period's row);
     * - the user's: their stake in one expiry second ≤ the period's max_stake, and their open
     *   stake on the pair ≤ its max_exposure (serialised by the kernel's per-user lock, so
     *   concurrent purchases of one user, whatever their periods, are checked one after another);
     * - the expiry second's: its net stake per direction ≤ DEPTH_EXPOSURE_SHARE of the depth near
     *   the price (serialised by the second's row).
     *
     * Locks are taken user → period → second → balance; a settlement takes second → balance.
     */
    async buy(userId: number, body: SecondsBuyRequest, key: SubmissionKey): Promise<Outcome<SecondsContract>> {
      const result = await outcome(async () => {
        const pair = pairOf(body.symbol);
        if (!pair) throw new Refusal('secondsPairUnknown');
        if (!isStake(body.quantity)) throw new Refusal('secondsQuantityInvalid', { places: String(SECONDS_STAKE_PLACES) });
        const stake = body.quantity;
        return once(
          db,
          userId,
          BUY_SCOPE,
          key,
          async (tx) => {
            // The user first: their limits below count every purchase of theirs committed before this one.
            await lockUser(tx, userId);
            if (!(await acknowledged(tx, userId))) throw new Refusal('secondsRiskNotAcknowledged');
            const period = await lockPeriod(tx, pair, body.period);
            if (!period || !period.enabled) throw new Refusal('secondsPeriodUnavailable');
            // A spot market an operator halted sells no seconds contracts on its pair (issue 52 §1); those sold settle as usual.
            const [halt] = await tx.query<{ reason: string | null }>('select halted_reason as reason from pair where left_symbol = $1 and right_symbol = $2', [pair.left, pair.right]);
            if (halt?.reason) throw new Refusal('secondsPairHalted', { symbol: `${pair.left}_${pair.right}`, reason: halt.reason });
            if (compareDecimal(stake, period.min_stake) < 0) throw new Refusal('secondsStakeTooSmall', { min: numberVar(period.min_stake) });
            if (compareDecimal(stake, period.max_stake) > 0) throw new Refusal('secondsStakeTooLarge', { max: numberVar(period.max_stake) });
            const now = clock();
            const second = Math.floor(now / 1000);
            const expiry = second + body.period;
            if (compareDecimal(houseExposure(await openNets(tx, pair, body.period, body.direction), expiry, stake), period.max_exposure) > 0) throw new Refusal('secondsExposureLimit');
            const mine = await userStakes(tx, userId, pair, expiry);
            if (compareDecimal(addDecimal(mine.inSecond, stake), period.max_stake) > 0) throw new Refusal('secondsUserSecondLimit', { max: numberVar(period.max_stake) });
            if (compareDecimal(addDecimal(mine.open, stake), period.max_exposure) > 0) throw new Refusal('secondsUserOpenLimit', { max: numberVar(period.max_exposure) });
            // The expiry second before the balance: a settlement locks seconds, then balances, in that order too.
            if (!(await holdSecond(tx, pair, expiry))) throw new Refusal('secondsNoPrice');
            const near = depth?.depthNear(pair);
            if (near !== undefined) {
              const cap = mulDecimal(near, DEPTH_EXPOSURE_SHARE);
              if (compareDecimal(addDecimal(await secondNet(tx, pair, expiry, body.direction), stake), cap) > 0) throw new Refusal('secondsDepthLimit');
            }
            const balanceKey = { userId, currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT } as const;
            const states = await lockBalances(tx, [balanceKey]);
            if (!canSpend(states.values().next().value, stake)) throw new Refusal('secondsInsufficientBalance');
            // The buy second's price and draw band, both fixed now (the band may only widen at expiry).
            const buyAt = await index.pointAt(pair, second, tx);
            if (buyAt === undefined) throw new Refusal('secondsNoPrice');
            const [row] = await tx.query<{ id: number }>(
              `insert into seconds_contract (user_id, left_symbol, right_symbol, direction, period_s, payout_rate, stake, buy_price, accepted_ms, expiry_second, draw_band)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
              [userId, pair.left, pair.right, body.direction, body.period, period.payout_rate, stake, buyAt.price, now, expiry, buyAt.band],
            );
            const id = Number(row!.id);
            await applyBalanceChanges(tx, states, [
              { ...balanceKey, available: `-${stake}`, frozen: stake, kind: 'seconds_freeze', refType: 'seconds_contract', refId: id },
            ]);
            return contractById(tx, id);
          },
          clock(),
        );
      });
      if (result.ok) {
        feed.balancesChanged(userId, [{ currency: SECONDS_CURRENCY, account: SECONDS_ACCOUNT }]);
        feed.message?.(userId, { channel: 'user', kind: 'seconds', contract: result.data });
      }
      return result;
    },

    async current(userId: number, query: { page: number; size?: number; symbol?: string }): Promise<Page<SecondsContract>> {
      return page(db, userId, 'status = 1', query, []);
    },

    async history(userId: number, query: SecondsHistoryQuery): Promise<Page<SecondsContract>> {
      return page(db, userId, 'status = 2 and accepted_ms >= $5', query, [clock() - query.days * DAY_MS]);
    },

    periods: () => listPeriods(db),

    /**
     * An operator's change of one period, with its audit row (fields changed, before and after) in
     * one transaction; a refusal is audited as refused. A payout rate is what the house pays every
     * winning contract, so a change naming one asks the operator's own 2FA code first (the house
     * rule, docs/OPERATOR.md), checked before the transaction; stakes, exposure and `enabled` alone
     * do not.
     */
    async updatePeriod(operator: OperatorActor, change: SecondsPeriodUpdate, code?: string, lang?: string): Promise<Outcome<SecondsPeriod>> {
      const action = { operator, kind: 'seconds.period_update' as const, object: { type: 'seconds_period', id: `${change.symbol.toUpperCase()}:${change.period}` } };
      if (change.payout_rate !== undefined) {
        const proven = await askOperatorCode(db, { ...action, code, now: clock(), lang, notEnabled: 'secondsTwoFactorRequired' });
        if (!proven.ok) return proven;
      }
      return auditRefusal(db, action, await changePeriod(change, operator));
    },
  };

  async function changePeriod(change: SecondsPeriodUpdate, operator: OperatorActor): Promise<Outcome<SecondsPeriod>> {
    for (const field of ['payout_rate', 'min_stake', 'max_stake', 'max_exposure'] as const) {
      const value = change[field];
      if (value === undefined) continue;
      const valid = field === 'payout_rate' ? isShareInput(value, 4) : isStake(value);
      if (!valid) return { ok: false, key: 'secondsPeriodInvalid', vars: { field } };
    }
    const pair = pairOf(change.symbol);
    if (!pair) return { ok: false, key: 'secondsPairUnknown' };
    try {
      return await db.transaction(async (tx): Promise<Outcome<SecondsPeriod>> => {
        const before = await lockPeriod(tx, pair, change.period);
        const row = before && (await updatePeriod(tx, change));
        if (!before || !row) return { ok: false, key: 'secondsPeriodUnavailable' };
        await writeOperatorAudit(tx, { operator, kind: 'seconds.period_update', object: { type: 'seconds_period', id: `${change.symbol.toUpperCase()}:${change.period}` }, ...changedFields(before, row) });
        return { ok: true, data: row };
      });
    } catch (error) {
      // The table's checks (min ≤ max stake): a refusal, never a 500.
      if ((error as { code?: string }).code === '23514') return { ok: false, key: 'secondsPeriodInvalid', vars: { field: 'max_stake' } };
      throw error;
    }
  }
}

export type SecondsContracts = ReturnType<typeof secondsContracts>;

/** The user's stake on the pair's seconds not settled yet: all of it, and that of one expiry second. */
async function userStakes(tx: Queryable, userId: number, pair: IndexPair, expiry: number): Promise<{ open: string; inSecond: string }> {
  const [row] = await tx.query<{ open: string; in_second: string }>(
    `select trim_scale(coalesce(sum(c.stake), 0))::text as open,
       trim_scale(coalesce(sum(c.stake) filter (where c.expiry_second = $4), 0))::text as in_second
     from seconds_second s join seconds_contract c
       on c.left_symbol = s.left_symbol and c.right_symbol = s.right_symbol and c.expiry_second = s.second
     where s.left_symbol = $2 and s.right_symbol = $3 and s.settled_ms is null and c.settled_ms is null and c.user_id = $1`,
    [userId, pair.left, pair.right, expiry],
  );
  return { open: row!.open, inSecond: row!.in_second };
}

/** The period's open contracts on the pair, netted per expiry second: stake in `direction` minus the other way. */
async function openNets(tx: Queryable, pair: IndexPair, period: number, direction: string): Promise<Array<{ second: number; net: string }>> {
  const rows = await tx.query<{ second: string; net: string }>(
    `select c.expiry_second::text as second, trim_scale(sum(case when c.direction = $4 then c.stake else -c.stake end))::text as net
     from seconds_second s join seconds_contract c
       on c.left_symbol = s.left_symbol and c.right_symbol = s.right_symbol and c.expiry_second = s.second
     where s.left_symbol = $1 and s.right_symbol = $2 and s.settled_ms is null and c.period_s = $3 and c.settled_ms is null
     group by c.expiry_second`,
    [pair.left, pair.right, period, direction],
  );
  return rows.map((r) => ({ second: Number(r.second), net: r.net }));
}

/**
 * What the house stands to lose on a book once `stake` is added in the nets' direction at `expiry`:
 * each expiry second settles at its own price, so up and down net out within a second, and the
 * seconds add up whichever way each goes. Netted across seconds instead (as before), an up of
 * 100,000 expiring at one second and a down of 100,000 at the next left room for as much again,
 * though both can win.
 */
export function houseExposure(nets: ReadonlyArray<{ second: number; net: string }>, expiry: number, stake: string): string {
  let total = '0';
  let added = false;
  for (const { second, net } of nets) {
    const n = second === expiry ? addDecimal(net, stake) : net;
    added ||= second === expiry;
    total = addDecimal(total, n.startsWith('-') ? n.slice(1) : n);
  }
  return added ? total : addDecimal(total, stake);
}

/** The net stake of one expiry second in a direction (every period's contracts in it). */
async function secondNet(tx: Queryable, pair: IndexPair, expiry: number, direction: string): Promise<string> {
  const [row] = await tx.query<{ net: string }>(
    `select trim_scale(coalesce(sum(case when direction = $4 then stake else -stake end), 0))::text as net
     from seconds_contract where left_symbol = $1 and right_symbol = $2 and expiry_second = $3 and settled_ms is null`,
    [pair.left, pair.right, expiry, direction],
  );
  return row!.net;
}

/**
 * Makes sure the contract's expiry second has its row (settlement settles by second) and locks it
 * until the purchase commits: a settlement of that second waits for this purchase and then sees
 * its contract, and purchases into the same second (of any period) check its depth bound one
 * after another. False if the second is already settled: only a purchase held up longer than its
 * period could find that, and it must not add a contract nobody settles.
 */
async function holdSecond(tx: Queryable, pair: IndexPair, second: number): Promise<boolean> {
  await tx.query(`insert into seconds_second (left_symbol, right_symbol, second) values ($1, $2, $3) on conflict do nothing`, [
    pair.left,
    pair.right,
    second,
  ]);
  const [row] = await tx.query<{ settled_ms: string | null }>(
    `select settled_ms from seconds_second where left_symbol = $1 and right_symbol = $2 and second = $3 for no key update`,
    [pair.left, pair.right, second],
  );
  return row?.settled_ms === null;
}

async function page(
  db: Queryable,
  userId: number,
  where: string,
  query: { page: number; size?: number; symbol?: string },
  extra: unknown[],
): Promise<Page<SecondsContract>> {
  const size = query.size ?? 10;
  const [left, right] = query.symbol ? query.symbol.toUpperCase().split('_') : [];
  const params = [userId, left ?? null, right ?? null, size, ...extra];
  const filter = `user_id = $1 and ($2::text is null or (left_symbol = $2 and right_symbol = $3)) and ${where}`;
  const rows = await db.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} from seconds_contract_view where ${filter} order by id desc limit $4 offset ${(query.page - 1) * size}`,
    params,
  );
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from seconds_contract_view where ${filter} and $4::int > 0`, params);
  return { list: rows.map(toContract), total: Number(count?.n ?? 0), page: query.page, size };
}

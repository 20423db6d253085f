import type { OperatorAuditKind } from '../../../domain/operatorAuditKinds.js';
import {
  DAY_MS,
  DEFAULT_MARKET,
  effectiveRate,
  FEE_PRODUCTS,
  nextTier,
  rateProblem,
  tierFor,
  tiersValid,
  type FeeOverride,
  type FeeOverrideEdit,
  type FeeProduct,
  type FeeRate,
  type FeeScheduleEdit,
  type FeeScheduleRow,
  type FeeTier,
  type FeesDesk,
  type MyFees,
} from '../../../domain/fees.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode } from '../../kernel/platform/auth/operators/operatorAction.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { FEE_RATES_CACHE, forgetFeeRates, readSchedules } from '../../kernel/platform/fees/feeRates.js';
import { cacheChanged } from '../../kernel/platform/caches.js';
import { Refusal, type Outcome } from '../../kernel/platform/outcome.js';
import { listedBy } from '../../kernel/platform/pairListing.js';
import type { FeesMessageKey } from './messages.js';
import { computeVolumes, volumeOf } from './volumes.js';

export interface FeesDeps {
  db: Database;
  /** The clock (overrides' ends, the daily volumes' day, the 2FA code's step); tests move it. */
  now?: () => number;
}

const refusal = (key: FeesMessageKey) => new Refusal(key);
/** The tier table's audit object: one table, replaced whole. */
const TIERS = { type: 'fee_tier', id: 'all' } as const;

const OVERRIDE_COLUMNS = `user_id, product, market, trim_scale(maker)::text as maker, trim_scale(taker)::text as taker, ends_ms, note`;
const toOverride = (r: FeeOverride): FeeOverride => ({ ...r, user_id: Number(r.user_id), ends_ms: Number(r.ends_ms) });

/** The listed markets per product: spot pairs, perpetual contracts. */
async function listedMarkets(q: Queryable): Promise<Array<{ product: FeeProduct; market: string }>> {
  const rows = await q.query<{ symbol: string; spot: boolean; futures: boolean }>(
    `select left_symbol || '_' || right_symbol as symbol, ${listedBy('spot')} as spot, ${listedBy('futures')} as futures from pair order by sort, left_symbol, right_symbol`,
  );
  return [...rows.filter((r) => r.spot).map((r) => ({ product: 'spot' as const, market: r.symbol })), ...rows.filter((r) => r.futures).map((r) => ({ product: 'futures' as const, market: r.symbol }))];
}

/** Every process's rate cache reads again: at once where a notice is heard (kernel/platform/caches.ts), else within FEE_CHECK_MS. */
const bump = async (tx: Queryable) => {
  await tx.query('update fee_state set version = version + 1 where id = 1');
  await cacheChanged(tx, FEE_RATES_CACHE);
};

/**
 * Fee schedules, tiers and overrides (issue 52 §2; docs/OPERATOR.md "Fees"): a user's page, the
 * operator desk's reads and edits, and the daily 30-day volumes. Every edit bumps fee_state's version
 * in its transaction (every process's rate cache reloads within a second, this one at once) and
 * writes its audit row last; a refused edit is audited as refused.
 */
export function feesService(deps: FeesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** An operator's edit: `work` in a transaction, its audit row last; a refusal audited as refused. */
  async function audited<T>(operator: OperatorActor, kind: OperatorAuditKind, object: { type: string; id: string | number }, work: (tx: Queryable) => Promise<{ data: T; before?: unknown; after?: unknown }>): Promise<Outcome<T>> {
    try {
      const data = await db.transaction(async (tx) => {
        const done = await work(tx);
        await bump(tx);
        await writeOperatorAudit(tx, { operator, kind, object, before: done.before, after: done.after });
        return done.data;
      });
      forgetFeeRates(db);
      return { ok: true, data };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await writeOperatorAudit(db, { operator, kind, object, outcome: 'refused', detail: error.key });
      return { ok: false, key: error.key };
    }
  }

  /**
   * The operator's own 2FA code for an edit of what trades pay (tiers, schedule rows, overrides: each
   * moves money), checked before the edit's transaction; a refusal is audited as the edit's.
   */
  const askCode = (operator: OperatorActor, kind: OperatorAuditKind, object: { type: string; id: string }, code: string | undefined, lang: string | undefined, at = now()) =>
    askOperatorCode(db, { operator, kind, object, code, now: at, lang, notEnabled: kind === 'fees.override' ? 'feesTwoFactorRequired' : 'feesEditTwoFactorRequired' });

  async function checkMarket(q: Queryable, product: FeeProduct, market: string) {
    if (!FEE_PRODUCTS.includes(product)) throw refusal('feesMarketUnknown');
    if (market === DEFAULT_MARKET) return;
    if (!(await listedMarkets(q)).some((m) => m.product === product && m.market === market)) throw refusal('feesMarketUnknown');
  }

  function checkRate(rate: FeeRate, product: FeeProduct) {
    const problem = rateProblem(rate, product);
    if (problem) throw refusal(problem);
  }

  return {
    /** The signed-in user's page: tier, volume, next tier, and per listed market the schedule and their own rate. */
    async mine(userId: number): Promise<MyFees> {
      const at = now();
      const { tiers, rows } = await readSchedules(db);
      const { dayMs, volume } = await volumeOf(db, userId);
      const [user] = await db.query<{ kind: string }>('select kind from app_user where id = $1', [userId]);
      const overrides = (await db.query<FeeOverride>(`select ${OVERRIDE_COLUMNS} from fee_override where user_id = $1`, [userId])).map(toOverride);
      const tier = tierFor(volume, tiers);
      const next = nextTier(volume, tier, tiers);
      const markets = (await listedMarkets(db)).map(({ product, market }) => {
        const schedule = tiers
          .map((t) => rows.filter((r) => r.product === product && r.tier <= t.tier && (r.market === market || r.market === DEFAULT_MARKET)))
          .map((candidates, i) => {
            const own = candidates.filter((r) => r.market === market);
            const pool = own.length > 0 ? own : candidates;
            const best = pool.reduce<FeeScheduleRow | undefined>((b, r) => (!b || r.tier > b.tier ? r : b), undefined);
            return { tier: tiers[i]!.tier, maker: best?.maker ?? '0', taker: best?.taker ?? '0' };
          });
        const mine = effectiveRate({ product, market, tier, rows, overrides, now: at, exempt: user?.kind === 'market_maker' });
        return { product, market, schedule, mine };
      });
      return { tier, volume_usdt: volume, volume_day_ms: dayMs, next: next ?? null, tiers, markets };
    },

    async desk(): Promise<FeesDesk> {
      const { tiers, rows } = await readSchedules(db);
      const overrides = (await db.query<FeeOverride>(`select ${OVERRIDE_COLUMNS} from fee_override where ends_ms > $1 order by user_id, product, market`, [now()])).map(toOverride);
      const [state] = await db.query<{ volume_day_ms: string | null }>('select volume_day_ms::text as volume_day_ms from fee_state where id = 1');
      return { tiers, schedule: rows, overrides, markets: await listedMarkets(db), volume_day_ms: state?.volume_day_ms == null ? null : Number(state.volume_day_ms) };
    },

    /**
     * Replaces the tiers: tier 0 from 0, each higher tier a higher minimum (so tiers climb with
     * volume); refused while a schedule row names a tier the edit drops. It moves a user from one
     * schedule row to another, so it asks the operator's own 2FA code.
     */
    async setTiers(operator: OperatorActor, tiers: FeeTier[], code: string | undefined, lang?: string): Promise<Outcome<FeeTier[]>> {
      const proven = await askCode(operator, 'fees.tiers', TIERS, code, lang);
      if (!proven.ok) return proven;
      return audited(operator, 'fees.tiers', TIERS, async (tx) => {
        const sorted = [...tiers].sort((a, b) => a.tier - b.tier);
        // The rule the desk's form says before sending (domain/fees.ts).
        if (!tiersValid(sorted)) throw refusal('feesTiersInvalid');
        const before = (await readSchedules(tx)).tiers;
        const kept = sorted.map((t) => t.tier);
        const [used] = await tx.query('select 1 from fee_schedule where not (tier = any($1::smallint[])) limit 1', [kept]);
        if (used) throw refusal('feesTierInUse');
        await tx.query('delete from fee_tier where not (tier = any($1::smallint[]))', [kept]);
        await tx.query(
          `insert into fee_tier (tier, min_volume_usdt) select * from unnest($1::smallint[], $2::numeric[])
           on conflict (tier) do update set min_volume_usdt = excluded.min_volume_usdt`,
          [kept, sorted.map((t) => t.min_volume_usdt)],
        );
        return { data: sorted, before, after: sorted };
      });
    },

    /**
     * Sets (or removes) one schedule row: a product's market or its default, from a tier up. What
     * every trade pays (a rebate paid from the fee account): it asks the operator's own 2FA code.
     */
    async setSchedule(operator: OperatorActor, edit: FeeScheduleEdit, code: string | undefined, lang?: string): Promise<Outcome<FeeScheduleRow>> {
      const object = { type: 'fee_schedule', id: `${edit.product} ${edit.market} ${edit.tier}` };
      const proven = await askCode(operator, 'fees.schedule', object, code, lang);
      if (!proven.ok) return proven;
      return audited(operator, 'fees.schedule', object, async (tx) => {
        await checkMarket(tx, edit.product, edit.market);
        const [before] = await tx.query<FeeRate>(
          'select trim_scale(maker)::text as maker, trim_scale(taker)::text as taker from fee_schedule where product = $1 and market = $2 and tier = $3 for update',
          [edit.product, edit.market, edit.tier],
        );
        if (edit.remove) {
          if (edit.market === DEFAULT_MARKET && edit.tier === 0) throw refusal('feesDefaultRequired');
          if (!before) throw refusal('feesScheduleNotFound');
          await tx.query('delete from fee_schedule where product = $1 and market = $2 and tier = $3', [edit.product, edit.market, edit.tier]);
          return { data: { product: edit.product, market: edit.market, tier: edit.tier, ...before }, before, after: null };
        }
        checkRate(edit, edit.product);
        const [tier] = await tx.query('select 1 from fee_tier where tier = $1', [edit.tier]);
        if (!tier) throw refusal('feesTierUnknown');
        await tx.query(
          `insert into fee_schedule (product, market, tier, maker, taker) values ($1, $2, $3, $4, $5)
           on conflict (product, market, tier) do update set maker = excluded.maker, taker = excluded.taker`,
          [edit.product, edit.market, edit.tier, edit.maker, edit.taker],
        );
        const row: FeeScheduleRow = { product: edit.product, market: edit.market, tier: edit.tier, maker: edit.maker, taker: edit.taker };
        return { data: row, before: before ?? null, after: { maker: edit.maker, taker: edit.taker } };
      });
    },

    /**
     * Sets or ends a user's override. It moves money (a rebate is paid from the fee account), so it
     * asks the operator's own 2FA code, checked before the transaction (a wrong code stays counted).
     */
    async setOverride(operator: OperatorActor, edit: FeeOverrideEdit, code: string | undefined, lang?: string): Promise<Outcome<FeeOverride>> {
      const object = { type: 'fee_override', id: `${edit.user_id} ${edit.product} ${edit.market}` };
      const at = now();
      const proven = await askCode(operator, 'fees.override', object, code, lang, at);
      if (!proven.ok) return proven;
      return audited(operator, edit.end ? 'fees.override_end' : 'fees.override', object, async (tx) => {
        await checkMarket(tx, edit.product, edit.market);
        const [user] = await tx.query<{ kind: string }>('select kind from app_user where id = $1', [edit.user_id]);
        if (!user || (user.kind !== 'user' && user.kind !== 'market_maker')) throw refusal('feesUserUnknown');
        const [before] = await tx.query<FeeOverride>(`select ${OVERRIDE_COLUMNS} from fee_override where user_id = $1 and product = $2 and market = $3 for update`, [
          edit.user_id,
          edit.product,
          edit.market,
        ]);
        if (edit.end) {
          if (!before || Number(before.ends_ms) <= at) throw refusal('feesOverrideNotFound');
          await tx.query('update fee_override set ends_ms = $4 where user_id = $1 and product = $2 and market = $3', [edit.user_id, edit.product, edit.market, at]);
          return { data: { ...toOverride(before), ends_ms: at }, before: toOverride(before), after: { ends_ms: at } };
        }
        const rate = { maker: edit.maker ?? '', taker: edit.taker ?? '' };
        checkRate(rate, edit.product);
        if (edit.ends_ms === undefined || edit.ends_ms <= at) throw refusal('feesEndInPast');
        const note = (edit.note ?? '').trim();
        await tx.query(
          `insert into fee_override (user_id, product, market, maker, taker, ends_ms, note, operator_id, created_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           on conflict (user_id, product, market) do update set maker = excluded.maker, taker = excluded.taker, ends_ms = excluded.ends_ms, note = excluded.note,
             operator_id = excluded.operator_id, created_ms = excluded.created_ms`,
          [edit.user_id, edit.product, edit.market, rate.maker, rate.taker, edit.ends_ms, note, operator.id, at],
        );
        const after: FeeOverride = { user_id: edit.user_id, product: edit.product, market: edit.market, ...rate, ends_ms: edit.ends_ms, note };
        return { data: after, before: before ? toOverride(before) : null, after };
      });
    },

    /** An operator's computation of today's volumes now (the daily loop's step, audited). */
    computeByOperator: (operator: OperatorActor) =>
      audited(operator, 'fees.volumes', { type: 'fee_volume', id: 'today' }, async (tx) => {
        const day = Math.floor(now() / DAY_MS) * DAY_MS;
        const users = await computeVolumes(tx, day);
        return { data: { day_ms: day, users }, after: { day_ms: day, users } };
      }),

    /** The daily loop's step: today's (UTC) volumes, unless computed already. Answers whether it ran. */
    async runDaily(): Promise<boolean> {
      const day = Math.floor(now() / DAY_MS) * DAY_MS;
      const ran = await db.transaction(async (tx) => {
        const [state] = await tx.query<{ volume_day_ms: string | null }>('select volume_day_ms::text as volume_day_ms from fee_state where id = 1 for update');
        if (state?.volume_day_ms != null && Number(state.volume_day_ms) >= day) return false;
        await computeVolumes(tx, day);
        return true;
      });
      if (ran) forgetFeeRates(db);
      return ran;
    },

    /** Today's volumes computed now, whatever was before (tests and tools). */
    async computeNow(dayMs = Math.floor(now() / DAY_MS) * DAY_MS): Promise<number> {
      const users = await db.transaction((tx) => computeVolumes(tx, dayMs));
      forgetFeeRates(db);
      return users;
    },
  };
}

export type Fees = ReturnType<typeof feesService>;

import { addDecimal, compareDecimal, subDecimal } from '../../../domain/decimal.js';
import {
  ICO_ACCOUNT,
  ICO_CURRENCY,
  icoCost,
  icoOpen,
  isQuantity,
  releasedAfter,
  releasePeriods,
  remainingAllowance,
  type IcoAccount,
  type IcoOperatorProject,
  type IcoOrderTab,
  type IcoProject,
  type IcoProjectInput,
  type IcoRecord,
  type IcoRecordType,
  type IcoSubscribeRequest,
  type IcoStreamEvent,
  type IcoSubscription,
} from '../../../domain/ico.js';
import type { LocaleCode } from '../../../domain/languages.js';
import type { PairOpenings } from '../../kernel/platform/catalogue.js';
import type { Page, RecordDays } from '../../../domain/wallet.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import { once, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import { readBalance } from '../../kernel/platform/ledger/ledger.js';
import { applyBalanceChanges, canSpend, lockBalances } from '../../kernel/platform/ledger/ledgerBatch.js';
import { type Outcome, outcomeOf, Refusal as KernelRefusal } from '../../kernel/platform/outcome.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { askOperatorCode, auditRefusal } from '../../kernel/platform/auth/operators/operatorAction.js';
import { announceListing } from './listing.js';
import type { IcoMessageKey } from './messages.js';
import { isListed, lastPrices, normaliseRow, PROJECT_COLUMNS, readProjects, saveProject, statusOf, toOperatorProject, toProject, type ProjectRow } from './projects.js';

export const SUBSCRIBE_SCOPE = 'ico.subscribe';
export const THAW_SCOPE = 'ico.thaw';
export const MAX_PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

/** A refusal of this product: thrown inside a transaction, it rolls everything back (the idempotency claim too). */
export class Refusal extends KernelRefusal<IcoMessageKey> {}

const outcome = outcomeOf;

export interface SubRow {
  project_id: number;
  quantity: string;
  paid: string;
  allocated: string | null;
  refund: string | null;
  thawed: string;
  first_ms: number;
}

export const SUB_COLUMNS = `s.project_id, trim_scale(s.quantity)::text as quantity, trim_scale(s.paid)::text as paid,
  trim_scale(s.allocated)::text as allocated, trim_scale(s.refund)::text as refund, trim_scale(s.thawed)::text as thawed, s.first_ms`;

/** What the schedule has released of a subscription at `now`, and during the UTC day of `now`. */
export function released(p: ProjectRow, allocated: string | null, now: number): { total: string; today: string } {
  if (allocated === null || p.settled_ms === null) return { total: '0', today: '0' };
  const total = releasedAfter(allocated, p.release_rate, releasePeriods(p.end_ms, p.release_period_ms, now), p.token_places);
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const before = releasedAfter(allocated, p.release_rate, releasePeriods(p.end_ms, p.release_period_ms, dayStart), p.token_places);
  return { total, today: subDecimal(total, before) };
}

export function toSubscription(p: ProjectRow, s: SubRow, now: number): IcoSubscription {
  const r = released(p, s.allocated, now);
  const thawable = subDecimal(r.total, s.thawed);
  return {
    project_id: p.id,
    symbol: p.symbol,
    name: p.name,
    price: p.price,
    status: statusOf(p, now),
    end_at: p.end_ms,
    quantity: s.quantity,
    paid: s.paid,
    allocated: s.allocated,
    refund: s.refund,
    winning_rate: p.winning_rate,
    released_total: r.total,
    released_today: r.today,
    thawed: s.thawed,
    thawable: compareDecimal(thawable, '0') > 0 ? thawable : '0',
    frozen: s.allocated === null ? '0' : subDecimal(s.allocated, s.thawed),
    release_rate: p.release_rate,
    first_at: Number(s.first_ms),
  };
}

export interface IcoDeps {
  db: Database;
  feed: UserFeed;
  clock: () => number;
  /** Told of a settled project's pair when the operator lists it after its settlement. */
  pairs?: PairOpenings;
}

/** The calls behind /api/ico/* and the operator's projects (docs/API.md "ICO subscription"). */
export function icoService({ db, feed, clock, pairs }: IcoDeps) {
  /** After the commit: the subscription on the user's private channel, and the balances it moved. */
  function pushed(userId: number, event: IcoStreamEvent, subscription: IcoSubscription): void {
    feed.balancesChanged(userId, [{ currency: event === 'thawed' ? subscription.symbol : ICO_CURRENCY, account: ICO_ACCOUNT }]);
    feed.message?.(userId, { channel: 'user', kind: 'ico', event, subscription });
  }

  async function projectsById(q: Queryable, ids: number[]): Promise<Map<number, ProjectRow>> {
    const rows = await readProjects(q, 'id = any($1::bigint[])', [ids]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  async function subscriptionsOf(q: Queryable, userId: number, where = 'true', params: unknown[] = []): Promise<IcoSubscription[]> {
    const rows = await q.query<SubRow>(`select ${SUB_COLUMNS} from ico_subscription s where s.user_id = $1 and ${where} order by s.first_ms desc, s.project_id desc`, [userId, ...params]);
    const projects = await projectsById(q, rows.map((r) => Number(r.project_id)));
    const now = clock();
    return rows.map((r) => toSubscription(projects.get(Number(r.project_id))!, r, now));
  }

  /** Every project, latest end first, shaped by `view` (the public one, or the operator's). */
  async function everyProject<T>(view: (p: ProjectRow, now: number, lastPrice: string | undefined, lang: LocaleCode) => T, lang: LocaleCode): Promise<T[]> {
    const rows = await readProjects(db);
    const prices = await lastPrices(db, rows.map((r) => r.symbol));
    const now = clock();
    return rows.map((r) => view(r, now, prices.get(r.symbol), lang));
  }

  /** saveProject, with the table's own checks (numeric overflow, a constraint) a refusal, never a 500. */
  async function saveRefusingChecks(input: IcoProjectInput, operator: OperatorActor | undefined, listing: boolean): ReturnType<typeof saveProject> {
    try {
      return await saveProject(db, input, clock(), operator, listing);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '23514' || code === '22003') return { ok: false, key: 'icoProjectInvalid', vars: { field: 'total' } };
      throw error;
    }
  }

  return {
    /** Every project as a reader of `lang` sees it (the description in their language, or the default's). */
    projects: (lang: LocaleCode): Promise<IcoProject[]> => everyProject(toProject, lang),

    mine: (userId: number) => subscriptionsOf(db, userId),

    async account(userId: number): Promise<IcoAccount> {
      const usdt = await readBalance(db, userId, ICO_CURRENCY, ICO_ACCOUNT);
      const subs = await subscriptionsOf(db, userId, 's.allocated is not null');
      const balances = await db.query<{ currency: string; available: string; frozen: string }>(
        `select currency, trim_scale(available)::text as available, trim_scale(frozen)::text as frozen
         from balance where user_id = $1 and account = $2 and currency <> $3 order by currency`,
        [userId, ICO_ACCOUNT, ICO_CURRENCY],
      );
      const tokens = new Map(balances.map((b) => [b.currency, { symbol: b.currency, available: b.available, frozen: b.frozen, released_today: '0', released_total: '0', thawable: '0' }]));
      for (const s of subs) {
        const t = tokens.get(s.symbol) ?? { symbol: s.symbol, available: '0', frozen: '0', released_today: '0', released_total: '0', thawable: '0' };
        t.released_today = addDecimal(t.released_today, s.released_today);
        t.released_total = addDecimal(t.released_total, s.released_total);
        t.thawable = addDecimal(t.thawable, s.thawable);
        tokens.set(s.symbol, t);
      }
      return { currency: ICO_CURRENCY, available: usdt.available, frozen: usdt.frozen, tokens: [...tokens.values()] };
    },

    /**
     * Participates, or adds more: `quantity` tokens at the raise price, paid from the user's `ico`
     * USDT and frozen until the settlement. Refused (changing nothing) outside the recruit period,
     * below the minimum (first subscription), above the user's maximum (all subscriptions together)
     * or without the funds.
     */
    async subscribe(userId: number, body: IcoSubscribeRequest, key: SubmissionKey): Promise<Outcome<IcoSubscription>> {
      const result = await outcome(() =>
        once(
          db,
          userId,
          SUBSCRIBE_SCOPE,
          key,
          async (tx) => {
            const [raw] = await tx.query<ProjectRow>(`select ${PROJECT_COLUMNS} from ico_project where id = $1 for update`, [body.project_id]);
            if (!raw) throw new Refusal('icoProjectUnknown');
            const p = normaliseRow(raw);
            if (!isQuantity(body.quantity, p.token_places)) throw new Refusal('icoQuantityInvalid', { places: String(p.token_places) });
            const now = clock();
            if (!icoOpen(statusOf(p, now))) throw new Refusal('icoNotOpen');
            const [current] = await tx.query<SubRow>(`select ${SUB_COLUMNS} from ico_subscription s where s.project_id = $1 and s.user_id = $2`, [p.id, userId]);
            const mine = current?.quantity ?? '0';
            if (!current && compareDecimal(body.quantity, p.min_quantity) < 0) throw new Refusal('icoBelowMin', { min: numberVar(p.min_quantity), symbol: p.symbol });
            if (compareDecimal(addDecimal(mine, body.quantity), p.max_quantity) > 0) {
              throw new Refusal('icoAboveMax', { max: numberVar(p.max_quantity), left: numberVar(remainingAllowance(p.max_quantity, mine)), symbol: p.symbol });
            }
            const cost = icoCost(body.quantity, p.price);
            const balanceKey = { userId, currency: ICO_CURRENCY, account: ICO_ACCOUNT } as const;
            const states = await lockBalances(tx, [balanceKey]);
            if (!canSpend(states.values().next().value, cost)) throw new Refusal('icoInsufficientBalance', { amount: numberVar(cost) });
            await tx.query(
              `insert into ico_subscription (project_id, user_id, quantity, paid, first_ms) values ($1, $2, $3, $4, $5)
               on conflict (project_id, user_id) do update set quantity = ico_subscription.quantity + excluded.quantity, paid = ico_subscription.paid + excluded.paid`,
              [p.id, userId, body.quantity, cost, now],
            );
            await tx.query(`update ico_project set subscribed = subscribed + $2, participants = participants + $3 where id = $1`, [p.id, body.quantity, current ? 0 : 1]);
            const [record] = await tx.query<{ id: number }>(
              `insert into ico_record (project_id, user_id, kind, quantity, amount, created_ms) values ($1, $2, $3, $4, $5, $6) returning id`,
              [p.id, userId, current ? 'add' : 'subscribe', body.quantity, cost, now],
            );
            await applyBalanceChanges(tx, states, [
              { ...balanceKey, available: `-${cost}`, frozen: cost, kind: 'ico_subscribe', refType: 'ico_record', refId: Number(record!.id) },
            ]);
            const [after] = await tx.query<SubRow>(`select ${SUB_COLUMNS} from ico_subscription s where s.project_id = $1 and s.user_id = $2`, [p.id, userId]);
            const [fresh] = await readProjects(tx, 'id = $1', [p.id]);
            return toSubscription(fresh!, after!, now);
          },
          clock(),
        ),
      );
      if (result.ok) pushed(userId, 'subscribed', result.data);
      return result;
    },

    /** Moves what the schedule has released and is not thawed yet from frozen to available (repeatable). */
    async thaw(userId: number, projectId: number, key: SubmissionKey): Promise<Outcome<IcoSubscription>> {
      let symbol = '';
      const result = await outcome(() =>
        once(
          db,
          userId,
          THAW_SCOPE,
          key,
          async (tx) => {
            const [p] = await readProjects(tx, 'id = $1', [projectId]);
            if (!p) throw new Refusal('icoProjectUnknown');
            symbol = p.symbol;
            const [s] = await tx.query<SubRow>(`select ${SUB_COLUMNS} from ico_subscription s where s.project_id = $1 and s.user_id = $2 for update`, [projectId, userId]);
            if (!s || s.allocated === null) throw new Refusal('icoNothingToThaw');
            const now = clock();
            const view = toSubscription(p, s, now);
            if (compareDecimal(view.thawable, '0') <= 0) throw new Refusal('icoNothingToThaw');
            const amount = view.thawable;
            await tx.query(`update ico_subscription set thawed = thawed + $3 where project_id = $1 and user_id = $2`, [projectId, userId, amount]);
            const [record] = await tx.query<{ id: number }>(
              `insert into ico_record (project_id, user_id, kind, quantity, amount, created_ms) values ($1, $2, 'thaw', $3, 0, $4) returning id`,
              [projectId, userId, amount, now],
            );
            const balanceKey = { userId, currency: p.symbol, account: ICO_ACCOUNT } as const;
            const states = await lockBalances(tx, [balanceKey]);
            await applyBalanceChanges(tx, states, [{ ...balanceKey, available: amount, frozen: `-${amount}`, kind: 'ico_thaw', refType: 'ico_record', refId: Number(record!.id) }]);
            return toSubscription(p, { ...s, thawed: addDecimal(s.thawed, amount) }, now);
          },
          clock(),
        ),
      );
      if (result.ok && symbol) pushed(userId, 'thawed', result.data);
      return result;
    },

    /** hold: subscriptions still frozen (before settlement, or tokens not all thawed); end: subscriptions of settled projects. */
    async orders(userId: number, query: { tab: IcoOrderTab; page: number; size?: number }): Promise<Page<IcoSubscription>> {
      const where =
        query.tab === 'hold'
          ? `(s.allocated is null or s.thawed < s.allocated)`
          : `s.allocated is not null`;
      const all = await subscriptionsOf(db, userId, where);
      const size = query.size ?? 10;
      return { list: all.slice((query.page - 1) * size, query.page * size), total: all.length, page: query.page, size };
    },

    async records(userId: number, query: { type: IcoRecordType; days: RecordDays; page: number; size?: number }): Promise<Page<IcoRecord>> {
      const kinds = query.type === 'tran' ? ['subscribe', 'add'] : query.type === 'thaw' ? ['thaw'] : ['subscribe', 'add', 'allocation', 'refund', 'thaw'];
      const size = query.size ?? 10;
      const since = clock() - query.days * DAY_MS;
      const params = [userId, kinds, since];
      const rows = await db.query<IcoRecord & { created_ms: number }>(
        `select r.id, r.project_id, p.symbol, r.kind, trim_scale(r.quantity)::text as quantity, trim_scale(r.amount)::text as amount, r.created_ms
         from ico_record r join ico_project p on p.id = r.project_id
         where r.user_id = $1 and r.kind = any($2::text[]) and r.created_ms >= $3 order by r.id desc limit ${size} offset ${(query.page - 1) * size}`,
        params,
      );
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from ico_record r where r.user_id = $1 and r.kind = any($2::text[]) and r.created_ms >= $3`, params);
      return {
        list: rows.map(({ created_ms, ...r }) => ({ ...r, id: Number(r.id), project_id: Number(r.project_id), created_at: Number(created_ms) })),
        total: Number(count?.n ?? 0),
        page: query.page,
        size,
      };
    },

    /** Every project with every language's description (the desk edits them all). */
    operatorProjects: (lang: LocaleCode): Promise<IcoOperatorProject[]> => everyProject(toOperatorProject, lang),

    /**
     * An operator's save (or the demo's, with no operator). One that lists the project opens a spot
     * market (at once if settled, else at its settlement), as a market listing does
     * (wallet/listing), so it asks the operator's own 2FA code first; other saves do not.
     */
    async save(input: IcoProjectInput, lang: LocaleCode, operator?: OperatorActor, code?: string): Promise<Outcome<IcoOperatorProject>> {
      const listing = operator !== undefined && input.listed === true && !(await isListed(db, input.id));
      const action = operator && { operator, kind: input.id === undefined ? ('ico.project_create' as const) : ('ico.project_save' as const), object: { type: 'ico_project', id: input.id ?? 'new' } };
      if (action && listing) {
        const proven = await askOperatorCode(db, { ...action, asked: { listed: true }, code, now: clock(), lang, notEnabled: 'icoTwoFactorRequired' });
        if (!proven.ok) return proven;
      }
      const saved = await saveRefusingChecks(input, operator, listing);
      // A refused save is a row of the audit log as every refused operator action is (its done row is in the save's transaction).
      if (!saved.ok) return action ? auditRefusal(db, action, saved) : saved;
      announceListing(pairs, saved.listed);
      const prices = await lastPrices(db, [saved.data.symbol]);
      return { ok: true, data: toOperatorProject(saved.data, clock(), prices.get(saved.data.symbol), lang) };
    },
  };
}

export type IcoService = ReturnType<typeof icoService>;

import { compareDecimal, divDecimal, subDecimal } from '../../../domain/decimal.js';
import { isShareInput } from '../../../domain/decimalRule.js';
import {
  ICO_CURRENCY,
  ICO_MAX_TOKEN_PLACES,
  ICO_PRICE_PLACES,
  icoStatusAt,
  isQuantity,
  priceIncrease,
  releasePeriods,
  type IcoOperatorProject,
  type IcoProject,
  type IcoProjectInput,
} from '../../../domain/ico.js';
import { DEFAULT_LANGUAGE, type LocaleCode } from '../../../domain/languages.js';
import { mergeTexts, textIn, type TextsByLanguage } from '../../../domain/localisedText.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { OpenedPair } from '../../kernel/platform/catalogue.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { changedFields, writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { listToken } from './listing.js';
import type { IcoMessageKey } from './messages.js';

export const PROJECT_COLUMNS = `id, symbol, name, description, trim_scale(total)::text as total, trim_scale(price)::text as price,
  token_places, start_ms, end_ms, trim_scale(min_quantity)::text as min_quantity, trim_scale(max_quantity)::text as max_quantity,
  trim_scale(release_rate)::text as release_rate, release_period_ms, listed, trim_scale(subscribed)::text as subscribed,
  participants, trim_scale(winning_rate)::text as winning_rate, settled_ms`;

/** A project's row: the wire's figures as stored, times in ms and every language's description. */
export interface ProjectRow
  extends Pick<IcoProject, 'id' | 'symbol' | 'name' | 'total' | 'price' | 'token_places' | 'min_quantity' | 'max_quantity' | 'release_rate' | 'release_period_ms' | 'listed' | 'subscribed' | 'participants' | 'winning_rate'> {
  /** Every language's description (jsonb; the default language's always there, migration 029). */
  description: TextsByLanguage;
  start_ms: number;
  end_ms: number;
  settled_ms: number | null;
}

export function normaliseRow(r: ProjectRow): ProjectRow {
  return {
    ...r,
    id: Number(r.id),
    token_places: Number(r.token_places),
    start_ms: Number(r.start_ms),
    end_ms: Number(r.end_ms),
    release_period_ms: Number(r.release_period_ms),
    participants: Number(r.participants),
    settled_ms: r.settled_ms === null ? null : Number(r.settled_ms),
    description: typeof r.description === 'string' ? (JSON.parse(r.description) as TextsByLanguage) : r.description,
  };
}

/** Whether the schedule has released every allocation of the project by `now`. */
export function fullyReleased(p: ProjectRow, now: number): boolean {
  return compareDecimal(String(releasePeriods(p.end_ms, p.release_period_ms, now)), divDecimal('1', p.release_rate, 18)) >= 0;
}

export function statusOf(p: ProjectRow, now: number) {
  return icoStatusAt({ start_at: p.start_ms, end_at: p.end_ms, settled_at: p.settled_ms }, now, fullyReleased(p, now));
}

/** The project as a reader of `lang` sees it: one description, in their language or the default's. */
export function toProject(p: ProjectRow, now: number, lastPrice: string | undefined, lang: LocaleCode): IcoProject {
  const progress = divDecimal(p.subscribed, p.total, 4);
  const available = compareDecimal(p.subscribed, p.total) >= 0 ? '0' : subDecimal(p.total, p.subscribed);
  const description = textIn(p.description, lang);
  return {
    id: p.id,
    symbol: p.symbol,
    name: p.name,
    description: description.text,
    description_lang: description.lang,
    description_fallback: description.fallback,
    total: p.total,
    price: p.price,
    token_places: p.token_places,
    start_at: p.start_ms,
    end_at: p.end_ms,
    min_quantity: p.min_quantity,
    max_quantity: p.max_quantity,
    release_rate: p.release_rate,
    release_period_ms: p.release_period_ms,
    listed: p.listed,
    subscribed: p.subscribed,
    participants: p.participants,
    progress: compareDecimal(progress, '1') > 0 ? '1' : progress,
    available,
    status: statusOf(p, now),
    winning_rate: p.winning_rate,
    settled_at: p.settled_ms,
    last_price: lastPrice ?? null,
    price_increase: lastPrice ? priceIncrease(lastPrice, p.price) : null,
    server_time: now,
  };
}

/** The operator's view: also every language's description, which the desk's form edits. */
export function toOperatorProject(p: ProjectRow, now: number, lastPrice: string | undefined, lang: LocaleCode): IcoOperatorProject {
  return { ...toProject(p, now, lastPrice, lang), descriptions: p.description };
}

/**
 * The last spot price of TOKEN_USDT, when the token trades (read from the committed trades): per
 * token its newest trade, one backward step of spot_trade's key (pair, id) — not every trade of
 * the tokens sorted, as a `distinct on` over them read.
 */
export async function lastPrices(q: Queryable, symbols: string[]): Promise<Map<string, string>> {
  if (symbols.length === 0) return new Map();
  const rows = await q.query<{ symbol: string; price: string }>(
    `select s.symbol, t.price from unnest($1::text[]) as s(symbol)
     cross join lateral (select trim_scale(price)::text as price from spot_trade
       where left_symbol = s.symbol and right_symbol = $2 order by id desc limit 1) t`,
    [symbols, ICO_CURRENCY],
  );
  return new Map(rows.map((r) => [r.symbol, r.price]));
}

export async function readProjects(q: Queryable, where = 'true', params: unknown[] = []): Promise<ProjectRow[]> {
  const rows = await q.query<ProjectRow>(`select ${PROJECT_COLUMNS} from ico_project where ${where} order by end_ms desc, id desc`, params);
  return rows.map(normaliseRow);
}

/** A save's outcome, and the pair it opened (to announce after the commit). */
type Saved = Outcome<ProjectRow> & { listed?: OpenedPair };

type Refusal = { ok: false; key: IcoMessageKey; vars?: Record<string, string> };
const invalid = (field: string): Refusal => ({ ok: false, key: 'icoProjectInvalid', vars: { field } });
const locked = (field: string): Refusal => ({ ok: false, key: 'icoProjectLocked', vars: { field } });


/**
 * Creates (no id) or edits a project (docs/API.md "Projects"). A new project needs every field but
 * `listed` and the other languages' descriptions (the default language's is required); its token
 * becomes a currency (no deposits or withdrawals). Once anyone has subscribed, symbol, price, token places and the recruit start are
 * fixed; once settled only name, description and `listed` may change. `listingCoded`: the
 * operator's 2FA code was checked for a save that lists the project.
 */
/** Whether a project is listed already (none yet, a new project, is not): a save listing it asks the operator's code (subscriptions.ts). */
export async function isListed(q: Queryable, id: number | undefined): Promise<boolean> {
  if (id === undefined) return false;
  const [row] = await q.query<{ listed: boolean }>('select listed from ico_project where id = $1', [id]);
  return row?.listed === true;
}

export async function saveProject(db: Database, input: IcoProjectInput, now: number, operator?: OperatorActor, listingCoded = false): Promise<Saved> {
  return db.transaction(async (tx): Promise<Saved> => {
    let current: ProjectRow | undefined;
    if (input.id !== undefined) {
      [current] = (await tx.query<ProjectRow>(`select ${PROJECT_COLUMNS} from ico_project where id = $1 for update`, [input.id])).map(normaliseRow);
      if (!current) return { ok: false, key: 'icoProjectUnknown' };
      if (input.symbol !== undefined && input.symbol !== current.symbol) return locked('symbol');
      const subscribed = current.participants > 0;
      const settled = current.settled_ms !== null;
      for (const field of ['price', 'token_places', 'start_at'] as const) if (subscribed && input[field] !== undefined && String(input[field]) !== String(field === 'start_at' ? current.start_ms : current[field])) return locked(field);
      if (settled) {
        for (const field of ['total', 'end_at', 'min_quantity', 'max_quantity', 'release_rate', 'release_period_ms'] as const) {
          if (input[field] !== undefined) return locked(field);
        }
      }
    } else {
      for (const field of ['symbol', 'name', 'total', 'price', 'token_places', 'start_at', 'end_at', 'min_quantity', 'max_quantity', 'release_rate', 'release_period_ms'] as const) {
        if (input[field] === undefined) return invalid(field);
      }
    }
    const next = {
      symbol: input.symbol ?? current!.symbol,
      name: input.name ?? current!.name,
      description: mergeTexts(current?.description ?? {}, input.description ?? {}),
      total: input.total ?? current!.total,
      price: input.price ?? current!.price,
      token_places: input.token_places ?? current!.token_places,
      start_ms: input.start_at ?? current!.start_ms,
      end_ms: input.end_at ?? current!.end_ms,
      min_quantity: input.min_quantity ?? current!.min_quantity,
      max_quantity: input.max_quantity ?? current!.max_quantity,
      release_rate: input.release_rate ?? current!.release_rate,
      release_period_ms: input.release_period_ms ?? current!.release_period_ms,
      listed: input.listed ?? current?.listed ?? false,
    };
    // An operator's save that lists the project (opens its spot market) carries the operator's code,
    // asked before this transaction; one read as unlisted there but listed by nobody's code here
    // (unlisted meanwhile) is refused rather than listed without it.
    if (operator && next.listed && current?.listed !== true && !listingCoded) return { ok: false, key: 'twoFactorRequired' };
    if (!/^[A-Z][A-Z0-9]{1,9}$/.test(next.symbol)) return invalid('symbol');
    if (next.name.trim().length === 0) return invalid('name');
    // Every other language falls back to the default's text: it must exist (and not be blank).
    if (!next.description[DEFAULT_LANGUAGE.lang]) return invalid(`description.${DEFAULT_LANGUAGE.lang}`);
    if (!Number.isInteger(next.token_places) || next.token_places < 0 || next.token_places > ICO_MAX_TOKEN_PLACES) return invalid('token_places');
    for (const field of ['total', 'min_quantity', 'max_quantity'] as const) if (!isQuantity(next[field], next.token_places)) return invalid(field);
    if (!isQuantity(next.price, ICO_PRICE_PLACES)) return invalid('price');
    if (compareDecimal(next.min_quantity, next.max_quantity) > 0) return invalid('max_quantity');
    if (!isShareInput(next.release_rate, 4)) return invalid('release_rate');
    if (next.end_ms <= next.start_ms) return invalid('end_at');
    const params = [
      next.name.trim(),
      JSON.stringify(next.description),
      next.total,
      next.price,
      next.token_places,
      next.start_ms,
      next.end_ms,
      next.min_quantity,
      next.max_quantity,
      next.release_rate,
      next.release_period_ms,
      next.listed,
    ];
    if (current) {
      const [row] = await tx.query<ProjectRow>(
        `update ico_project set name = $2, description = $3::jsonb, total = $4, price = $5, token_places = $6, start_ms = $7, end_ms = $8,
           min_quantity = $9, max_quantity = $10, release_rate = $11, release_period_ms = $12, listed = $13
         where id = $1 returning ${PROJECT_COLUMNS}`,
        [current.id, ...params],
      );
      await tx.query(`update currency set name = $2 where symbol = $1`, [current.symbol, next.name.trim()]);
      const saved = normaliseRow(row!);
      // Listing a project that is settled already opens its pair now.
      const listed = await listToken(tx, saved);
      // The operator's edit, last in its transaction (issue 51 §2): the fields it changed.
      if (operator) await writeOperatorAudit(tx, { operator, kind: 'ico.project_save', object: { type: 'ico_project', id: saved.id }, ...changedFields(current, saved) });
      return { ok: true, data: saved, listed };
    }
    const [taken] = await tx.query(`select 1 from currency where symbol = $1`, [next.symbol]);
    if (taken) return { ok: false, key: 'icoSymbolTaken', vars: { symbol: next.symbol } };
    await tx.query(
      `insert into currency (symbol, name, price, recharge_turn, draw_turn, legal_status, sort) values ($1, $2, $3, 0, 0, 0, 1000)`,
      [next.symbol, next.name.trim(), next.price],
    );
    const [row] = await tx.query<ProjectRow>(
      `insert into ico_project (symbol, name, description, total, price, token_places, start_ms, end_ms, min_quantity, max_quantity,
         release_rate, release_period_ms, listed, created_ms)
       values ($14, $1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning ${PROJECT_COLUMNS}`,
      [...params, now, next.symbol],
    );
    const created = normaliseRow(row!);
    if (operator) await writeOperatorAudit(tx, { operator, kind: 'ico.project_create', object: { type: 'ico_project', id: created.id }, after: created });
    return { ok: true, data: created };
  });
}

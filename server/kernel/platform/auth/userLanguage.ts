import { isLocaleCode } from '../../../../domain/languages.js';
import type { Queryable } from '../db/database.js';

/**
 * The language each user last used the site in (app_user.lang): what an email they did not ask for
 * at that moment (a margin call, a price alert: securityNotices.ts mailTradingNotices) is written in.
 * Every signed-in request that names its language passes here (authPlugin.ts); the row is written
 * only when the language differs from what this process last wrote for the user, so a user costs
 * one write per process and per change of language, never one per request. A failed write is
 * forgotten: the next request tries again. Requests without the header (scripts, the Binance
 * dialect) say nothing about the reader and change nothing.
 */
const writtenBy = new WeakMap<object, Map<number, string>>();

/** How many users' languages are remembered at most; past it the oldest half is forgotten (each costs a write again). */
const REMEMBERED = 100_000;

export function rememberLanguage(db: Queryable, userId: number, header: unknown): void {
  if (typeof header !== 'string' || !isLocaleCode(header)) return;
  let written = writtenBy.get(db);
  if (!written) writtenBy.set(db, (written = new Map()));
  if (written.get(userId) === header) return;
  if (written.size >= REMEMBERED) for (const id of [...written.keys()].slice(0, REMEMBERED / 2)) written.delete(id);
  written.set(userId, header);
  db.query('update app_user set lang = $2 where id = $1 and lang is distinct from $2', [userId, header]).catch(() => written.delete(userId));
}

import { createHash } from 'node:crypto';
import { ANTI_DOUBLE_SUBMIT_MS } from '../../src/domain/constants.js';
import type { Database, Queryable } from './db/database.js';

/**
 * The server side of the anti-double-submit rule: a submission carries an Idempotency-Key header
 * (the browser makes one per intended action), and a repeat of the same key by the same user gets
 * the first answer again and changes nothing. Without the header, the key is derived from the
 * body, and repeats count only within the 2000 ms window, so an identical order placed on purpose
 * a minute later still goes through.
 *
 * The key is claimed inside the transaction that carries out the effect, so either both commit or
 * neither does; a concurrent repeat waits on the key's row and then reads the stored answer.
 */
export interface SubmissionKey {
  key: string;
  /** Only body-derived keys expire after the window. */
  windowMs: number | undefined;
}

const HEADER_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The key of a submission: the header's value when it is well formed, else a hash of the body. */
export function submissionKey(scope: string, header: unknown, body: unknown): SubmissionKey {
  if (typeof header === 'string' && HEADER_KEY.test(header)) return { key: `${scope}:${header}`, windowMs: undefined };
  const digest = createHash('sha256').update(JSON.stringify(body ?? null)).digest('base64url');
  return { key: `body:${scope}:${digest}`, windowMs: ANTI_DOUBLE_SUBMIT_MS };
}

export type Claim<T> = { fresh: true } | { fresh: false; response: T };

/**
 * Claims `key` for `userId` inside `tx`. Fresh: carry out the effect and call `remember` in the
 * same transaction. Not fresh: the stored answer of the first submission.
 */
export async function claim<T>(tx: Queryable, userId: number, scope: string, key: SubmissionKey, now: number): Promise<Claim<T>> {
  const inserted = await tx.query(
    `insert into idempotency_key (user_id, key, scope, created_ms) values ($1, $2, $3, $4) on conflict do nothing returning 1 as one`,
    [userId, key.key, scope, now],
  );
  if (inserted.length > 0) return { fresh: true };
  const [row] = await tx.query<{ response: T; created_ms: string | number }>(
    `select response, created_ms from idempotency_key where user_id = $1 and key = $2 for update`,
    [userId, key.key],
  );
  if (row && key.windowMs !== undefined && now - Number(row.created_ms) > key.windowMs) {
    // A body-derived key outside the window: a new, deliberate submission.
    await tx.query(`update idempotency_key set created_ms = $3, response = null where user_id = $1 and key = $2`, [userId, key.key, now]);
    return { fresh: true };
  }
  return { fresh: false, response: row!.response };
}

export async function remember(tx: Queryable, userId: number, key: SubmissionKey, response: unknown): Promise<void> {
  await tx.query(`update idempotency_key set response = $3::jsonb where user_id = $1 and key = $2`, [userId, key.key, JSON.stringify(response ?? null)]);
}

/**
 * Runs `effect` once per submission key, in one transaction with the claim. A repeat returns the
 * first answer. If the effect throws, nothing is stored, so a retry is carried out afresh.
 */
export function once<T>(db: Database, userId: number, scope: string, key: SubmissionKey, effect: (tx: Queryable) => Promise<T>, now = Date.now()): Promise<T> {
  return db.transaction(async (tx) => {
    const claimed = await claim<T>(tx, userId, scope, key, now);
    if (!claimed.fresh) return claimed.response;
    const response = await effect(tx);
    await remember(tx, userId, key, response);
    return response;
  });
}

/** Forgets header keys older than a day and body keys past their window (run now and then). */
export async function pruneKeys(db: Queryable, now = Date.now()): Promise<void> {
  await db.query(`delete from idempotency_key where created_ms < $1 or (key like 'body:%' and created_ms < $2)`, [now - 86_400_000, now - ANTI_DOUBLE_SUBMIT_MS]);
}

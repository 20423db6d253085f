import { createHash } from 'node:crypto';
import { ResultCode } from '../../../domain/api.js';
import { ANTI_DOUBLE_SUBMIT_MS } from '../../../domain/constants.js';
import type { Database, Queryable } from './db/database.js';
import { StatementParams } from './db/statementParams.js';
import { ApiFailure } from './http/envelope.js';

/**
 * The server side of the anti-double-submit rule: a submission carries an Idempotency-Key header
 * (the browser makes one per intended action), and a repeat of the same key by the same user gets
 * the first answer again and changes nothing. Without the header, the key is derived from the
 * body, and repeats count only within the 2000 ms window, so an identical order placed on purpose
 * a minute later still goes through.
 *
 * The key is claimed inside the transaction that carries out the effect, so either both commit or
 * neither does; a concurrent repeat waits on the key's row and then reads the stored answer.
 *
 * A header key names one action: the same key with another body is no repeat, and answering it
 * with the first action's result would tell the sender that a request never carried out had
 * succeeded. The key's row keeps a digest of the body it was claimed with (`body_hash`), and
 * `once` refuses a claim whose body differs (`idempotencyKeyReused`), changing nothing.
 */
export interface SubmissionKey {
  key: string;
  /** Only body-derived keys expire after the window. */
  windowMs: number | undefined;
  /** A header key's digest of the body, its members in a fixed order: what a repeat of the key must match. */
  fingerprint?: string;
}

const HEADER_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Whether an Idempotency-Key header, when sent, has the key's form. A malformed one is refused
 * before any route runs (strictInput.ts): taken as "no key", a retry of it after the body's 2-s
 * window would carry the action out twice (a `retry.key.1` moved a transfer twice).
 */
export const wellFormedKey = (header: unknown): boolean => header === undefined || (typeof header === 'string' && HEADER_KEY.test(header));

/**
 * The key of a submission: the header's value when it is well formed, else a hash of the body.
 * `fingerprint`: the caller's own exact rendering of the body, for a hot path that would rather not
 * hash it (spot orders); by default a digest of the body, made when first read.
 */
export function submissionKey(scope: string, header: unknown, body: unknown, fingerprint?: string): SubmissionKey {
  if (typeof header === 'string' && HEADER_KEY.test(header)) {
    if (fingerprint !== undefined) return { key: `${scope}:${header}`, windowMs: undefined, fingerprint };
    let digest: string | undefined;
    return {
      key: `${scope}:${header}`,
      windowMs: undefined,
      get fingerprint() {
        return (digest ??= createHash('sha256').update(JSON.stringify(ordered(body ?? null))).digest('base64url'));
      },
    };
  }
  // The key is the body's own digest: one key, one body.
  const digest = createHash('sha256').update(JSON.stringify(body ?? null)).digest('base64url');
  return { key: `body:${scope}:${digest}`, windowMs: ANTI_DOUBLE_SUBMIT_MS };
}

/** `value` with every object's members sorted by name: the same body sent in another member order is the same action. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, ordered((value as Record<string, unknown>)[k])]));
}

/** `otherBody`: the key was first claimed with another body (both digests known), so this is no repeat of it. */
export type Claim<T> = { fresh: true } | { fresh: false; response: T; otherBody?: true };

/**
 * Claims `key` for `userId` inside `tx`. Fresh: carry out the effect and call `remember` in the
 * same transaction. Not fresh: the stored answer of the first submission.
 */
export async function claim<T>(tx: Queryable, userId: number, scope: string, key: SubmissionKey, now: number): Promise<Claim<T>> {
  const inserted = await tx.query(
    `insert into idempotency_key (user_id, key, scope, created_ms, body_hash) values ($1, $2, $3, $4, $5) on conflict do nothing returning 1 as one`,
    [userId, key.key, scope, now, key.fingerprint ?? null],
  );
  if (inserted.length > 0) return { fresh: true };
  const [row] = await tx.query<{ response: T; created_ms: string | number; body_hash: string | null }>(
    `select response, created_ms, body_hash from idempotency_key where user_id = $1 and key = $2 for update`,
    [userId, key.key],
  );
  if (row && key.windowMs !== undefined && now - Number(row.created_ms) > key.windowMs) {
    // A body-derived key outside the window: a new, deliberate submission.
    await tx.query(`update idempotency_key set created_ms = $3, response = null where user_id = $1 and key = $2`, [userId, key.key, now]);
    return { fresh: true };
  }
  // A row from before the digest was kept, or claimed by a batch that keeps none, is not compared.
  const otherBody = row !== undefined && row.body_hash !== null && key.fingerprint !== undefined && row.body_hash !== key.fingerprint;
  return { fresh: false, response: row!.response, ...(otherBody && { otherBody: true as const }) };
}

/** The refusal of a key first used with another body (thrown inside the claim's transaction: nothing of it is kept). */
export const keyReused = () => new ApiFailure(ResultCode.badRequest, 'idempotencyKeyReused');

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
    if (!claimed.fresh) {
      if (claimed.otherBody) throw keyReused();
      return claimed.response;
    }
    const response = await effect(tx);
    await remember(tx, userId, key, response);
    return response;
  });
}

/** Forgets header keys older than a day and body keys past their window (run now and then). */
export async function pruneKeys(db: Queryable, now = Date.now()): Promise<void> {
  await db.query(`delete from idempotency_key where created_ms < $1 or (key like 'body:%' and created_ms < $2)`, [now - 86_400_000, now - ANTI_DOUBLE_SUBMIT_MS]);
}

/** One submission of a batch to claim: who, under which scope, with which key. */
export interface BatchClaim {
  userId: number;
  scope: string;
  key: SubmissionKey;
}

/**
 * `claim` for a whole batch, as a common table expression (`claimed as (…)`, whose rows are the
 * keys this batch took: `user_id`, `key`) of a larger statement inside the batch's transaction (the
 * spot record stage claims its keys and locks its balances in one round trip); `claimAnswers` then
 * answers, per claim in order, fresh or the first submission's stored answer (`otherBody` when
 * that submission's body was another). Two claims of the same key in one batch: the first is
 * fresh, the second is told `{ fresh: false, sameBatchAs: index }` so that the caller answers it
 * with the first one's result once the batch is done (or refuses it: `sameBody`). `cte` is empty
 * when there is nothing to insert.
 */
export function claimWrites(params: StatementParams, claims: readonly BatchClaim[], now: number): { cte: string; claims: readonly BatchClaim[]; firsts: Array<number | undefined> } {
  // Per claim: undefined for the first claim of its key, else the index of that first claim.
  const firsts: Array<number | undefined> = new Array(claims.length);
  const firstIndex = new Map<string, number>();
  const toInsert: number[] = [];
  claims.forEach((c, i) => {
    const id = `${c.userId}\u0000${c.key.key}`;
    const first = firstIndex.get(id);
    if (first !== undefined) firsts[i] = first;
    else {
      firstIndex.set(id, i);
      toInsert.push(i);
    }
  });
  if (toInsert.length === 0) return { cte: '', claims, firsts };
  const cte = `claimed as (
       insert into idempotency_key (user_id, key, scope, created_ms, body_hash)
       select * from unnest(${params.add(toInsert.map((i) => claims[i]!.userId))}::bigint[], ${params.add(toInsert.map((i) => claims[i]!.key.key))}::text[],
         ${params.add(toInsert.map((i) => claims[i]!.scope))}::text[], ${params.add(toInsert.map(() => now))}::bigint[],
         ${params.add(toInsert.map((i) => claims[i]!.key.fingerprint ?? null))}::text[])
       on conflict do nothing returning user_id, key
     )`;
  return { cte, claims, firsts };
}

/**
 * Claims whose answers are known before the write (the spot record stage names its orders first),
 * as a common table expression (`keys_claimed as (…)`) of a one-statement write that is its own
 * transaction: the statement fails whole, on the key's primary key, if any key was taken meanwhile.
 * The caller has made sure that none was used before and none comes twice (a repeat needs `claim`'s
 * stored answer). Empty when there is nothing to claim. A plain insert, not `on conflict do nothing`
 * and a count: a speculative insertion writes a second WAL record per row (Heap/HEAP_CONFIRM), one
 * per order on the spot hot path.
 */
export function claimsAnswered(
  params: StatementParams,
  claims: ReadonlyArray<BatchClaim & { response: unknown }>,
  now: number,
): string {
  if (claims.length === 0) return '';
  return `keys_claimed as (
       insert into idempotency_key (user_id, key, scope, created_ms, response, body_hash)
       select u, key, scope, ${params.add(now)}::bigint, response::jsonb, body_hash
       from unnest(${params.add(claims.map((c) => c.userId))}::bigint[], ${params.add(claims.map((c) => c.key.key))}::text[],
         ${params.add(claims.map((c) => c.scope))}::text[], ${params.add(claims.map((c) => JSON.stringify(c.response ?? null)))}::text[],
         ${params.add(claims.map((c) => c.key.fingerprint ?? null))}::text[]) as t(u, key, scope, response, body_hash)
     )`;
}

/** Whether two claims of one key carry the same body (both digests known, or either unknown: not compared). */
export function sameBody(a: SubmissionKey, b: SubmissionKey): boolean {
  return a.fingerprint === undefined || b.fingerprint === undefined || a.fingerprint === b.fingerprint;
}

/** The answers of `claimWrites`' claims, given the rows it inserted (repeats of earlier submissions are looked up one by one: rare). */
export async function claimAnswers<T>(
  tx: Queryable,
  writes: ReturnType<typeof claimWrites>,
  inserted: ReadonlyArray<{ user_id: number; key: string }>,
  now: number,
): Promise<Array<Claim<T> | { fresh: false; sameBatchAs: number }>> {
  const { claims, firsts } = writes;
  const answers: Array<Claim<T> | { fresh: false; sameBatchAs: number }> = new Array(claims.length);
  const fresh = new Set(inserted.map((r) => `${Number(r.user_id)}\u0000${r.key}`));
  for (let i = 0; i < claims.length; i++) {
    const first = firsts[i];
    const c = claims[i]!;
    if (first !== undefined) answers[i] = { fresh: false, sameBatchAs: first };
    else if (fresh.has(`${c.userId}\u0000${c.key.key}`)) answers[i] = { fresh: true };
    // A repeat (a retry, a double click): the single-claim path, including a body-derived key
    // whose window has passed.
    else answers[i] = await claim<T>(tx, c.userId, c.scope, c.key, now);
  }
  return answers;
}

/** `remember` for a batch: every fresh claim's answer in one statement. */
export async function rememberBatch(tx: Queryable, answers: ReadonlyArray<{ userId: number; key: SubmissionKey; response: unknown }>): Promise<void> {
  if (answers.length === 0) return;
  const params = new StatementParams();
  await tx.query(`with ${rememberedWrites(params, answers)} select 1`, params.values);
}

/** Frees the keys of a batch's refused submissions in one statement, so that a retry with one is carried out. */
export async function forgetBatch(tx: Queryable, keys: ReadonlyArray<{ userId: number; key: string }>): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(`delete from idempotency_key k using unnest($1::bigint[], $2::text[]) as t(u, key) where k.user_id = t.u and k.key = t.key`, [
    keys.map((k) => k.userId),
    keys.map((k) => k.key),
  ]);
}

/** `rememberBatch` as a common table expression (`remembered as (…)`) of a larger statement; empty when there is nothing to remember. */
export function rememberedWrites(params: StatementParams, answers: ReadonlyArray<{ userId: number; key: SubmissionKey; response: unknown }>): string {
  if (answers.length === 0) return '';
  // The body digest too: a key freed by a refused submission and carried out by another body in
  // the same batch is that body's.
  return `remembered as (
       update idempotency_key k set response = t.response::jsonb, body_hash = coalesce(t.body_hash, k.body_hash)
       from unnest(${params.add(answers.map((a) => a.userId))}::bigint[], ${params.add(answers.map((a) => a.key.key))}::text[], ${params.add(answers.map((a) => JSON.stringify(a.response ?? null)))}::text[],
         ${params.add(answers.map((a) => a.key.fingerprint ?? null))}::text[]) as t(u, key, response, body_hash)
       where k.user_id = t.u and k.key = t.key
     )`;
}

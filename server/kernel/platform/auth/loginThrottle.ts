import type { Queryable } from '../db/database.js';

/**
 * Wrong-password backoff for sign-ins (users and operators), issue 34 item 5. A hard lock of the
 * account after five wrong passwords let anyone lock out anyone — the operator included — so the
 * lock now falls on the pair (account, client address) that guessed, and the account as a whole
 * only slows down:
 *
 * - five wrong passwords from one client within 15 minutes lock that client out of that account
 *   for 15 minutes; the owner on another client is not affected;
 * - past ten wrong passwords on the account within 15 minutes (from any clients), each further one
 *   makes the next try wait 1, 2, 4 … up to 60 seconds — except on a client that has signed into
 *   this account before (its known devices), so guessing from many addresses cannot hold the owner out.
 *
 * The counts live in `login_failure` (one PostgreSQL for every process, so a front and a server
 * count together). Pair rows are keyed `pair <client> <account>`: accounts never hold a space.
 * Per-client request rates (any account) are @fastify/rate-limit's, on the routes (kernel/platform/http/rateLimit.ts).
 */
export const PAIR_MAX_FAILURES = 5;
export const PAIR_LOCK_MINUTES = 15;
/** Wrong passwords further apart than this start the counts again. */
export const FAILURE_WINDOW_MINUTES = 15;
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_SECONDS = 60;

export type LoginRefusal = { key: 'loginLockedHere'; vars: { minutes: string } } | { key: 'loginSlowDown'; vars: { seconds: string } };

const pairKey = (account: string, client: string) => `pair ${client} ${account}`;

/** The refusal that holds for this client now, if any; a known client skips the account-wide delay. */
export async function loginBlocked(db: Queryable, account: string, client: string, knownClient: boolean): Promise<LoginRefusal | undefined> {
  const rows = await db.query<{ account: string; seconds: number }>(
    `select account, ceil(extract(epoch from locked_until - now()))::int as seconds
     from login_failure where account = any($1::text[]) and locked_until > now()`,
    [[pairKey(account, client), account]],
  );
  const pair = rows.find((r) => r.account !== account);
  if (pair) return { key: 'loginLockedHere', vars: { minutes: String(Math.max(1, Math.ceil(Number(pair.seconds) / 60))) } };
  const whole = rows.find((r) => r.account === account);
  if (whole && !knownClient) return { key: 'loginSlowDown', vars: { seconds: String(Math.max(1, Number(whole.seconds))) } };
  return undefined;
}

/** Counts a wrong password for the pair and the account; answers the refusal it brought on this client, if any. */
export async function loginFailed(db: Queryable, account: string, client: string): Promise<LoginRefusal | undefined> {
  const pairFailures = await countFailure(db, pairKey(account, client));
  const accountFailures = await countFailure(db, account);
  if (accountFailures > ACCOUNT_FREE_FAILURES) {
    const seconds = Math.min(ACCOUNT_MAX_DELAY_SECONDS, 2 ** Math.min(16, accountFailures - ACCOUNT_FREE_FAILURES - 1));
    await db.query(`update login_failure set locked_until = now() + make_interval(secs => $2) where account = $1`, [account, seconds]);
  }
  if (pairFailures >= PAIR_MAX_FAILURES) {
    await db.query(`update login_failure set failures = 0, locked_until = now() + make_interval(mins => $2) where account = $1`, [pairKey(account, client), PAIR_LOCK_MINUTES]);
    return { key: 'loginLockedHere', vars: { minutes: String(PAIR_LOCK_MINUTES) } };
  }
  return undefined;
}

/**
 * The right password: this client's count starts again. The account's count is left to its window,
 * so a guesser who also knows an old device cannot reset the others' delay by signing in elsewhere.
 */
export async function loginSucceeded(db: Queryable, account: string, client: string): Promise<void> {
  await db.query('delete from login_failure where account = $1', [pairKey(account, client)]);
}

/** Every count of an account ends (a password reset: the new password is the owner's). */
export async function forgetLoginFailures(db: Queryable, account: string): Promise<void> {
  await db.query(`delete from login_failure where account = $1 or (account like 'pair %' and right(account, length($1) + 1) = ' ' || $1)`, [account]);
}

/**
 * Counts that no longer count: last touched before the window (countFailure would start them
 * again at 1) and not locked now. Without it every wrong password from every address stayed a row
 * for ever, and a password reset's cleanup (forgetLoginFailures) reads them all.
 */
export async function pruneLoginFailures(db: Queryable): Promise<void> {
  await db.query(
    `delete from login_failure where updated_at < now() - make_interval(mins => $1) and (locked_until is null or locked_until < now())`,
    [FAILURE_WINDOW_MINUTES],
  );
}

async function countFailure(db: Queryable, key: string): Promise<number> {
  const [row] = await db.query<{ failures: number }>(
    `insert into login_failure (account, failures, updated_at) values ($1, 1, now())
     on conflict (account) do update set updated_at = now(),
       failures = case when login_failure.updated_at < now() - make_interval(mins => $2) then 1 else login_failure.failures + 1 end
     returning failures`,
    [key, FAILURE_WINDOW_MINUTES],
  );
  return Number(row!.failures);
}

import type { Queryable } from '../../db/database.js';
import type { MessageKey } from '../../i18n/messages.js';
import { Refusal } from '../../outcome.js';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../accountRules.js';
import { verifyPassword } from '../passwords.js';
import { addressKey } from '../../http/rateLimit.js';
import './messages.js';

/**
 * The funds password (spec §6: asked for sensitive actions), checked here since issue 49: the
 * wallet's withdrawal asked for it, P2P's release did not, and products never import each other.
 * One count of wrong guesses and one lock per user, whichever product asked: guesses at a P2P
 * release count towards the lock of withdrawals and the other way round.
 */

/** The same rule as login (spec §6): 5 wrong in a row lock for 15 minutes. */
export const FUNDS_PASSWORD_MAX_FAILURES = LOGIN_MAX_FAILURES;
export const FUNDS_PASSWORD_LOCK_MINUTES = LOGIN_LOCK_MINUTES;
/** Wrong guesses further apart than this start the count again. */
const FAILURE_WINDOW_MINUTES = LOGIN_LOCK_MINUTES;
/**
 * Per client address, whichever accounts it guesses at: this many wrong ones, each within the
 * window of the last, lock the address out of every funds-password check for 15 minutes. The
 * per-user limit alone let one address with many stolen sessions try 4 guesses on each account in
 * turn. Four times the per-user count: a household's members mistyping their own, or one user
 * typing the right one between mistypes (which starts their own count again), stay under it.
 */
export const FUNDS_PASSWORD_CLIENT_MAX_FAILURES = 4 * FUNDS_PASSWORD_MAX_FAILURES;

/** Which messages a refusal uses: the wallet keeps its own wording ("withdrawals are locked …"). */
export interface FundsPasswordMessages {
  wrong: MessageKey;
  locked: MessageKey;
}
const GENERAL: FundsPasswordMessages = { wrong: 'fundsPasswordIncorrect', locked: 'fundsPasswordTooManyWrong' };

// Funds-password lockouts live in login_failure beside logins', under a prefix no account can have
// (accounts are e-mail addresses or "+area-digits"; operators use "operator:").
const lockKey = (userId: number) => `funds:${userId}`;
/** A client's count: its address as the routes' rate limits key it (an IPv6 one by its /64). */
const clientKey = (client: string) => `funds-client ${addressKey(client)}`;
/** The caller's clock (ms) as a timestamptz, so tests that move the clock move the lock too. */
const AT = (param: string) => `to_timestamp(${param}::double precision / 1000)`;

/**
 * Checks of one user run one after another in this process, so guesses sent all at once are
 * counted before the next is verified and cannot slip past the limit together. Not a database
 * transaction: that would hold a connection (with PGlite, the whole database) during the ~50 ms of
 * scrypt. Across several server processes at most one guess per process can overlap.
 */
const checking = new Map<number, Promise<unknown>>();
function oneAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const run = (checking.get(userId) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  checking.set(userId, tail);
  void tail.then(() => {
    if (checking.get(userId) === tail) checking.delete(userId);
  });
  return run;
}

/**
 * Checks a user's funds password with the accounts' own scrypt verification, and throws a
 * translated Refusal when it is wrong or locked. A user without one set never matches. 5 wrong ones
 * in a row (each within 15 minutes of the last) lock every funds-password check of the user for 15
 * minutes, the right password too; the right one resets the count.
 *
 * `client` (the request's address) has its own budget across every account it guesses at
 * (FUNDS_PASSWORD_CLIENT_MAX_FAILURES), as sign-ins have per address (http/rateLimit.ts,
 * loginThrottle.ts): each check takes one guess from it before scrypt, in one statement, so checks
 * sent at once on many accounts cannot all pass a count read before any of them was added; the
 * right password gives its guess back. The budget spent, the address is refused for 15 minutes.
 *
 * Pass the database, not the caller's transaction: a wrong guess must stay counted although the
 * caller's work is rolled back (or never starts).
 */
export function requireFundsPassword(db: Queryable, userId: number, password: string, now: number, client: string, messages: FundsPasswordMessages = GENERAL): Promise<void> {
  const key = lockKey(userId);
  const here = clientKey(client);
  return oneAtATime(userId, async () => {
    const locks = await db.query<{ account: string; minutes: number }>(
      `select account, ceil(extract(epoch from locked_until - ${AT('$2')}) / 60)::int as minutes from login_failure where account = any($1::text[]) and locked_until > ${AT('$2')}`,
      [[here, key], now],
    );
    const clientLock = locks.find((l) => l.account === here);
    if (clientLock) throw new Refusal('fundsPasswordTooManyHere', { minutes: String(Math.max(1, Number(clientLock.minutes))) });
    const [lock] = locks;
    if (lock) throw new Refusal(messages.locked, { minutes: String(Math.max(1, Number(lock.minutes))) });
    const taken = await takeClientGuess(db, here, now);
    if (taken.lockedMinutes !== null) throw new Refusal('fundsPasswordTooManyHere', { minutes: String(Math.max(1, taken.lockedMinutes)) });
    if (taken.count > FUNDS_PASSWORD_CLIENT_MAX_FAILURES) {
      await lockOut(db, here, now);
      throw new Refusal('fundsPasswordTooManyHere', { minutes: String(FUNDS_PASSWORD_LOCK_MINUTES) });
    }
    if (await fundsPasswordMatches(db, userId, password)) {
      await db.query('delete from login_failure where account = $1', [key]);
      await db.query('update login_failure set failures = greatest(failures - 1, 0) where account = $1', [here]);
      return;
    }
    const failures = await countFailure(db, key, now);
    if (taken.count >= FUNDS_PASSWORD_CLIENT_MAX_FAILURES) {
      await lockOut(db, here, now);
      throw new Refusal('fundsPasswordTooManyHere', { minutes: String(FUNDS_PASSWORD_LOCK_MINUTES) });
    }
    if (failures >= FUNDS_PASSWORD_MAX_FAILURES) {
      await lockOut(db, key, now);
      throw new Refusal(messages.locked, { minutes: String(FUNDS_PASSWORD_LOCK_MINUTES) });
    }
    throw new Refusal(messages.wrong, { attempts: String(FUNDS_PASSWORD_MAX_FAILURES - failures) });
  });
}

/** One more wrong guess (or, for a client, one taken) under `key`; answers the count in the window. */
async function countFailure(db: Queryable, key: string, now: number): Promise<number> {
  const [state] = await db.query<{ failures: number }>(
    `insert into login_failure (account, failures, updated_at) values ($1, 1, ${AT('$2')})
     on conflict (account) do update set updated_at = ${AT('$2')},
       failures = case when login_failure.updated_at < ${AT('$2')} - make_interval(mins => $3) then 1 else login_failure.failures + 1 end
     returning failures`,
    [key, now, FAILURE_WINDOW_MINUTES],
  );
  return Number(state!.failures);
}

/**
 * Takes one guess from a client's budget, in one statement that also sees its lock: a check that
 * read "not locked" before another check locked the address (lockOut sets the count to 0) must not
 * start a fresh count after it, or a burst of checks at once gets past the budget (CI saw 22 of 20).
 * A locked address takes nothing and answers the minutes left.
 */
async function takeClientGuess(db: Queryable, key: string, now: number): Promise<{ count: number; lockedMinutes: number | null }> {
  const [state] = await db.query<{ failures: number; minutes: number | null }>(
    `insert into login_failure (account, failures, updated_at) values ($1, 1, ${AT('$2')})
     on conflict (account) do update set
       updated_at = case when login_failure.locked_until > ${AT('$2')} then login_failure.updated_at else ${AT('$2')} end,
       failures = case
         when login_failure.locked_until > ${AT('$2')} then login_failure.failures
         when login_failure.updated_at < ${AT('$2')} - make_interval(mins => $3) then 1
         else login_failure.failures + 1 end
     returning failures,
       case when locked_until > ${AT('$2')} then ceil(extract(epoch from locked_until - ${AT('$2')}) / 60)::int end as minutes`,
    [key, now, FAILURE_WINDOW_MINUTES],
  );
  return { count: Number(state!.failures), lockedMinutes: state!.minutes === null ? null : Number(state!.minutes) };
}

const lockOut = (db: Queryable, key: string, now: number) =>
  db.query(`update login_failure set failures = 0, locked_until = ${AT('$2')} + make_interval(mins => $3) where account = $1`, [key, now, FUNDS_PASSWORD_LOCK_MINUTES]);

export async function fundsPasswordMatches(db: Queryable, userId: number, password: string): Promise<boolean> {
  const [row] = await db.query<{ funds_password_hash: string }>('select funds_password_hash from app_user where id = $1', [userId]);
  return Boolean(row?.funds_password_hash) && (await verifyPassword(password, row!.funds_password_hash));
}

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Memory-hard password hashing (scrypt, N=2^15, r=8, p=1: 32 MiB and ~50 ms per hash here),
 * stored as "scrypt$N$r$p$salt$hash" so the parameters can be raised later without breaking old
 * hashes.
 */
export const PASSWORD_HASH_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

let params = PASSWORD_HASH_PARAMS;

/**
 * The cost new hashes are made at, for the server's own test suite only
 * (tests/server/cheapPasswordHashes.setup.ts): there each file builds the app and signs users up and
 * in, and full-cost hashes were about a third of the suite's CPU (perf, 2026-12-02). Nothing in
 * server/ calls it (tests/server/passwords.test.ts): a server always hashes at full cost. A hash
 * keeps the parameters it was made with, so every hash is checked at its own cost either way.
 */
export function setPasswordHashCostForTests(cost: ScryptParams): void {
  params = cost;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 128 * options.N! * options.r! * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let decoy: Promise<string> | undefined;

/**
 * A hash of no one's password, made once. Start making it early (`decoyHash()` at start), so that
 * the first login to an unknown account does not pay a hash on top of the check and stand out.
 */
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword(`decoy-${randomBytes(8).toString('hex')}`));
}

/**
 * Checks a password against an account's stored hash — or, when there is no such account, against
 * the decoy — so a refusal costs the same scrypt work whether or not the account exists, and its
 * timing does not tell which.
 */
export async function verifyPasswordOrDecoy(password: string, stored: string | undefined | null): Promise<boolean> {
  if (stored) return verifyPassword(password, stored);
  await verifyPassword(password, await decoyHash());
  return false;
}

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATOR_ROLES } from '../../../domain/operators';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { enrolWithSecret, recoveryHash } from '../../../server/kernel/platform/auth/twoFactor.js';
import { embeddedDatabaseUrl } from '../../../server/kernel/platform/db/embeddedPostgres.js';
import { openPostgres } from '../../../server/kernel/platform/db/postgres.js';
import { nextOperatorCode } from './operatorSession';

/**
 * Operators of a test's own, each with every role and a TOTP secret of its own. The server takes a
 * code of one operator once, and at most the steps either side of now: three codes a 30-second step.
 * The suite's environment operator alone was a queue every desk test waited in (the German
 * listing test spent 90 s where the English one took 22 s, waiting for steps). A test that types
 * its operator's code signs in as one of these instead: its codes are its own.
 */
export interface DeskOperator {
  account: string;
  password: string;
  totpSecret: string;
  /** A code of its next unused step (this process counts them: one test uses one operator). */
  code(): Promise<string>;
}

/** Every desk operator the suite's tests use, made by globalSetup before any test. */
export const DESK_OPERATORS = ['listing-en_US', 'listing-de_DE', 'twoFactor-de_DE', 'heldDeposits', 'feesProof-en_US', 'feesProof-fr_FR', 'identity', 'queue', 'backOffice-en_US', 'backOffice-de_DE', 'backOffice-api'] as const;
export type DeskOperatorName = (typeof DESK_OPERATORS)[number];

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function deskOperator(name: DeskOperatorName): DeskOperator {
  // A secret derived from the name: the same in globalSetup and in the test's worker.
  const bytes = createHash('sha256').update(`openex-e2e-desk-operator:${name}`).digest();
  const totpSecret = [...bytes.subarray(0, 20)].map((b) => BASE32[b % 32]).join('');
  // The back-office journeys' admins ask many codes in one test (each grant is an ask and a second
  // admin's approval): recovery codes of their own, at once, instead of a TOTP step every third code.
  const code = WITH_RECOVERY_CODES.has(name) ? () => nextRecoveryCode(name) : () => nextOperatorCode(false, totpSecret);
  return { account: `e2e-${name.toLowerCase()}@openex.test`, password: 'DeskOperator2026', totpSecret, code };
}

/** Makes the desk operators in the suite's embedded database (`dataDir` is the server's DATA_DIR), as OPERATOR_* makes the environment's. */
export async function createDeskOperators(dataDir: string): Promise<void> {
  const db = await openPostgres(embeddedDatabaseUrl(join(dataDir, 'postgres')), { pool: 1, planOnce: 1 });
  try {
    for (const name of DESK_OPERATORS) {
      const operator = deskOperator(name);
      const hash = await hashPassword(operator.password);
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `insert into app_user (account, nickname, kind, password_hash) values ($1, $1, 'operator', $2)
           on conflict (account) do update set password_hash = excluded.password_hash returning id`,
          [operator.account, hash],
        );
        const id = Number(row!.id);
        await tx.query(`insert into operator_account (user_id, roles) values ($1, $2::text[]) on conflict (user_id) do nothing`, [id, [...OPERATOR_ROLES]]);
        await enrolWithSecret(tx, id, operator.totpSecret);
        if (name === IDENTITY_REVIEWER) {
          await tx.query('delete from two_factor_recovery where user_id = $1', [id]);
          for (let i = 0; i < REVIEWER_CODES; i++) await tx.query('insert into two_factor_recovery (user_id, code_hash) values ($1, $2)', [id, recoveryHash(reviewerCode(i))]);
        }
        if (WITH_RECOVERY_CODES.has(name)) {
          await tx.query('delete from two_factor_recovery where user_id = $1', [id]);
          for (let i = 0; i < DESK_RECOVERY_CODES; i++) await tx.query('insert into two_factor_recovery (user_id, code_hash) values ($1, $2)', [id, recoveryHash(deskRecoveryCode(name, i))]);
        }
      });
    }
  } finally {
    await db.close();
  }
}

/**
 * The suite's identity reviewer (verifyIdentity): an identity review asks the operator's own code,
 * and a TOTP code is good once, three a 30-second step, so the suite's ~20 reviews through one
 * operator's steps waited minutes. The reviewer has enough recovery codes of its own instead (each
 * works once, at once), handed out across globalSetup and the workers by a counter under a lock.
 */
export const IDENTITY_REVIEWER = 'identity' satisfies DeskOperatorName;
const REVIEWER_CODES = 400;
const reviewerCode = (i: number) => createHash('sha256').update(`openex-e2e-reviewer:${i}`).digest('hex').slice(0, 10).toUpperCase();

const counterFile = () => join(process.env.E2E_DATA_DIR ?? '', 'reviewer-codes-used');

/** The reviewer's next unused recovery code. */
export async function nextReviewerCode(): Promise<string> {
  return reviewerCode(await takeCounted(counterFile(), REVIEWER_CODES, "the identity reviewer's"));
}

/**
 * The next index of a pool of `size` codes, counted in `file` under a lock (a directory made
 * atomically), so the suite's workers and retries never hand out a code twice.
 */
async function takeCounted(file: string, size: number, whose: string): Promise<number> {
  const lock = `${file}.lock`;
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    let used = 0;
    try {
      used = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      // None used yet.
    }
    if (used >= size) throw new Error(`${whose} ${size} recovery codes are used up`);
    writeFileSync(file, String(used + 1));
    return used;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Desk operators whose `code()` gives recovery codes of their own (each good once, at once), handed out by a counter per operator under a lock, as the reviewer's. */
const WITH_RECOVERY_CODES = new Set<DeskOperatorName>(['backOffice-en_US', 'backOffice-de_DE', 'backOffice-api']);
const DESK_RECOVERY_CODES = 60;
const deskRecoveryCode = (name: string, i: number) => createHash('sha256').update(`openex-e2e-desk-recovery:${name}:${i}`).digest('hex').slice(0, 10).toUpperCase();

async function nextRecoveryCode(name: DeskOperatorName): Promise<string> {
  return deskRecoveryCode(name, await takeCounted(join(process.env.E2E_DATA_DIR ?? '', `recovery-${name}-used`), DESK_RECOVERY_CODES, `${name}'s`));
}

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { OPERATOR_ROLES } from '../../../domain/operators';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { enrolWithSecret } from '../../../server/kernel/platform/auth/twoFactor.js';
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
export const DESK_OPERATORS = ['listing-en_US', 'listing-de_DE', 'twoFactor-de_DE', 'heldDeposits', 'feesProof-en_US', 'feesProof-fr_FR'] as const;
export type DeskOperatorName = (typeof DESK_OPERATORS)[number];

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function deskOperator(name: DeskOperatorName): DeskOperator {
  // A secret derived from the name: the same in globalSetup and in the test's worker.
  const bytes = createHash('sha256').update(`openex-e2e-desk-operator:${name}`).digest();
  const totpSecret = [...bytes.subarray(0, 20)].map((b) => BASE32[b % 32]).join('');
  return { account: `e2e-${name.toLowerCase()}@openex.test`, password: 'DeskOperator2026', totpSecret, code: () => nextOperatorCode(false, totpSecret) };
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
      });
    }
  } finally {
    await db.close();
  }
}

import type { Queryable } from '../db/database.js';
import { registerMessages } from '../i18n/messages.js';
import type { Offers } from '../offers.js';
import { Refusal } from '../outcome.js';
import type en_US from './locales/en_US.json';

/**
 * A frozen account (issue 51 §3; migration 042: app_user.frozen_at, frozen_reason): the accounts
 * product's users desk freezes it; what a freeze means reaches products that never import the
 * accounts product through here.
 *
 * - The kernel's own parts check the row: the session lookup (auth/sessions.ts) finds no frozen
 *   user's token, the sign-in refuses with the reason (`requireNotFrozen`), a new withdrawal is
 *   refused (auth/withdrawalLock.ts).
 * - What a product holds for the user — spot's resting orders and stops — is released by the
 *   product itself, through its own cancel path: it registers a releaser with `accountFreezes(offers)`
 *   when it is created, and the desk calls `release(userId)` after the freeze commits. In the
 *   cluster the normal cancel path sends each order to the process that owns its market.
 */
type AccountFreezeMessages = typeof en_US;
declare module '../i18n/messages.js' {
  interface MessageCatalogue extends AccountFreezeMessages {}
}
registerMessages(new URL('./locales/', import.meta.url));

/** What one product released for a frozen user: a count per kind ("spot orders": 2). */
export type Released = Record<string, number>;

export interface FreezeReleaser {
  /** The product's id, for the operator's report and the log. */
  product: string;
  release(userId: number): Promise<Released>;
}

export interface AccountFreezes {
  register(releaser: FreezeReleaser): void;
  /**
   * After the freeze committed: every registered product releases what it holds for the user. A
   * product that fails does not stop the others; its id is in `failed` (the operator sees it and
   * can freeze again, which releases again: releasing is idempotent).
   */
  release(userId: number): Promise<{ released: Released; failed: string[] }>;
}

declare module '../offers.js' {
  interface OfferedServices {
    /** The freeze's fan-out (kernel/platform/accountFreeze): products register what a freeze releases. */
    accountFreezes: AccountFreezes;
  }
}

function createAccountFreezes(): AccountFreezes {
  const releasers: FreezeReleaser[] = [];
  return {
    register: (releaser) => void releasers.push(releaser),
    async release(userId) {
      const released: Released = {};
      const failed: string[] = [];
      for (const releaser of releasers) {
        try {
          Object.assign(released, await releaser.release(userId));
        } catch {
          failed.push(releaser.product);
        }
      }
      return { released, failed };
    },
  };
}

/**
 * The process's registry, kept in the kernel's offers so it is one per running server (tests run
 * several servers in one process) and whichever product is created first makes it. Undefined where
 * offers are absent (market processes, HTTP fronts: the freeze is made on the server).
 */
export function accountFreezes(offers: Offers | undefined): AccountFreezes | undefined {
  if (!offers) return undefined;
  const known = offers.use('accountFreezes');
  if (known) return known;
  const made = createAccountFreezes();
  offers.offer('accountFreezes', made);
  return made;
}

/** The freeze's reason when the user is frozen, else undefined. */
export async function frozenReason(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await db.query<{ reason: string }>('select frozen_reason as reason from app_user where id = $1 and frozen_at is not null', [userId]);
  return row?.reason;
}

/**
 * Throws the translated "This account is frozen: …" refusal for a frozen user. `locked`: inside a
 * transaction that sends value (a withdrawal's approval), the user's row is read `for share`, so a
 * freeze committing at the same instant (it holds the row `for update`) is waited for, not missed.
 */
export async function requireNotFrozen(db: Queryable, userId: number, options: { locked?: boolean } = {}): Promise<void> {
  const [row] = options.locked
    ? await db.query<{ reason: string | null }>('select case when frozen_at is not null then frozen_reason end as reason from app_user where id = $1 for share', [userId])
    : [{ reason: (await frozenReason(db, userId)) ?? null }];
  if (row && row.reason !== null) throw new Refusal('accountFrozen', { reason: row.reason });
}

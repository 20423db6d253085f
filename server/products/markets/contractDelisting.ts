import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { cacheChanged, forgetCache } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { listedBy } from '../../kernel/platform/pairListing.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { announceDelisting, type DelistAnnounced, type DelistingColumns } from './announceDelisting.js';
import './messages.js';

const CONTRACT_DELISTING: DelistingColumns = {
  kind: 'contract.delist',
  objectType: 'contract',
  atColumn: 'contract_delist_at',
  reasonColumn: 'contract_delist_reason',
  announceable: `${listedBy('futures')} and contract_delist_halted_at is null`,
  notListed: 'contractNotListed',
};

/**
 * Delisting a perpetual contract (issue 52 §1; docs/OPERATOR.md "Delisting a contract"), as stored
 * steps in the pair row (migration 058), like a spot market's (delisting.ts):
 * 1. `announce`: a risk operator, with their 2FA code, gives the time and the reason traders read
 *    (audited in the announcement's transaction); the contract trades on until then.
 * 2. `due()`, run each second by the process holding the duties: at the announced time it halts the
 *    contract with the reason (`contract_halted_reason`: opening orders refused with the translated
 *    halt message wherever futures runs, closes and cancels allowed) and stores when
 *    (`contract_delist_halted_at`).
 * 3. A settle time later the futures process that owns the contract's book — which may be another
 *    process than the duties' — finds it due, as it finds a halt, and in one of its batches cancels
 *    every order and plan, closes every position at the mark (margin back to the traders' futures
 *    accounts, a shortfall from the insurance fund) and sets the futures' `pair_listing` row 0 and
 *    `contract_delisted_at` (futures/delisting.ts). The lists leave the contract out from then on;
 *    its orders, trades and positions stay in the histories. No step holds a timer: a restart or a
 *    takeover carries on where the rows say.
 */
export function contractDelisting(db: Database, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;

  /** A contract's announcement (announceDelisting.ts): once halted by its delisting, the time can no longer be moved. */
  const announce = (operator: OperatorActor, symbol: string, at: number, reason: string, code: string | undefined, lang?: string): Promise<Outcome<DelistAnnounced>> =>
    announceDelisting(db, CONTRACT_DELISTING, { operator, symbol, at, reason, code, lang, now: now() });

  // The last contract delisting this process has told of (futures closes it elsewhere, maybe in another process).
  let toldUpTo: Date | undefined;

  /** Contracts the futures process delisted since the last pass (the first pass only notes where it stands). */
  async function closedSince(): Promise<string[]> {
    const rows = await db.query<{ symbol: string; at: Date }>(
      `select left_symbol || '_' || right_symbol as symbol, contract_delisted_at as at from pair
       where contract_delisted_at is not null and not ${listedBy('futures')} and ($1::timestamptz is null or contract_delisted_at > $1) order by contract_delisted_at`,
      [toldUpTo ?? null],
    );
    const first = toldUpTo === undefined;
    toldUpTo = rows.reduce<Date | undefined>((latest, r) => (!latest || r.at > latest ? r.at : latest), toldUpTo) ?? new Date(0);
    return first ? [] : rows.map((r) => r.symbol);
  }

  /**
   * Halts the contracts whose announced delisting time has come, and answers them with those the
   * futures process closed since the last pass (the caller pushes the new list to open pages).
   */
  async function due(): Promise<string[]> {
    const halted = await db.query<{ symbol: string }>(
      `update pair set contract_halted_reason = coalesce(contract_halted_reason, contract_delist_reason), contract_halted_at = coalesce(contract_halted_at, now()),
         contract_delist_halted_at = to_timestamp($1::double precision / 1000)
       where contract_delist_at <= to_timestamp($1::double precision / 1000) and contract_delist_halted_at is null and ${listedBy('futures')}
       returning left_symbol || '_' || right_symbol as symbol`,
      [now()],
    );
    if (halted.length > 0) {
      // Every process's futures intake refuses opening orders from now (kernel/platform/caches.ts), and the owner of the book closes it a settle time later.
      await cacheChanged(db, PAIRS_CACHE);
      forgetCache(db, PAIRS_CACHE);
    }
    return [...halted.map((r) => r.symbol), ...(await closedSince())];
  }

  return { announce, due };
}

import { SpotStopStatus } from '../../../domain/spotOrders.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { Offers } from '../../kernel/platform/offers.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { announceDelisting, type DelistAnnounced, type DelistingColumns } from './announceDelisting.js';
import './messages.js';
import { cacheChanged, forgetCache } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import { listedBy } from '../../kernel/platform/pairListing.js';

/** How long after halting the market the delisting cancels (every process's intake and makers read the halt within a second). */
export const DELIST_SETTLE_MS = 1500;


const SPOT_DELISTING: DelistingColumns = {
  kind: 'market.delist',
  objectType: 'pair',
  atColumn: 'delist_at',
  reasonColumn: 'delist_reason',
  announceable: `${listedBy('spot')} and delisted_at is null`,
  notListed: 'marketNotListed',
};

/**
 * Delisting a spot market (issue 52 §1). A risk operator, with their 2FA code, announces the time
 * and the reason traders read (audited in the announcement's transaction); the pair trades on until
 * then. `due()` — run each second by the process that runs the duties — takes two stored steps,
 * each a deadline in the pair row (as the P2P sweeps do), so no timer holds a step in memory and a
 * restart or a takeover carries on where it stopped: at the announced time it halts the market with
 * the reason and takes it out of spot trading (spot's `pair_listing` row 0, the wire's
 * `trade_status`: the intake refuses new orders, makers stop) and stores when
 * (`delist_halted_at`); a settle time later, once every process has
 * read the halt, a pass cancels every waiting stop and open order through spot's own cancel
 * (offers `spotTrading`: the book's owner cancels it, wherever it runs, and the frozen funds come
 * back in the cancel's batch; a second round catches an order placed meanwhile), and marks the
 * pair delisted. The pair row stays: histories keep their
 * market; the lists leave it out (routes.ts, pairListFeed.ts). A contract's delisting (positions
 * closed at the mark) is contractDelisting.ts's.
 */
export function marketDelisting(db: Database, offers: Offers | undefined, options: { now?: () => number; settleMs?: number; log?: (message: string, error?: unknown) => void } = {}) {
  const now = options.now ?? Date.now;
  const settleMs = options.settleMs ?? DELIST_SETTLE_MS;

  /** A spot market's announcement (announceDelisting.ts): while it trades and before its delisting halted it. */
  const announce = (operator: OperatorActor, symbol: string, at: number, reason: string, code: string | undefined, lang?: string): Promise<Outcome<DelistAnnounced>> =>
    announceDelisting(db, SPOT_DELISTING, { operator, symbol, at, reason, code, lang, now: now() });

  /** Releases what the pair's users hold on it: waiting stops first (an OCO's limit leg goes with its stop), then open orders, twice. */
  async function release(left: string, right: string): Promise<number> {
    const trading = offers?.use('spotTrading');
    if (!trading) throw new Error('spot trading is not offered here');
    let cancelled = 0;
    const stops = await db.query<{ id: string; user_id: string }>('select id, user_id from spot_stop where left_symbol = $1 and right_symbol = $2 and status = $3 order by id', [left, right, SpotStopStatus.waiting]);
    for (const stop of stops) if ((await trading.stops?.cancel(Number(stop.user_id), Number(stop.id)))?.ok) cancelled += 1;
    for (let pass = 0; pass < 2; pass++) {
      const open = await db.query<{ id: string; user_id: string }>('select id, user_id from spot_order where left_symbol = $1 and right_symbol = $2 and status in (1, 2) order by id', [left, right]);
      for (const order of open) if ((await trading.cancel(Number(order.user_id), Number(order.id))).ok) cancelled += 1;
    }
    return cancelled;
  }

  /**
   * Runs the delistings' steps whose time has come: halts the markets whose announced time passed,
   * and releases those halted at least the settle time ago. Answers the pairs halted or delisted by
   * this pass (the caller pushes the new list); a market halted in this pass is released by a later one.
   */
  /** After a pair's rows changed outside a transaction (each statement its own commit). */
  async function pairsChanged(): Promise<void> {
    await cacheChanged(db, PAIRS_CACHE);
    forgetCache(db, PAIRS_CACHE);
  }

  async function due(): Promise<string[]> {
    const at = now();
    // One statement, so one commit: the halt and the end of the spot listing (pair_listing) together.
    const halted = await db.query<{ symbol: string }>(
      `with halted as (
         update pair set halted_reason = coalesce(halted_reason, delist_reason), halted_at = coalesce(halted_at, now()),
           delist_halted_at = to_timestamp($1::double precision / 1000)
         where delist_at <= to_timestamp($1::double precision / 1000) and delist_halted_at is null and delisted_at is null
         returning left_symbol, right_symbol),
       unlisted as (
         insert into pair_listing (product, base, quote, status) select 'spot', left_symbol, right_symbol, 0 from halted
         on conflict (product, base, quote) do update set status = 0)
       select left_symbol || '_' || right_symbol as symbol from halted`,
      [at],
    );
    const rows = await db.query<{ left: string; right: string }>(
      `select left_symbol as left, right_symbol as right from pair
       where delist_halted_at <= to_timestamp($1::double precision / 1000) and delisted_at is null order by left_symbol, right_symbol`,
      [at - settleMs],
    );
    // Halted by their delisting: every process's intake refuses their orders from now (kernel/platform/caches.ts).
    if (halted.length > 0) await pairsChanged();
    const done = halted.map((r) => r.symbol);
    for (const { left, right } of rows) {
      try {
        const cancelled = await release(left, right);
        await db.query('update pair set delisted_at = now() where left_symbol = $1 and right_symbol = $2', [left, right]);
        await pairsChanged();
        options.log?.(`delisted ${left}_${right}: ${cancelled} orders and stops cancelled`);
        done.push(`${left}_${right}`);
      } catch (error) {
        // Not marked delisted: the next pass (halted already, found by delist_halted_at) tries again.
        options.log?.(`delisting ${left}_${right} failed`, error);
      }
    }
    return done;
  }

  return { announce, due };
}

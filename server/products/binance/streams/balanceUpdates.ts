import { addDecimal, compareDecimal } from '../../../../domain/decimal.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';

/**
 * The ledger references of spot trading, which Binance tells through `executionReport` and
 * `outboundAccountPosition`, never as `balanceUpdate`: an order's freeze and release (spot's
 * pipeline/record.ts and settlement.ts), a trade's payments and fees (tradeBook.ts, settlement.ts),
 * a stop's freeze and release (stops.ts); and a market maker's folded history (makers/retention.ts),
 * old trading rewritten, no movement. Every other entry on the spot account is a movement.
 */
export const TRADING_REFS: readonly string[] = ['spot_order', 'spot_trade', 'spot_stop', 'ledger_fold'];

/**
 * The wallet account a stream tells movements of, and the references that are its trading (told
 * otherwise): spot's here, the futures account's in futuresMount.ts.
 */
export interface LedgerBook {
  account: string;
  trading: readonly string[];
}
export const SPOT_BOOK: LedgerBook = { account: 'spot', trading: TRADING_REFS };

/** Per currency of the user's account (spot's, or the book's), the last ledger entry already told (or passed over). */
export type LedgerCursors = Map<string, number>;

/** A ledger entry of the account read after a cursor: a movement to tell, or only the currency's last entry (`told` false). */
export interface LedgerRow {
  id: number;
  currency: string;
  ref_type: string;
  ref_id: number | null;
  delta: string;
  /** The entry's transaction time, in microseconds (entries of one transaction share it), and in ms. */
  stamp: string;
  at: number;
  told: boolean;
}

/** How many of the user's latest entries a stream's start reads (ledgerCursors). */
export const CURSOR_WINDOW = 10_000;

/**
 * Where a stream starts: the last entry of each of the user's balances in the book's account, read when its first
 * connection opens. Per currency, not the user's last id overall: entries of one balance are written
 * under its row lock, so their ids follow their commits, but across balances an entry with a lower
 * id can commit later — one in flight now is after its currency's cursor, and told.
 *
 * Read from the user's latest `window` entries only (one walk of the user's index, ~ms): a balance
 * none of them moved, when they are a full window, starts at the oldest of them — every entry of
 * it is older, and one in flight would have had to stay in flight while `window` later entries
 * committed. Its own last entry, sought by currency, walked back through every entry of the account
 * (3.4 s at 1,000,000 entries; 15 ms now: bench/README.md "Reads that scanned growing tables").
 */
export async function ledgerCursors(db: Queryable, userId: number, book: LedgerBook = SPOT_BOOK, window = CURSOR_WINDOW): Promise<LedgerCursors> {
  const rows = await db.query<{ currency: string; last: string | number }>(
    `with recent as materialized (select l.currency, l.account, l.id from ledger_entry l where l.user_id = $1 order by l.id desc limit $3)
     select b.currency, coalesce(
         (select max(r.id) from recent r where r.currency = b.currency and r.account = b.account),
         (select min(r.id) from recent r having count(*) = $3),
         0) as last
     from balance b where b.user_id = $1 and b.account = $2`,
    [userId, book.account, window],
  );
  return new Map(rows.map((r) => [r.currency, Number(r.last)]));
}

/**
 * The user's entries on the book's account in `currencies` after each one's cursor (0 for a balance made since the
 * stream started), oldest first: the movements, and each currency's last entry whatever it is, so
 * the cursor passes the trades too. Read when a push says those balances changed, off the paths
 * that wrote them.
 */
export async function ledgerSince(db: Queryable, userId: number, cursors: LedgerCursors, currencies: readonly string[], book: LedgerBook = SPOT_BOOK): Promise<LedgerRow[]> {
  if (currencies.length === 0) return [];
  const rows = await db.query<Omit<LedgerRow, 'id' | 'ref_id' | 'at'> & { id: string | number; ref_id: string | number | null; at: string | number }>(
    `select id, currency, ref_type, ref_id, delta, stamp, at, told from (
       select l.id, l.currency, l.ref_type, l.ref_id, trim_scale(l.available_change)::text as delta,
         (extract(epoch from l.created_at) * 1000000)::bigint::text as stamp, floor(extract(epoch from l.created_at) * 1000)::bigint as at,
         l.ref_type <> all($4::text[]) as told, l.id = max(l.id) over (partition by l.currency) as last
       from unnest($2::text[], $3::bigint[]) as c(currency, after)
       cross join lateral (select * from ledger_entry e where e.user_id = $1 and e.account = $5 and e.currency = c.currency and e.id > c.after) l
     ) t where told or last order by id`,
    [userId, [...currencies], currencies.map((c) => cursors.get(c) ?? 0), book.trading, book.account],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), ref_id: r.ref_id === null ? null : Number(r.ref_id), at: Number(r.at) }));
}

/** One movement of a balance: what one reference changed of it in one transaction. */
export interface Movement {
  currency: string;
  refType: string;
  delta: string;
  /** The ledger's time of it, ms. */
  at: number;
}

/**
 * The movements in the rows read, and moves the cursors past them. A movement is the change of the
 * available balance by one reference in one transaction (a deposit less its fee is one credit; a
 * withdrawal's freeze one debit of its quantity and fee, its refund one credit, its sending out
 * nothing more: it left the available balance when it was asked for), as Binance tells the delta on
 * the balance; none that nets to zero.
 */
export function movementsOf(rows: readonly LedgerRow[], cursors: LedgerCursors): Movement[] {
  const movements: Array<Movement & { key: string }> = [];
  // Each currency's latest movement: the next entry of the same reference and transaction adds to it.
  const latest = new Map<string, (typeof movements)[number]>();
  for (const row of rows) {
    cursors.set(row.currency, Math.max(cursors.get(row.currency) ?? 0, row.id));
    if (!row.told) continue;
    const key = `${row.ref_type}\u0000${row.ref_id ?? `#${row.id}`}\u0000${row.stamp}`;
    const same = latest.get(row.currency);
    if (same?.key === key) same.delta = addDecimal(same.delta, row.delta);
    else {
      const movement = { key, currency: row.currency, refType: row.ref_type, delta: row.delta, at: row.at };
      movements.push(movement);
      latest.set(row.currency, movement);
    }
  }
  return movements.filter((m) => compareDecimal(m.delta, '0') !== 0).map(({ currency, refType, delta, at }) => ({ currency, refType, delta, at }));
}

/** Binance's `balanceUpdate` events for the rows read (movementsOf): `d` a signed decimal string, `T` the ledger's time. */
export function balanceUpdates(rows: readonly LedgerRow[], cursors: LedgerCursors, now: number): object[] {
  return movementsOf(rows, cursors).map((m) => balanceUpdate(m, now));
}

/** One movement as Binance's `balanceUpdate`. */
export const balanceUpdate = (m: Movement, now: number) => ({ e: 'balanceUpdate', E: now, a: m.currency, d: m.delta, T: m.at });

/** The ledger reads a stream's movements come from (ledgerCursors and ledgerSince over one book). */
export interface LedgerReads {
  /** Where a stream's movements start: the user's ledger as it is when its first connection opens. */
  ledgerCursors(userId: number): Promise<LedgerCursors>;
  /** The user's entries in `currencies` after the cursors: read when a push says those balances changed. */
  ledgerSince(userId: number, cursors: LedgerCursors, currencies: readonly string[]): Promise<LedgerRow[]>;
}

/**
 * A stream's movements on `account` since its cursors, for the currencies a balance push named
 * (spot's balanceUpdate, futures' ACCOUNT_UPDATE): the cursors read first if they were not, and
 * moved past what is read; a failed read moves no cursor, so the next push of the currency tells them.
 */
export async function movementsSince(reads: LedgerReads, stream: { userId: number; ledger?: LedgerCursors }, rows: readonly BalanceRow[], account: string): Promise<Movement[]> {
  const currencies = [...new Set(rows.filter((r) => r.account === account).map((r) => r.currency))];
  if (currencies.length === 0) return [];
  const cursors = stream.ledger ?? (stream.ledger = await reads.ledgerCursors(stream.userId).catch(() => undefined));
  if (!cursors) return [];
  return movementsOf(await reads.ledgerSince(stream.userId, cursors, currencies).catch(() => []), cursors);
}

/** Where a stream's movements start: its cursors read as its first connection opens, before any push it hears (a failed read is tried again at the first push). */
export async function startCursors(reads: LedgerReads, stream: { userId: number; ledger?: LedgerCursors }): Promise<void> {
  stream.ledger = await reads.ledgerCursors(stream.userId).catch(() => undefined);
}

import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { AccountRules } from '../../kernel/platform/ledger/accountRules.js';
import { addDecimal } from '../../../domain/decimal.js';
import { USDT_PRICE_CTE } from './prices.js';
import { startOfUtcDay } from './rules.js';

/**
 * Ledger kinds that bring value in from outside the exchange or take it out: deposits, withdrawals
 * (their fee is a cost, so it counts), P2P releases, whose fiat side is paid off the platform, and
 * balance corrections (issue 51 §4: an operator's credit is not a trading gain).
 * Today's P&L leaves them out; transfers between a user's own accounts, order holds, escrow and position
 * margin only move value within the user's equity and cancel out by themselves.
 */
export const FLOW_KINDS = ['deposit', 'withdraw_out', 'fiat_receive', 'fiat_release', 'correction_credit', 'correction_debit'] as const;

/** Every user's equity in USDT: balances at their prices plus what the products' positions hold (held values). */
export async function equities(q: Queryable, accounts: AccountRules, userIds?: readonly number[]): Promise<Map<number, string>> {
  const rows = await q.query<{ user_id: string | number; equity: string }>(
    `with ${USDT_PRICE_CTE}
     select b.user_id, trim_scale(sum((b.available + b.frozen) * p.price))::text as equity
     from balance b join usdt_price p on p.symbol = b.currency join app_user u on u.id = b.user_id
     where u.kind = 'user' and ($1::bigint[] is null or b.user_id = any($1::bigint[]))
     group by b.user_id`,
    [userIds ? [...userIds] : null],
  );
  const out = new Map(rows.map((r) => [Number(r.user_id), r.equity]));
  for (const { values } of await accounts.heldValues(q, userIds)) {
    for (const [userId, value] of values) out.set(userId, addDecimal(out.get(userId) ?? '0', value));
  }
  return out;
}

/**
 * The day's opening snapshot: every user's equity and the last ledger entry it includes, written
 * once per UTC day by whichever process gets there first (the day's row is the claim). Taken at the
 * first call of the day — the wallet asks every minute, so normally within a minute of 00:00 — and
 * answers when it was taken and from which ledger entry on today's flows count. One repeatable-read
 * snapshot, so the equities and the ledger position agree.
 */
export function dayOpenings(db: Database, accounts: AccountRules, now: () => number) {
  let known: DayOpen | undefined;
  const read = async (q: Queryable, day: number): Promise<DayOpen | undefined> => {
    const [row] = await q.query<{ taken_ms: string; ledger_id: string }>(`select taken_ms, ledger_id from wallet_day_open where day_ms = $1`, [day]);
    return row && { day, takenMs: Number(row.taken_ms), ledgerId: Number(row.ledger_id) };
  };
  const take = (day: number) =>
    db.transaction(async (tx) => {
      const [last] = await tx.query<{ id: string }>(`select coalesce(max(id), 0)::text as id from ledger_entry`);
      const [claimed] = await tx.query<{ day_ms: string }>(
        `insert into wallet_day_open (day_ms, taken_ms, ledger_id) values ($1, $2, $3) on conflict do nothing returning day_ms`,
        [day, now(), last!.id],
      );
      if (!claimed) return undefined;
      // Two days back are enough for any reader; older snapshots go.
      await tx.query(`delete from wallet_day_equity where day_ms < $1`, [day - 2 * 86_400_000]);
      await tx.query(`delete from wallet_day_open where day_ms < $1`, [day - 2 * 86_400_000]);
      const values = await equities(tx, accounts);
      await tx.query(`insert into wallet_day_equity (user_id, day_ms, equity) select u, $3, e from unnest($1::bigint[], $2::numeric[]) as t(u, e)`, [
        [...values.keys()],
        [...values.values()],
        day,
      ]);
      return read(tx, day);
      // Set with the BEGIN: a fenced server's BEGIN runs the lease's fence query first (standby.ts fenceWrites).
    }, { repeatableRead: true });
  return {
    async ensure(): Promise<DayOpen> {
      const day = startOfUtcDay(now());
      if (known?.day === day) return known;
      let open = await read(db, day);
      if (!open) {
        try {
          open = await take(day);
        } catch (error) {
          // Another process took it at the same moment (a serialisation failure here): theirs stands.
          if ((error as { code?: string }).code !== SERIALIZATION_FAILURE) throw error;
        }
        open ??= await read(db, day);
      }
      if (!open) throw new Error('the day-open snapshot could not be read');
      known = open;
      return open;
    },
  };
}

const SERIALIZATION_FAILURE = '40001';

export interface DayOpen {
  day: number;
  takenMs: number;
  /** The last ledger entry the snapshot includes: today's flows are the entries after it. */
  ledgerId: number;
}

import { FUTURES_ACCOUNT, FUTURES_CURRENCY } from '../../../domain/futures/api.js';
import { fx, fxText, maxFx, minFx, type Fx } from '../../../domain/fx.js';
import { unrealisedPnl } from '../../../domain/futures/formulas.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { AccountRule } from '../../kernel/platform/ledger/accountRules.js';
import { entryPrice, type Position } from './positions.js';

interface OpenRow {
  side: number;
  quantity: string;
  cost: string;
  margin: string;
  margin_mode: string;
  mark: string | null;
}

/** Open positions (of `userIds`, or everyone's) with their pair's last published mark, as committed. */
async function openPositions(q: Queryable, userIds?: readonly number[]): Promise<Array<{ userId: number; cross: boolean; margin: Fx; pnl: Fx }>> {
  const rows = await q.query<OpenRow & { user_id: string | number }>(
    `select p.user_id, p.side, p.quantity::text as quantity, p.cost::text as cost, p.margin::text as margin, p.margin_mode, m.mark_price::text as mark
     from futures_position p left join futures_mark m on m.left_symbol = p.left_symbol and m.right_symbol = p.right_symbol
     where p.side <> 0 and ($1::bigint[] is null or p.user_id = any($1::bigint[]))`,
    [userIds ? [...userIds] : null],
  );
  return rows.map((r) => {
    const p = { side: r.side, quantity: fx(r.quantity), cost: fx(r.cost) } as Position;
    const entry = entryPrice(p);
    const mark = r.mark === null ? entry : fx(r.mark);
    return { userId: Number(r.user_id), cross: r.margin_mode === 'cross', margin: fx(r.margin), pnl: unrealisedPnl(r.side as 1 | -1, p.quantity, entry, mark) };
  });
}

/**
 * The contract account's rule (kernel/platform/ledger/accountRules.ts), as Binance's USDT-M "max
 * withdraw amount": what may leave is the available balance (order holds are already frozen and
 * position margins sit in the pool) less the cross positions' net unrealised loss; an unrealised
 * profit is never paid out before it is realised. The balance row is locked first, so a futures
 * batch in flight commits before the positions are read (a batch locks the same row).
 */
export const contractAccountRule: AccountRule = {
  async transferable(tx, userId, currency) {
    if (currency !== FUTURES_CURRENCY) return undefined;
    const [row] = await tx.query<{ available: string }>(
      `select available::text as available from balance where user_id = $1 and currency = $2 and account = $3 for update`,
      [userId, FUTURES_CURRENCY, FUTURES_ACCOUNT],
    );
    if (!row) return undefined;
    let crossPnl = 0n;
    for (const p of await openPositions(tx, [userId])) if (p.cross) crossPnl += p.pnl;
    return fxText(maxFx(0n, fx(row.available) + minFx(0n, crossPnl)));
  },

  /** Margin of every open position (kept in the futures pool) plus its unrealised PnL at the mark: with the balance, the account's equity as the futures page shows it. */
  async heldValues(q, userIds) {
    const values = new Map<number, Fx>();
    for (const p of await openPositions(q, userIds)) values.set(p.userId, (values.get(p.userId) ?? 0n) + p.margin + p.pnl);
    return new Map([...values].map(([userId, value]) => [userId, fxText(value)]));
  },
};

import { describe, expect, it } from 'vitest';
import { ledgerCursors } from '../../../server/products/binance/streams/balanceUpdates.js';
import { createTestUser } from '../support/users.js';
import { useBinanceServer } from './harness.js';

/**
 * Where a user data stream starts (balanceUpdates.ts ledgerCursors): each balance's last entry,
 * read from the user's latest entries only. A balance none of them moved starts at the oldest of
 * them when they are a full window (every entry of it is older), else at its own last entry.
 */
const t = useBinanceServer('streamcursors');

describe('a stream’s start in the ledger', () => {
  it('is each balance’s last entry within the window, and the window’s oldest for a balance it does not reach', async () => {
    const user = await createTestUser(t.server.db, { tag: 'cursors', funded: [['USDT', '100'], ['BTC', '1'], ['ETH', '2']] });
    const entry = async (currency: string) => {
      const [row] = await t.server.db.query<{ id: string }>(
        `insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
         values ($1, $2, 'spot', 'test', 0, 0, 0, 0, 'test', null) returning id`,
        [user.id, currency],
      );
      return Number(row!.id);
    };
    const eth = await entry('ETH');
    const btc = await entry('BTC');
    const usdt: number[] = [];
    for (let i = 0; i < 4; i++) usdt.push(await entry('USDT'));
    const cursors = async (window: number) => Object.fromEntries(await ledgerCursors(t.server.db, user.id, undefined, window));

    // Wide enough: every balance at its own last entry.
    expect(await cursors(100)).toEqual({ USDT: usdt[3], BTC: btc, ETH: eth });
    // A full window of the four USDT entries: BTC and ETH (older) start at its oldest, and an entry of theirs after it is told.
    expect(await cursors(4)).toEqual({ USDT: usdt[3], BTC: usdt[0], ETH: usdt[0] });
    // Five reach BTC's, not ETH's.
    expect(await cursors(5)).toEqual({ USDT: usdt[3], BTC: btc, ETH: btc });
  });
});

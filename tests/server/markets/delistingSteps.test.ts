import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import { DELIST_SETTLE_MS, marketDelisting } from '../../../server/products/markets/delisting.js';
import { openTestDatabase } from '../testDb.js';
import { listingStatus } from '../../../server/kernel/platform/pairListing.js';

/**
 * Issue 52 §1 review: a delisting's halt and its cancels are two steps stored in the pair row, each
 * taken by whichever pass of the duties' loop finds it due — no timer holds the cancels in memory
 * between them, so a pass returns at once and a restart (a fresh instance) carries on: the cancels
 * wait the settle time after the halt, not after the announced time.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const T = Date.UTC(2027, 0, 15, 10, 30);
const state = async () =>
  (
    await db.query<{ trade_status: number; halted: boolean; delisted: boolean; halted_ms: string | null }>(
      `select ${listingStatus('spot')} as trade_status, halted_reason is not null as halted, delisted_at is not null as delisted, (extract(epoch from delist_halted_at) * 1000)::bigint::text as halted_ms
       from pair where left_symbol = 'LTC' and right_symbol = 'USDT'`,
    )
  )[0];

describe('a delisting as stored steps', () => {
  it('halts at the announced time, cancels a settle time after the halt (even after a restart), and each pass returns at once', async () => {
    let clock = T - 1;
    const cancels: number[] = [];
    const offers = createOffers();
    offers.offer('spotTrading', {
      cancel: async (_user: number, id: number) => {
        cancels.push(id);
        return { ok: true as const, data: undefined };
      },
    } as never);
    const log: string[] = [];
    const delisting = () => marketDelisting(db, offers, { now: () => clock, log: (message) => void log.push(message) });
    await db.query(`update pair set delist_at = to_timestamp($1::double precision / 1000), delist_reason = 'The LTC project ended' where left_symbol = 'LTC' and right_symbol = 'USDT'`, [T]);

    const first = delisting();
    expect(await first.due()).toEqual([]);
    expect(await state()).toMatchObject({ trade_status: 1, halted: false, delisted: false });

    // Late by a minute (the server was down): halted now; the cancels still wait the settle time.
    clock = T + 60_000;
    const started = Date.now();
    expect(await first.due()).toEqual(['LTC_USDT']);
    expect(Date.now() - started).toBeLessThan(DELIST_SETTLE_MS);
    expect(await state()).toEqual({ trade_status: 0, halted: true, delisted: false, halted_ms: String(T + 60_000) });
    clock += DELIST_SETTLE_MS - 1;
    expect(await first.due()).toEqual([]);
    expect((await state())?.delisted).toBe(false);

    // A restart: a fresh instance finds the halted market and releases it once the settle time passed.
    clock += 1;
    expect(await delisting().due()).toEqual(['LTC_USDT']);
    expect(await state()).toMatchObject({ trade_status: 0, delisted: true });
    expect(log.some((m) => m.startsWith('delisted LTC_USDT'))).toBe(true);
    // Done once: later passes find nothing.
    clock += 60_000;
    expect(await delisting().due()).toEqual([]);
  });
});

/**
 * The fast engine finds a level by price through a per-side array indexed by price (the "ladder",
 * 16,384 ticks) and, outside that window, through a hash; the window moves to the side's best when
 * the market has left it (server/kernel/exchange/matching/fast/book.ts). These cases put levels
 * inside, outside and across the window and move the market away and back, checking the fast
 * engine against the reference engine after every command.
 */
import { describe, it } from 'vitest';
import { cancel, limit, pair } from './pair.js';

describe('fast engine: price ladder window', () => {
  it('levels far outside the window, a market that moves away and back, levels emptied on both sides of the window', () => {
    const { run } = pair();
    let id = 1;
    // The first bid centres the bid window on 1,000,000; others far below and far above it.
    for (const price of [1_000_000, 999_990, 1_000_000 - 8_192, 1_000_000 + 8_191, 1_000_000 + 8_192, 900_000, 2 ** 40, 5]) run(limit(id++, 1, 'buy', price, 3));
    // Add to levels outside the window (found through the hash) and inside it.
    for (const price of [900_000, 2 ** 40, 5, 999_990, 1_000_000 + 8_192]) run(limit(id++, 2, 'buy', price, 2));
    // Sell down through the top bids: the best moves from 2^40 to 1,008,192, then into the window.
    run(limit(id++, 3, 'sell', 1_000_000 + 8_191, 20, 'IOC'));
    // The best is now far below: empty everything down to 5, then new bids re-centre the window.
    run(limit(id++, 3, 'sell', 6, 1_000, 'IOC'));
    for (const price of [7, 8, 20_000, 7]) run(limit(id++, 4, 'buy', price, 1));
    run(cancel(id - 3, 4));
    // Asks on the other side of the spread, far apart, then the market walks up through them.
    for (const price of [30_000, 30_001, 50_000, 2 ** 33]) run(limit(id++, 5, 'sell', price, 4));
    run(limit(id++, 6, 'buy', 2 ** 33, 100, 'IOC'));
    for (const price of [2 ** 33 + 1, 2 ** 33 + 9_000, 2 ** 33 + 1]) run(limit(id++, 5, 'sell', price, 1));
    run(limit(id++, 6, 'buy', 2 ** 33 + 9_000, 2, 'FOK'));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { seededRandom } from '../../../server/kernel/exchange/random.js';
import { spotBookSource } from '../../../server/products/seconds/bookSource.js';
import { IndexSampler, SAMPLE_MS } from '../../../server/products/seconds/indexSampler.js';
import type { IndexPair } from '../../../server/products/seconds/indexPrice.js';
import { openTestDatabase } from '../testDb.js';

/**
 * Issue 49 §7: thin quotes resting ~40 ms four times a second, lined up with the sampler's fixed
 * instants, moved the index. Now the sampler takes one sample at a random instant of each quarter
 * second (the kernel's seeded source: a test names its seed), and counts only orders that had
 * rested a whole sample interval by then: an order placed for a moment is never part of the index.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

const SOL: IndexPair = { symbol: 'SOL_USDT', left: 'SOL', right: 'USDT', pricePrecision: 2 };
const pairs = () => new Map([[SOL.symbol, SOL]]);

async function order(side: 'buy' | 'sell', price: string, quantity: string, createdMs: number): Promise<number> {
  const [user] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, 'user') returning id`, [`rest-${Math.random()}@example.org`]);
  const [row] = await db.query<{ id: number }>(
    `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
     values ($1, 'SOL', 'USDT', $2, 'limit', 'GTC', $3, $4, 0, 1, $5, $5) returning id`,
    [user!.id, side, price, quantity, createdMs],
  );
  return Number(row!.id);
}

describe('the seconds index sampler', () => {
  it('counts only orders that rested a whole sample interval: a quote placed 40 ms before a sample moves nothing', async () => {
    let clock = 1_900_000_000_000;
    const sampler = new IndexSampler(spotBookSource(db), pairs, () => clock, undefined, seededRandom(7));
    await order('buy', '149', '100', 0);
    await order('sell', '151', '100', 0);
    await sampler.sampleNow();
    expect(sampler.lastQuote(SOL)?.mid).toBe('150');
    // 500 SOL one cent under the ask, placed 40 ms before the next sample: not counted.
    const brief = await order('buy', '150.98', '500', clock + SAMPLE_MS - 40);
    clock += SAMPLE_MS;
    await sampler.sampleNow();
    expect(sampler.lastQuote(SOL)?.mid).toBe('150');
    // The same order once it has rested SAMPLE_MS is part of the book like any other.
    clock += SAMPLE_MS - 40;
    await sampler.sampleNow();
    expect(sampler.lastQuote(SOL)?.mid).toBe('150.99'); // halfway between 150.98 and 151
    await db.query(`update spot_order set status = 4 where id = $1`, [brief]);
  });

  it('takes one sample at a random instant of every quarter second, the same instants for the same seed', async () => {
    const instants = async (seed: number) => {
      let clock = 1_900_000_000_000;
      const sampler = new IndexSampler({ quotes: async () => new Map() }, pairs, () => clock, undefined, seededRandom(seed));
      const out: number[] = [];
      for (let i = 0; i < 40; i++) {
        clock = sampler.nextSampleAt();
        out.push(clock);
        await sampler.sampleNow();
      }
      return out;
    };
    const first = await instants(1);
    // One in each quarter second, in order, none skipped.
    const slots = first.map((ms) => Math.floor(ms / SAMPLE_MS));
    expect(slots.slice(1).map((s, i) => s - slots[i]!)).toEqual(Array(39).fill(1));
    // Not at one fixed phase: spread over the slot (forty draws from a uniform quarter second).
    const phases = first.map((ms) => ms % SAMPLE_MS);
    expect(new Set(phases).size).toBeGreaterThan(30);
    expect(Math.max(...phases) - Math.min(...phases)).toBeGreaterThan(SAMPLE_MS / 2);
    expect(await instants(1)).toEqual(first);
    expect(await instants(2)).not.toEqual(first);
  });
});

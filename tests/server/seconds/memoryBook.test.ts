import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { listPairs } from '../../../server/kernel/platform/catalogue.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { pairSpec, type PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { seededRandom } from '../../../server/kernel/exchange/random.js';
import { memoryFirstBookSource, spotBookSource, type BookQuote, type BookSource } from '../../../server/products/seconds/bookSource.js';
import type { IndexPair } from '../../../server/products/seconds/indexPrice.js';
import { REST_MS } from '../../../server/products/seconds/indexSampler.js';
import { PLACEMENTS_KEPT_MS } from '../../../server/products/spot/restedBook.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';

/**
 * The seconds index reads the spot books from the engines' memory where their markets run
 * (spot's `spotBook`, restedBook.ts) and from the database's resting orders elsewhere. Both must
 * give the same quote for the same book, `restedBy` included (issue 49: an order counts only from
 * the instant it was placed on): a random stream of orders, trades and cancels on the real spot
 * market, both sources asked after every step, and again after the market is rebuilt from the database.
 */
let db: Database;
let spec: PairSpec;
let pair: IndexPair;
beforeAll(async () => {
  db = await openTestDatabase();
  const [btc] = (await listPairs(db)).filter((p) => p.left_symbol === 'BTC' && p.right_symbol === 'USDT');
  spec = pairSpec(btc!);
  pair = { symbol: spec.symbol, left: spec.left, right: spec.right, pricePrecision: spec.pricePrecision };
});
afterAll(async () => db?.close());

async function trader(): Promise<number> {
  const [row] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, 'user') returning id`, [`book-${Math.random()}@example.org`]);
  const id = Number(row!.id);
  for (const [currency, amount] of [['BTC', '1000'], ['USDT', '100000000']] as const) {
    await db.transaction((tx) => changeBalance(tx, { userId: id, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  }
  return id;
}

/** The memory source over one market, as the seconds product composes it over spot's offer. */
const memorySource = (market: () => SpotMarket, fallback: BookSource): BookSource =>
  memoryFirstBookSource(() => ({ levels: (symbol, restedBy, perSide) => (symbol === spec.symbol ? market().restedLevels(restedBy, perSide) : undefined) }), fallback);

/** A source that must not be asked. */
const unused: BookSource = {
  quotes: async () => {
    throw new Error('the database was asked for a book memory holds');
  },
};

describe('the seconds index’s book from memory', () => {
  it('gives the quote the database gives for the same book, at every instant it remembers, and again after a rebuild', async () => {
    let clock = (Math.floor(Date.now() / 1000) + 100) * 1000;
    let market = new SpotMarket(spec, db, createEngine(), { publish: () => undefined }, () => clock);
    await market.restore();
    const fromDatabase = spotBookSource(db);
    const fromMemory = memorySource(() => market, unused);
    const random = seededRandom(55);
    const users = [await trader(), await trader(), await trader()];
    const resting: Array<{ userId: number; orderId: number }> = [];
    let compared = 0;
    let quoted = 0;

    const compare = async () => {
      // The sampler's instant, a few older ones the memory still holds, and the whole book.
      for (const restedBy of [clock - REST_MS, clock - 1, clock - 40, clock - 900, clock - PLACEMENTS_KEPT_MS + 1, undefined]) {
        const [stored, memory] = [await fromDatabase.quotes([pair], restedBy), await fromMemory.quotes([pair], restedBy)];
        expect({ restedBy, quote: memory.get(pair.symbol) }).toEqual({ restedBy, quote: stored.get(pair.symbol) });
        compared += 1;
        if (stored.has(pair.symbol)) quoted += 1;
      }
    };

    for (let step = 0; step < 160; step++) {
      clock += Math.floor(random() * 200);
      const userId = users[Math.floor(random() * users.length)]!;
      if (resting.length > 0 && random() < 0.2) {
        const [cancelled] = resting.splice(Math.floor(random() * resting.length), 1);
        await market.cancel(cancelled!.userId, cancelled!.orderId);
      } else {
        // Around 60,000 with a spread, in sizes that the impact notional (10,000 USDT) reaches through several levels; some cross and trade.
        const side = random() < 0.5 ? 'buy' : 'sell';
        const price = (60_000 + Math.floor(random() * 10_000 - 5_000) / 100).toFixed(2);
        const quantity = (0.01 + Math.floor(random() * 20) / 100).toFixed(5);
        const placed = await market.place({ userId, side, type: 'limit', price, quantity, tif: random() < 0.1 ? 'IOC' : 'GTC' });
        if (placed.ok) resting.push({ userId, orderId: placed.orderId });
      }
      await market.idle();
      if (step % 4 === 0) await compare();
    }
    // The book was two-sided and traded: the comparison compared quotes, not two empty answers.
    expect(quoted).toBeGreaterThan(compared / 2);
    const [traded] = await db.query<{ trades: number }>(`select count(*)::int as trades from spot_trade where left_symbol = 'BTC'`);
    expect(traded!.trades).toBeGreaterThan(5);

    // A rebuilt market (a restart, a takeover) knows when its replayed orders were placed.
    await market.idle();
    market = new SpotMarket(spec, db, createEngine(), { publish: () => undefined }, () => clock);
    expect(market.restedLevels(undefined, 10)).toBeUndefined(); // before its book is built: the database answers
    await market.restore();
    await compare();
  });

  it('asks the database only for the pairs whose market does not run here, in one read', async () => {
    const sol: IndexPair = { symbol: 'SOL_USDT', left: 'SOL', right: 'USDT', pricePrecision: 3 };
    const asked: string[][] = [];
    const quote: BookQuote = { mid: '150', depth: '10', spread: '1' };
    const fallback: BookSource = { quotes: async (pairs) => (asked.push(pairs.map((p) => p.symbol)), new Map(pairs.map((p) => [p.symbol, quote]))) };
    const bids = [{ price: '149.5', quantity: '1000' }];
    const asks = [{ price: '150.5', quantity: '1000' }];
    const source = memoryFirstBookSource(() => ({ levels: (symbol) => (symbol === 'SOL_USDT' ? undefined : { bids, asks }) }), fallback);
    const quotes = await source.quotes([pair, sol], 1);
    expect(asked).toEqual([['SOL_USDT']]);
    expect(quotes.get('SOL_USDT')).toEqual(quote);
    expect(quotes.get(pair.symbol)).toEqual({ mid: '150', depth: '149500', spread: '1' }); // the thinner side, the bids
    // No offer at all (a process that runs no spot market): every pair from the database.
    await memoryFirstBookSource(() => undefined, fallback).quotes([pair, sol], 1);
    expect(asked.at(-1)).toEqual([pair.symbol, 'SOL_USDT']);
  });
});

import { expect } from 'vitest';
import { addDecimal, compareDecimal, mulDecimal, subDecimal } from '../../../domain/decimal.js';
import { SECONDS_RISK_VERSION, type SecondsContract } from '../../../domain/seconds.js';
import type { WalletAccount } from '../../../domain/wallet.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { listPairs } from '../../../server/kernel/platform/catalogue.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { submissionKey } from '../../../server/kernel/platform/idempotency.js';
import { changeBalance, readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { seededRandom } from '../../../server/kernel/exchange/random.js';
import { silentUserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { memoryFirstBookSource, spotBookSource } from '../../../server/products/seconds/bookSource.js';
import { BUY_SCOPE } from '../../../server/products/seconds/contracts.js';
import { createSeconds } from '../../../server/products/seconds/product.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';

/**
 * The settlement attacks of issues 34 and 49, played on the real spot market (SpotMarket: intake,
 * matching, fees, spot_trade) and the real seconds product, both on one clock the script moves
 * from event to event (the sampler's own jittered instants included), so no test waits in real time.
 *
 * Two books. `makers`: an honest maker quotes 0.5 BTC at 5 and 10 USDT from a mid that is flat
 * within each block of BLOCK seconds, and every second an honest taker trades a little (into
 * the bid in odd seconds of a block, the ask in even ones); the mid of settle windows moves by
 * MOVES in turn. `quiet`: the makers are off; one resting order of 0.25 BTC a side, 20 USDT from a
 * mid that never moves, and nobody else trades (the book of issue 49, where every order is seen).
 *
 * Expiry i is bought at the start of block 2i+1 (its index window is block 2i, at the base mid) and
 * settles 30 s later, at the start of block 2i+6 (window: block 2i+5), so the honest answer is known
 * and no expiry's settle window is another's buy window. A holder (B) buys "up" 10,000 USDT each
 * expiry, with an accomplice (A) who holds nothing, and one tactic:
 *
 * - `prints`: A and B trade 0.5 BTC with each other one cent inside the best ask in each of the
 *   five seconds before every expiry (issue 34);
 * - `tinyBid`: B keeps a 0.001 BTC bid one tick under the best ask through every settle window
 *   (issue 49: it moved the old index by cents, which decided every flat contract);
 * - `briefQuotes`: at the start of every quarter second (the old sampler's fixed instants) of the
 *   last BRIEF_SECONDS of a window — a majority of its samples — A rests 0.5 BTC one tick over the
 *   best bid in buy windows, and B 0.5 BTC one tick under the best ask in settle windows, each for
 *   BRIEF_MS (issue 49). Counted, they would carry the mid a whole spread, twice the draw band.
 *
 * The stage prices BTC_USDT only (the other pairs' per-second records would cost time and say
 * nothing here), and waits for the market after each order, as the sequencer would otherwise
 * linger for more commands in real time.
 */
export const BLOCK = 6;
export const PERIOD = 30;
export const EXPIRIES = 21;
const BASE_MID = 96000;
const HONEST_QUANTITY = '0.01';
export const ATTACK_QUANTITY = '0.5';
export const ATTACK_STAKE = '10000';
const HONEST_STAKE = '100';
const TINY_QUANTITY = '0.001';
const BRIEF_MS = 40;
const BRIEF_SECONDS = 3;
const QUARTER_MS = 250;

export type BookKind = 'makers' | 'quiet';
export type Tactic = 'none' | 'prints' | 'tinyBid' | 'briefQuotes';

interface BookShape {
  halfSpread: number;
  levels: number;
  levelQuantity: string;
  /** How the mid moves from an expiry's buy window to its settle window, in turn. */
  moves: readonly number[];
  /** An honest taker trades every second. */
  flow: boolean;
}

export const BOOKS: Record<BookKind, BookShape> = {
  // Moves of 8 against a half spread of 5: beyond the draw band (half the impact spread) both ways.
  makers: { halfSpread: 5, levels: 2, levelQuantity: '0.5', moves: [8, -8, 0], flow: true },
  quiet: { halfSpread: 20, levels: 1, levelQuantity: '0.25', moves: [0], flow: false },
};

export interface Account {
  id: number;
}

export interface ExpiryResult {
  k: number;
  move: number;
  /** The honest mids of the buy and the settle window. */
  buyMid: string;
  settleMid: string;
  attacker?: SecondsContract;
  honestUp: SecondsContract;
  honestDown: SecondsContract;
}

async function account(db: Database, kind: 'user' | 'market_maker', funds: Array<[string, WalletAccount, string]>): Promise<Account> {
  const [row] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, $2) returning id`, [
    `manip-${kind}-${Math.random().toString(36).slice(2)}@example.org`,
    kind,
  ]);
  const id = Number(row!.id);
  for (const [currency, account, amount] of funds) {
    await db.transaction((tx) => changeBalance(tx, { userId: id, currency, account, available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  }
  await db.query(`insert into seconds_acknowledgement (user_id, version, acknowledged_ms) values ($1, $2, 0)`, [id, SECONDS_RISK_VERSION]);
  return { id };
}

const price = (mid: number, offset: number) => (mid + offset).toFixed(2);

/** The mid of each block: the base, except in settle windows (odd blocks from 5), moved by `moves` in turn. */
export function mids(blocks: number, moves: readonly number[]): number[] {
  const out: number[] = [];
  for (let j = 0; j < blocks; j++) out.push(j % 2 === 1 && j >= 5 ? BASE_MID + moves[((j - 5) / 2) % moves.length]! : BASE_MID);
  return out;
}

/** Block j is the settle window of an expiry (odd from 5) or the buy window of one (even). */
const settleBlock = (j: number) => j % 2 === 1 && j >= 5 && (j - 5) / 2 < EXPIRIES;
const buyBlock = (j: number) => j % 2 === 0 && j / 2 < EXPIRIES;

/** The market, the product and the accounts; `play` runs one pass of EXPIRIES expiries. */
export async function manipulationStage(db: Database, kind: BookKind, seed = 49) {
  const shape = BOOKS[kind];
  let clock = (Math.floor(Date.now() / 1000) + 100) * 1000;
  const now = () => clock;
  const [btc] = (await listPairs(db)).filter((p) => p.left_symbol === 'BTC' && p.right_symbol === 'USDT');
  const market = new SpotMarket(pairSpec(btc!), db, createEngine(), { publish: () => undefined }, now);
  await market.restore();
  // The sampler's instants come from the kernel's seeded source: the same run every time. It reads
  // the book from the market's memory, as the server does where the market runs (memoryBook.test.ts
  // holds that source to the database's).
  const book = memoryFirstBookSource(() => ({ levels: (symbol, restedBy, perSide) => (symbol === market.spec.symbol ? market.restedLevels(restedBy, perSide) : undefined) }), spotBookSource(db));
  const seconds = createSeconds({ db, feed: silentUserFeed, enabled: true, clock: now, random: seededRandom(seed), book });
  await seconds.parts.prepare!();
  for (const symbol of [...seconds.pairs().keys()]) if (symbol !== 'BTC_USDT') seconds.pairs().delete(symbol);

  const maker = await account(db, 'market_maker', [['BTC', 'spot', '1000'], ['USDT', 'spot', '100000000']]);
  const taker = await account(db, 'user', [['BTC', 'spot', '100'], ['USDT', 'spot', '10000000']]);
  const accomplice = await account(db, 'user', [['BTC', 'spot', '200']]);
  const holder = await account(db, 'user', [['USDT', 'spot', '30000000'], ['USDT', 'sec_contract', '1000000']]);
  const honest = await account(db, 'user', [['USDT', 'sec_contract', '1000000']]);
  let quotes: number[] = [];

  async function place(userId: number, side: 'buy' | 'sell', at: string, quantity: string, tif: 'GTC' | 'IOC') {
    const placed = await market.place({ userId, side, type: 'limit', price: at, quantity, tif });
    await market.idle();
    if (!placed.ok) throw new Error(`spot order refused: ${placed.reason}`);
    return placed.orderId;
  }

  async function cancel(userId: number, orderId: number) {
    await market.cancel(userId, orderId);
    await market.idle();
  }

  async function requote(mid: number) {
    for (const id of quotes) await cancel(maker.id, id);
    quotes = [];
    for (let level = 1; level <= shape.levels; level++) {
      quotes.push(await place(maker.id, 'buy', price(mid, -shape.halfSpread * level), shape.levelQuantity, 'GTC'));
      quotes.push(await place(maker.id, 'sell', price(mid, shape.halfSpread * level), shape.levelQuantity, 'GTC'));
    }
  }

  let submissions = 0;
  async function buy(user: Account, direction: 'up' | 'down', quantity: string): Promise<SecondsContract> {
    const body = { symbol: 'btc_usdt', direction, period: PERIOD, quantity };
    const key = submissionKey(BUY_SCOPE, `manip-${process.pid}-${++submissions}`, body);
    const bought = await seconds.contracts.buy(user.id, body, key);
    if (!bought.ok) throw new Error(`seconds buy refused: ${bought.key}`);
    return bought.data;
  }

  /** What the pair (accomplice, holder) owns, valued at the base mid: only fees, fills and contracts change it. */
  async function attackersWorth(): Promise<string> {
    let worth = '0';
    for (const user of [accomplice, holder]) {
      const usdt = await readBalance(db, user.id, 'USDT', 'spot');
      const base = await readBalance(db, user.id, 'BTC', 'spot');
      const sec = await readBalance(db, user.id, 'USDT', 'sec_contract');
      worth = addDecimal(worth, addDecimal(addDecimal(usdt.available, usdt.frozen), addDecimal(sec.available, sec.frozen)));
      worth = addDecimal(worth, mulDecimal(addDecimal(base.available, base.frozen), String(BASE_MID)));
    }
    return worth;
  }

  async function contract(id: number): Promise<SecondsContract> {
    const [row] = await db.query<SecondsContract>(
      `select id, status, outcome, trim_scale(buy_price)::text as buy_price, trim_scale(settle_price)::text as settle_price,
         trim_scale(draw_band)::text as draw_band from seconds_contract_view where id = $1`,
      [id],
    );
    return row!;
  }

  /** Moves the clock to `ms`, taking every sample the sampler has planned before it on the way. */
  async function advanceTo(ms: number) {
    for (let at = seconds.sampler.nextSampleAt(); at < ms; at = seconds.sampler.nextSampleAt()) {
      clock = Math.max(clock, at);
      await seconds.sampler.sampleNow();
    }
    clock = Math.max(clock, ms);
  }

  /** One pass: EXPIRIES expiries, with one tactic or none; answers every expiry's contracts and the attackers' net. */
  async function play(tactic: Tactic): Promise<{ expiries: ExpiryResult[]; attackersNet: string }> {
    const blocks = 2 * (EXPIRIES - 1) + 7;
    const mid = mids(blocks, shape.moves);
    const start = Math.floor(clock / 1000) + 1;
    const worthBefore = await attackersWorth();
    const bought: Array<{ k: number; attacker?: number; up: number; down: number }> = [];
    let tiny: number | undefined;
    for (let j = 0; j < blocks; j++) {
      const m = mid[j]!;
      const ask = price(m, shape.halfSpread - 0.01);
      const bid = price(m, -shape.halfSpread + 0.01);
      for (let o = 0; o < BLOCK; o++) {
        const second = (start + j * BLOCK + o) * 1000;
        const events: Array<[number, () => Promise<unknown>]> = [];
        events.push([0, async () => {
          await seconds.scheduler.runOnce();
          if (o !== 0) return;
          if (tiny !== undefined) await cancel(holder.id, tiny);
          tiny = undefined;
          if (shape.moves.length > 1 || quotes.length === 0) await requote(m);
          const k = (j - 1) / 2;
          if (Number.isInteger(k) && k >= 0 && k < EXPIRIES) {
            bought.push({
              k,
              attacker: tactic === 'none' ? undefined : (await buy(holder, 'up', ATTACK_STAKE)).id,
              up: (await buy(honest, 'up', HONEST_STAKE)).id,
              down: (await buy(honest, 'down', HONEST_STAKE)).id,
            });
          }
        }]);
        if (o > 0 && shape.flow) {
          // The honest flow: into the bid in odd seconds, the ask in even ones.
          events.push([200, () => (o % 2 === 1 ? place(taker.id, 'sell', price(m, -shape.halfSpread), HONEST_QUANTITY, 'IOC') : place(taker.id, 'buy', price(m, shape.halfSpread), HONEST_QUANTITY, 'IOC'))]);
        }
        if (tactic === 'prints' && o > 0 && settleBlock(j)) {
          events.push([500, async () => {
            await place(accomplice.id, 'sell', ask, ATTACK_QUANTITY, 'GTC');
            await place(holder.id, 'buy', ask, ATTACK_QUANTITY, 'IOC');
          }]);
        }
        if (tactic === 'tinyBid' && settleBlock(j)) {
          // Placed again whenever the honest flow took it.
          events.push([300, async () => {
            if (tiny === undefined || market.restingOwner(tiny) === undefined) tiny = await place(holder.id, 'buy', ask, TINY_QUANTITY, 'GTC');
          }]);
        }
        if (tactic === 'briefQuotes' && o > BLOCK - 1 - BRIEF_SECONDS && (settleBlock(j) || buyBlock(j))) {
          const [who, side, at] = settleBlock(j) ? [holder, 'buy' as const, ask] : [accomplice, 'sell' as const, bid];
          for (let q = 0; q < 1000; q += QUARTER_MS) {
            let id = 0;
            events.push([q, async () => (id = await place(who.id, side, at, ATTACK_QUANTITY, 'GTC'))]);
            events.push([q + BRIEF_MS, () => cancel(who.id, id)]);
          }
        }
        events.sort((a, b) => a[0] - b[0]);
        for (const [at, run] of events) {
          await advanceTo(second + at);
          await run();
        }
        await advanceTo(second + 1000);
      }
    }
    await seconds.scheduler.runOnce();
    await market.idle();
    const expiries: ExpiryResult[] = [];
    for (const b of bought) {
      expiries.push({
        k: b.k,
        move: shape.moves[b.k % shape.moves.length]!,
        buyMid: mid[2 * b.k]!.toFixed(2),
        settleMid: mid[2 * b.k + 5]!.toFixed(2),
        attacker: b.attacker === undefined ? undefined : await contract(b.attacker),
        honestUp: await contract(b.up),
        honestDown: await contract(b.down),
      });
    }
    return { expiries, attackersNet: subDecimal(await attackersWorth(), worthBefore) };
  }

  return { play, market, seconds, close: () => market.idle() };
}

/** The outcome an honest index gives a contract: up wins when the mid rose, loses when it fell, draws when flat. */
export function fairOutcome(direction: 'up' | 'down', move: number): 'win' | 'loss' | 'draw' {
  if (move === 0) return 'draw';
  return (move > 0) === (direction === 'up') ? 'win' : 'loss';
}

const distance = (a: string | null, b: string) => Math.abs(Number(a) - Number(b));

/**
 * Every contract settled as the honest book says: the outcomes are the fair ones, the attacker's
 * too, and the prices are the honest mids — to the cent (`exact`), or within each contract's draw
 * band where the tactic leaves an order the index rightly counts (a bid that rested, however small).
 */
export function expectFair(expiries: ExpiryResult[], exact: boolean) {
  expect(expiries).toHaveLength(EXPIRIES);
  for (const e of expiries) {
    const outcomes = { k: e.k, up: e.honestUp.outcome, down: e.honestDown.outcome, attacker: e.attacker?.outcome };
    expect(outcomes).toEqual({ k: e.k, up: fairOutcome('up', e.move), down: fairOutcome('down', e.move), attacker: e.attacker && fairOutcome('up', e.move) });
    const band = Number(e.honestUp.draw_band);
    for (const [got, honest] of [[e.honestUp.buy_price, e.buyMid], [e.honestUp.settle_price, e.settleMid]] as const) {
      if (exact) expect(Number(got)).toBe(Number(honest));
      else expect(distance(got, honest)).toBeLessThan(band);
    }
  }
}

/** How many of the attacker's contracts won. */
export const attackerWins = (expiries: ExpiryResult[]) => expiries.filter((e) => e.attacker?.outcome === 'win').length;

export const isPositive = (value: string) => compareDecimal(value, '0') > 0;

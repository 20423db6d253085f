import { addDecimal, compareDecimal, mulDecimal, subDecimal } from '../../../domain/decimal.js';
import type { SecondsContract } from '../../../domain/seconds.js';
import type { WalletAccount } from '../../../domain/wallet.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { listPairs } from '../../../server/kernel/catalogue.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { submissionKey } from '../../../server/kernel/idempotency.js';
import { changeBalance, readBalance } from '../../../server/kernel/ledger/ledger.js';
import { silentUserFeed } from '../../../server/kernel/realtime/userFeed.js';
import { BUY_SCOPE } from '../../../server/products/seconds/contracts.js';
import { createSeconds } from '../../../server/products/seconds/product.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';

/**
 * The settlement attack of issue 34 item 2, played on the real spot market (SpotMarket: intake,
 * matching, fees, spot_trade) and the real seconds product, both on one clock the script moves.
 *
 * The fair price is a book an honest maker quotes: bids and asks HALF_SPREAD, 2×, 3× from a mid
 * that is flat within each block of BLOCK seconds. Every second an honest taker trades a little,
 * selling into the bid in odd seconds of a block and buying the ask in even ones. Expiry i is
 * bought at the start of block 2i+1 (its index window is block 2i, at the base mid) and settles
 * 30 s later, at the start of block 2i+6 (window: block 2i+5, at the base mid plus MOVES[i % 3]),
 * so the honest answer is known (up wins, loses, draws in turn) and no expiry's settle window is
 * another's buy window.
 *
 * The attack: the holder of "up" contracts (B) and an accomplice (A) trade ATTACK_QUANTITY with
 * each other one cent inside the best ask in each of the five seconds before every expiry.
 */
export const BLOCK = 6;
export const PERIOD = 30;
export const EXPIRIES = 21;
const BASE_MID = '96000';
const HALF_SPREAD = 5;
const LEVEL_QUANTITY = '0.5';
const HONEST_QUANTITY = '0.01';
export const ATTACK_QUANTITY = '0.5';
export const ATTACK_STAKE = '10000';
const HONEST_STAKE = '100';
/** How the mid moves from an expiry's buy window to its settle window, in turn. */
export const MOVES = [2, -2, 0] as const;
/** The clock steps every 100 ms; the index source (if it samples) is asked to sample at each step. */
const STEP_MS = 100;

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
  await db.query(`insert into seconds_acknowledgement (user_id, version, acknowledged_ms) values ($1, 1, 0)`, [id]);
  return { id };
}

const price = (mid: number, offset: number) => (mid + offset).toFixed(2);

/** The mid of each block: the base, except in settle windows (odd blocks from 5), moved by MOVES in turn. */
export function mids(blocks: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < blocks; j++) out.push(j % 2 === 1 && j >= 5 ? Number(BASE_MID) + MOVES[((j - 5) / 2) % MOVES.length]! : Number(BASE_MID));
  return out;
}

/** The expiry whose settle window is block j, if any. */
const settledIn = (j: number) => (j % 2 === 1 && j >= 5 && (j - 5) / 2 < EXPIRIES ? (j - 5) / 2 : undefined);

/** The market, the product and the accounts; `play` runs one pass of EXPIRIES expiries. */
export async function manipulationStage(db: Database) {
  let clock = (Math.floor(Date.now() / 1000) + 100) * 1000;
  const now = () => clock;
  const [btc] = (await listPairs(db)).filter((p) => p.left_symbol === 'BTC' && p.right_symbol === 'USDT');
  const market = new SpotMarket(pairSpec(btc!), db, createEngine(), { publish: () => undefined }, now);
  await market.restore();
  const seconds = createSeconds({ db, feed: silentUserFeed, enabled: true, clock: now });
  await seconds.parts.prepare!();

  const maker = await account(db, 'market_maker', [['BTC', 'spot', '1000'], ['USDT', 'spot', '100000000']]);
  const taker = await account(db, 'user', [['BTC', 'spot', '100'], ['USDT', 'spot', '10000000']]);
  const accomplice = await account(db, 'user', [['BTC', 'spot', '200']]);
  const holder = await account(db, 'user', [['USDT', 'spot', '30000000'], ['USDT', 'sec_contract', '1000000']]);
  const honest = await account(db, 'user', [['USDT', 'sec_contract', '1000000']]);
  let quotes: number[] = [];

  async function place(userId: number, side: 'buy' | 'sell', at: string, quantity: string, tif: 'GTC' | 'IOC') {
    const placed = await market.place({ userId, side, type: 'limit', price: at, quantity, tif });
    if (!placed.ok) throw new Error(`spot order refused: ${placed.reason}`);
    return placed.orderId;
  }

  async function requote(mid: number) {
    for (const id of quotes) await market.cancel(maker.id, id);
    quotes = [];
    for (const level of [1, 2, 3]) {
      quotes.push(await place(maker.id, 'buy', price(mid, -HALF_SPREAD * level), LEVEL_QUANTITY, 'GTC'));
      quotes.push(await place(maker.id, 'sell', price(mid, HALF_SPREAD * level), LEVEL_QUANTITY, 'GTC'));
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

  /** What the pair (accomplice, holder) owns, valued at the base mid: only fees and contracts change it. */
  async function attackersWorth(): Promise<string> {
    let worth = '0';
    for (const user of [accomplice, holder]) {
      const usdt = await readBalance(db, user.id, 'USDT', 'spot');
      const base = await readBalance(db, user.id, 'BTC', 'spot');
      const sec = await readBalance(db, user.id, 'USDT', 'sec_contract');
      worth = addDecimal(worth, addDecimal(addDecimal(usdt.available, usdt.frozen), addDecimal(sec.available, sec.frozen)));
      worth = addDecimal(worth, mulDecimal(addDecimal(base.available, base.frozen), BASE_MID));
    }
    return worth;
  }

  async function contract(id: number): Promise<SecondsContract> {
    const [row] = await db.query<SecondsContract>(
      `select id, status, outcome, trim_scale(buy_price)::text as buy_price, trim_scale(settle_price)::text as settle_price from seconds_contract_view where id = $1`,
      [id],
    );
    return row!;
  }

  /** One pass: EXPIRIES expiries, attacked or not; answers every expiry's contracts and the attackers' net. */
  async function play(attack: boolean): Promise<{ expiries: ExpiryResult[]; attackersNet: string }> {
    const blocks = 2 * (EXPIRIES - 1) + 7;
    const mid = mids(blocks);
    const start = Math.floor(clock / 1000) + 1;
    const worthBefore = await attackersWorth();
    const bought: Array<{ k: number; attacker?: number; up: number; down: number }> = [];
    for (let j = 0; j <= blocks - 1; j++) {
      for (let o = 0; o < BLOCK; o++) {
        const second = start + j * BLOCK + o;
        for (let ms = 0; ms < 1000; ms += STEP_MS) {
          clock = second * 1000 + ms;
          if (ms === 0) {
            await seconds.scheduler.runOnce();
            if (o === 0) await requote(mid[j]!);
            const k = (j - 1) / 2;
            if (o === 0 && Number.isInteger(k) && k >= 0 && k < EXPIRIES) {
              bought.push({
                k,
                attacker: attack ? (await buy(holder, 'up', ATTACK_STAKE)).id : undefined,
                up: (await buy(honest, 'up', HONEST_STAKE)).id,
                down: (await buy(honest, 'down', HONEST_STAKE)).id,
              });
            }
          }
          if (ms === 200 && o > 0) {
            // The honest flow: into the bid in odd seconds, the ask in even ones.
            if (o % 2 === 1) await place(taker.id, 'sell', price(mid[j]!, -HALF_SPREAD), HONEST_QUANTITY, 'IOC');
            else await place(taker.id, 'buy', price(mid[j]!, HALF_SPREAD), HONEST_QUANTITY, 'IOC');
          }
          if (ms === 500 && o > 0 && attack && settledIn(j) !== undefined) {
            // The five seconds before an expiry: the pair prints one cent inside the best ask.
            const at = price(mid[j]!, HALF_SPREAD - 0.01);
            await place(accomplice.id, 'sell', at, ATTACK_QUANTITY, 'GTC');
            await place(holder.id, 'buy', at, ATTACK_QUANTITY, 'IOC');
          }
          await seconds.sampler.sampleNow();
        }
      }
    }
    clock = (start + blocks * BLOCK) * 1000;
    await seconds.scheduler.runOnce();
    await market.idle();
    const expiries: ExpiryResult[] = [];
    for (const b of bought) {
      expiries.push({
        k: b.k,
        move: MOVES[b.k % MOVES.length]!,
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

export const isPositive = (value: string) => compareDecimal(value, '0') > 0;

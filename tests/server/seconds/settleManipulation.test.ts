import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../domain/decimal.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { auditBooks } from '../../../server/products/audit.js';
import { openTestDatabase } from '../testDb.js';
import { EXPIRIES, fairOutcome, manipulationStage } from './manipulation.js';

/**
 * Issue 34 item 2: two colluding accounts print trades with each other one cent inside the best
 * ask in each of the five seconds before every expiry while one of them holds "up" contracts. On
 * the trades' median (the old index) the holder won every expiry; the settle price must be one a
 * few self-made prints cannot move, so the attack loses money and honest contracts settle fairly.
 */
let db: Database;
let stage: Awaited<ReturnType<typeof manipulationStage>>;
beforeAll(async () => {
  db = await openTestDatabase();
  stage = await manipulationStage(db);
});
afterAll(async () => {
  await stage?.close();
  await db?.close();
});

function expectFair(expiries: Awaited<ReturnType<typeof stage.play>>['expiries']) {
  expect(expiries).toHaveLength(EXPIRIES);
  for (const e of expiries) {
    expect({ k: e.k, up: e.honestUp.outcome, down: e.honestDown.outcome }).toEqual({ k: e.k, up: fairOutcome('up', e.move), down: fairOutcome('down', e.move) });
    // The prices are the book's honest mids, to the cent: the trades (honest or not) did not make them.
    expect([e.honestUp.buy_price, e.honestUp.settle_price].map(Number)).toEqual([Number(e.buyMid), Number(e.settleMid)]);
  }
}

describe('seconds settlement cannot be steered by self-made prints', () => {
  it('without an attack, honest contracts settle by the fair price move', { timeout: 120_000 }, async () => {
    const { expiries } = await stage.play(false);
    expectFair(expiries);
  });

  it(`the attack over ${EXPIRIES} expiries loses money (payouts − stakes − all fees ≤ 0) and moves no settlement`, { timeout: 120_000 }, async () => {
    const { expiries, attackersNet } = await stage.play(true);
    const wins = expiries.filter((e) => e.attacker?.outcome === 'win').length;
    console.info(`attack: ${wins} of ${EXPIRIES} "up" contracts won; attackers' net ${attackersNet} USDT`);
    expectFair(expiries);
    for (const e of expiries) expect(e.attacker?.outcome).toBe(fairOutcome('up', e.move));
    expect(compareDecimal(attackersNet, '0')).toBeLessThanOrEqual(0);
    expect(await auditBooks(db)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../domain/decimal.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { auditBooks } from '../../../server/products/audit.js';
import { openTestDatabase } from '../testDb.js';
import { attackerWins, EXPIRIES, expectFair, manipulationStage, type Tactic } from './manipulation.js';

/**
 * Issue 49 §7 in a quiet market (manipulation.ts): the makers off, one order of 0.25 BTC a side 20
 * USDT from a mid that never moves, nobody else trading. On the old index a 0.001 BTC bid one tick
 * inside the spread moved the price by cents and won every 10,000 USDT "up" contract, and brief
 * quotes lined up with the sampler's fixed instants moved it too. Every honest contract here is a
 * draw, and so must the attacker's be: the attack may only lose.
 */
let db: Database;
let stage: Awaited<ReturnType<typeof manipulationStage>>;
beforeAll(async () => {
  db = await openTestDatabase();
  stage = await manipulationStage(db, 'quiet');
});
afterAll(async () => {
  await stage?.close();
  await db?.close();
});

describe('the seconds index of a quiet book cannot be moved for pennies', () => {
  const tactics: Array<[Tactic, string, boolean]> = [
    ['tinyBid', 'a 0.001 BTC (~96 USDT) bid one tick under the ask through every settle window', false],
    ['briefQuotes', '0.5 BTC quotes resting 40 ms at each old sampling instant, in buy and settle windows', true],
  ];
  for (const [tactic, what, exact] of tactics) {
    it(`${what}: over ${EXPIRIES} expiries it moves no outcome and loses money`, { timeout: 180_000 }, async () => {
      const { expiries, attackersNet } = await stage.play(tactic);
      console.info(`quiet, ${tactic}: ${attackerWins(expiries)} of ${EXPIRIES} "up" contracts won; attackers' net ${attackersNet} USDT`);
      expectFair(expiries, exact);
      expect(compareDecimal(attackersNet, '0')).toBeLessThanOrEqual(0);
      expect(await auditBooks(db)).toEqual([]);
    });
  }
});

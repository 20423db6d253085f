import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../domain/decimal.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { auditBooks } from '../../../server/products/audit.js';
import { openTestDatabase } from '../testDb.js';
import { attackerWins, EXPIRIES, expectFair, manipulationStage, type Tactic } from './manipulation.js';

/**
 * Issues 34 and 49 with the makers on (manipulation.ts): an honest maker's book that moves beyond
 * the draw band between buy and settle windows, and honest trades every second. The holder of
 * "up" contracts tries each tactic over EXPIRIES expiries; on the old indexes the prints won 21 of
 * 21, and the tiny bid and the brief quotes decided every flat expiry. The settle price must be one
 * these cannot steer: honest contracts settle by the fair move and the attack loses money.
 */
let db: Database;
let stage: Awaited<ReturnType<typeof manipulationStage>>;
beforeAll(async () => {
  db = await openTestDatabase();
  stage = await manipulationStage(db, 'makers');
});
afterAll(async () => {
  await stage?.close();
  await db?.close();
});

describe('seconds settlement with the makers on cannot be steered', () => {
  const tactics: Array<[Tactic, string, boolean]> = [
    ['prints', 'self-made prints one cent inside the ask', true],
    ['tinyBid', 'a 0.001 BTC bid one tick under the ask through every settle window', false],
    ['briefQuotes', '0.5 BTC quotes resting 40 ms at each old sampling instant, in buy and settle windows', true],
  ];
  for (const [tactic, what, exact] of tactics) {
    it(`${what}: over ${EXPIRIES} expiries it moves no outcome and loses money`, { timeout: 180_000 }, async () => {
      const { expiries, attackersNet } = await stage.play(tactic);
      console.info(`makers, ${tactic}: ${attackerWins(expiries)} of ${EXPIRIES} "up" contracts won; attackers' net ${attackersNet} USDT`);
      expectFair(expiries, exact);
      expect(compareDecimal(attackersNet, '0')).toBeLessThanOrEqual(0);
      expect(await auditBooks(db)).toEqual([]);
    });
  }
});

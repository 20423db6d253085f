import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../domain/decimal.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { auditBooks } from '../../../server/products/audit.js';
import { openTestDatabase } from '../testDb.js';
import { attackerWins, EXPIRIES, expectFair, manipulationStage, type BookKind, type Tactic } from './manipulation.js';

/**
 * One manipulation suite on a book of `kind` (its own database and stage): each tactic — its
 * description, and whether honest outcomes must be exactly fair — played over EXPIRIES expiries
 * must move no outcome, lose the attacker money and leave the books balanced.
 */
export function manipulationSuite(kind: BookKind, title: string, tactics: Array<[Tactic, string, boolean]>): void {
  let db: Database;
  let stage: Awaited<ReturnType<typeof manipulationStage>>;
  beforeAll(async () => {
    db = await openTestDatabase();
    stage = await manipulationStage(db, kind);
  });
  afterAll(async () => {
    await stage?.close();
    await db?.close();
  });

  describe(title, () => {
    for (const [tactic, what, exact] of tactics) {
      it(`${what}: over ${EXPIRIES} expiries it moves no outcome and loses money`, { timeout: 180_000 }, async () => {
        const { expiries, attackersNet } = await stage.play(tactic);
        console.info(`${kind}, ${tactic}: ${attackerWins(expiries)} of ${EXPIRIES} "up" contracts won; attackers' net ${attackersNet} USDT`);
        expectFair(expiries, exact);
        expect(compareDecimal(attackersNet, '0')).toBeLessThanOrEqual(0);
        expect(await auditBooks(db)).toEqual([]);
      });
    }
  });
}

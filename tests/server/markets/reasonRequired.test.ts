import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HALT_REASON_MAX } from '../../../domain/market.js';
import type { OperatorActor } from '../../../server/kernel/platform/auth/operators/access.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import { contractDelisting } from '../../../server/products/markets/contractDelisting.js';
import { marketDelisting } from '../../../server/products/markets/delisting.js';
import { marketHalts } from '../../../server/products/markets/halts.js';
import { openTestDatabase } from '../testDb.js';

/**
 * A halt or a delisting without a reason traders can read (blank, or longer than HALT_REASON_MAX)
 * is refused — and, like every refused operator action, written to the audit log as refused
 * (docs/OPERATOR.md). The check used to sit in the route, which threw before any row was written.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const risk: OperatorActor = { id: 9_053, account: 'reason-required-risk@openex.test', roles: ['risk'], client: '127.0.0.1' };
const rowsOf = async (objectId: string) =>
  (await db.query<{ kind: string; outcome: string; detail: string }>(`select kind, outcome, detail from operator_audit_log where object_id = $1 order by id`, [objectId])).map((r) => [r.kind, r.outcome, r.detail]);
const haltedReason = async () => (await db.query<{ r: string | null }>(`select halted_reason as r from pair where left_symbol = 'ETH' and right_symbol = 'USDT'`))[0]!.r;

describe('a halt or a delisting without a reason', () => {
  it('is refused, changes nothing and is audited as refused', async () => {
    const halts = marketHalts(db);
    expect(await halts.halt(risk, 'spot', 'ETH_USDT', '   ')).toEqual({ ok: false, key: 'marketHaltReasonRequired' });
    expect(await halts.halt(risk, 'futures', 'ETH_USDT', 'x'.repeat(HALT_REASON_MAX + 1))).toEqual({ ok: false, key: 'marketHaltReasonRequired' });
    expect(await haltedReason()).toBeNull();

    const now = () => Date.UTC(2027, 0, 1);
    const at = Date.UTC(2027, 1, 1);
    const spot = marketDelisting(db, createOffers(), { now });
    expect(await spot.announce(risk, 'ETH_USDT', at, '', undefined)).toEqual({ ok: false, key: 'marketHaltReasonRequired' });
    expect(await contractDelisting(db, { now }).announce(risk, 'ETH_USDT', at, ' \n ', undefined)).toEqual({ ok: false, key: 'marketHaltReasonRequired' });
    expect((await db.query<{ at: Date | null }>(`select delist_at as at from pair where left_symbol = 'ETH' and right_symbol = 'USDT'`))[0]!.at).toBeNull();

    expect(await rowsOf('ETH_USDT')).toEqual([
      ['market.halt', 'refused', 'marketHaltReasonRequired'],
      ['market.halt', 'refused', 'marketHaltReasonRequired'],
      ['market.delist', 'refused', 'marketHaltReasonRequired'],
      ['contract.delist', 'refused', 'marketHaltReasonRequired'],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorActor } from '../../../server/kernel/platform/auth/operators/access.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import { translate } from '../../../server/kernel/platform/i18n/messages.js';
import { contractDelisting } from '../../../server/products/markets/contractDelisting.js';
import { marketDelisting } from '../../../server/products/markets/delisting.js';
import { marketHalts } from '../../../server/products/markets/halts.js';
import { openTestDatabase } from '../testDb.js';

/**
 * Issue 52 §1 leftovers, on the markets desk's halts (halts.ts): the desk's list carries a
 * contract's announced delisting time as it does a spot market's; a market with an announced
 * delisting not yet due halts and resumes as any other, but once its delisting has halted it the
 * resume is refused, translated and audited as refused — a contract would otherwise trade again
 * between its delisting's halt and its close at the mark.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const risk: OperatorActor = { id: 9_052, account: 'delist-resume-risk@openex.test', roles: ['risk'], client: '127.0.0.1' };
const T = Date.UTC(2027, 2, 1, 9, 0);
const refusals = async (objectId: string) =>
  (await db.query<{ kind: string; outcome: string; detail: string }>(`select kind, outcome, detail from operator_audit_log where object_id = $1 order by id`, [objectId])).map((r) => [
    r.kind,
    r.outcome,
    r.detail,
  ]);

describe('resuming a market its delisting halted', () => {
  it('lists a contract with its announced time, resumes it before the time, and refuses the resume once its delisting halted it', async () => {
    await db.query(`update pair set contract_delist_at = to_timestamp($1::double precision / 1000), contract_delist_reason = 'The ETH contract is retired' where left_symbol = 'ETH' and right_symbol = 'USDT'`, [T]);
    const halts = marketHalts(db);
    expect((await halts.list()).find((m) => m.market === 'futures' && m.symbol === 'ETH_USDT')).toEqual({
      market: 'futures',
      symbol: 'ETH_USDT',
      trading: true,
      halted_reason: null,
      halted_at: null,
      delist_at: T,
      delist_halted: false,
    });

    // Announced, not yet due: an incident's halt and its resume go through as on any contract.
    expect((await halts.halt(risk, 'futures', 'ETH_USDT', 'Index feed incident')).ok).toBe(true);
    expect((await halts.resume(risk, 'futures', 'ETH_USDT')).ok).toBe(true);

    // The duties halt it at the time; until the futures process closes it, no resume.
    const delisting = contractDelisting(db, { now: () => T + 1 });
    expect(await delisting.due()).toContain('ETH_USDT');
    const refused = await halts.resume(risk, 'futures', 'ETH_USDT');
    expect(refused).toEqual({ ok: false, key: 'marketDelistHalted' });
    expect(translate('de_DE', 'marketDelistHalted')).not.toBe(translate('en_US', 'marketDelistHalted'));
    expect((await halts.list()).find((m) => m.market === 'futures' && m.symbol === 'ETH_USDT')).toMatchObject({ halted_reason: 'The ETH contract is retired', delist_at: T, delist_halted: true });
    expect(await refusals('ETH_USDT')).toEqual([
      ['market.halt', 'done', 'Index feed incident'],
      ['market.resume', 'done', ''],
      ['market.resume', 'refused', 'marketDelistHalted'],
    ]);
  });

  it("refuses a spot market's resume once its delisting halted it, and allows it before", async () => {
    await db.query(`update pair set delist_at = to_timestamp($1::double precision / 1000), delist_reason = 'The LTC project ended' where left_symbol = 'LTC' and right_symbol = 'USDT'`, [T]);
    const halts = marketHalts(db);
    expect((await halts.list()).find((m) => m.market === 'spot' && m.symbol === 'LTC_USDT')?.delist_at).toBe(T);
    expect((await halts.halt(risk, 'spot', 'LTC_USDT', 'Wallet maintenance')).ok).toBe(true);
    expect((await halts.resume(risk, 'spot', 'LTC_USDT')).ok).toBe(true);

    const offers = createOffers();
    offers.offer('spotTrading', { cancel: async () => ({ ok: true as const, data: undefined }) } as never);
    expect(await marketDelisting(db, offers, { now: () => T + 1, log: () => undefined }).due()).toEqual(['LTC_USDT']);
    expect(await halts.resume(risk, 'spot', 'LTC_USDT')).toEqual({ ok: false, key: 'marketDelistHalted' });
    expect((await refusals('LTC_USDT')).at(-1)).toEqual(['market.resume', 'refused', 'marketDelistHalted']);
  });
});

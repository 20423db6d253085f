import { describe, expect, it } from 'vitest';
import { FIAT_PATHS } from '../../../../domain/fiat.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { useFiat } from '../../fiat/harness.js';

/**
 * An operator's ruling on a P2P appeal moves the escrow to one party, so it asks the operator's own
 * 2FA code (the house rule; docs/OPERATOR.md "What each call needs"): no code, a wrong one and a
 * code used once already are each refused, written to the audit log as refused, and move nothing;
 * a fresh code rules.
 */
const h = useFiat();
const EN = MESSAGES.en_US;

async function inAppeal() {
  const { seller, buyer, order } = await h.ordered('100', '50.5');
  expectOk(await h.act(buyer, FIAT_PATHS.markPaid, { order_id: order.id }));
  expectOk(await h.act(seller, FIAT_PATHS.appeal, { order_id: order.id, reason: 'The transfer has not arrived' }));
  return { seller, buyer, order };
}

const rule = (orderId: number, decision: 'release' | 'return', totp_code?: string) =>
  h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: orderId, decision, reason: 'Bank statement checked', ...(totp_code === undefined ? {} : { totp_code }) });
const audit = async (orderId: number) =>
  (await h.db.query<{ kind: string; outcome: string; detail: string }>(`select kind, outcome, detail from operator_audit_log where object_type = 'fiat_order' and object_id = $1 order by id`, [String(orderId)])).map((r) => [
    r.kind,
    r.outcome,
    r.detail,
  ]);

describe('a P2P appeal ruling asks the operator’s 2FA code', () => {
  it('refuses no code, a wrong one and one used already, each audited as refused and moving nothing; a fresh one rules', async () => {
    const { buyer, order } = await inAppeal();
    const other = await inAppeal();

    expectRefusal(await rule(order.id, 'release'), 400, EN.twoFactorRequired);
    expectRefusal(await rule(order.id, 'return', '000000'), 400, EN.twoFactorWrong);
    const used = h.deskCode();
    expectOk(await rule(other.order.id, 'return', used));
    const before = await h.snapshot();
    expectRefusal(await rule(order.id, 'release', used), 400, EN.twoFactorWrong);
    expect(await h.snapshot()).toBe(before);
    expect(await h.status(order.id)).toBe('appeal');
    expect(await h.legal(buyer)).toEqual({ available: '0', frozen: '0' });
    expect(await audit(order.id)).toEqual([
      ['p2p.appeal_release', 'refused', 'twoFactorRequired'],
      ['p2p.appeal_return', 'refused', 'twoFactorWrong'],
      ['p2p.appeal_release', 'refused', 'twoFactorWrong'],
    ]);

    expectOk(await rule(order.id, 'release', h.deskCode()));
    expect(await h.status(order.id)).toBe('completed');
    expect(await h.legal(buyer)).toEqual({ available: '50', frozen: '0' });
    expect((await audit(order.id)).at(-1)).toEqual(['p2p.appeal_release', 'done', 'Bank statement checked']);
    await h.expectAuditClean();
  });
});

import { describe, expect, it } from 'vitest';
import { FIAT_PATHS } from '../../../../domain/fiat.js';
import { STEP_UP_MS } from '../../../../server/kernel/platform/auth/operators/stepUp.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { useFiat } from '../../fiat/harness.js';

/**
 * An operator's ruling on a P2P appeal moves the escrow to one party, so it asks the operator's own
 * 2FA code (the house rule; docs/OPERATOR.md "What each call needs"): no code, a wrong one and a
 * code used once already are each refused, written to the audit log as refused, and move nothing;
 * a fresh code rules. An approval queue's action: within the session's step-up window (stepUp.test.ts)
 * it needs no code, its audit row saying until when; outside it no code is refused as ever.
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
const stepUpOf = async (orderId: number) =>
  (await h.db.query<{ after: { step_up_until?: number } | null }>(`select after from operator_audit_log where object_type = 'fiat_order' and object_id = $1 and outcome = 'done'`, [String(orderId)]))[0]?.after?.step_up_until;
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

  it('needs no code within the step-up window, the ruling audited with its end; no code is refused outside it', async () => {
    const [opener, before, within, after] = [await inAppeal(), await inAppeal(), await inAppeal(), await inAppeal()];
    // Past any window an earlier test opened.
    h.advance(STEP_UP_MS);
    expectRefusal(await rule(before.order.id, 'release'), 400, EN.twoFactorRequired);
    expectOk(await rule(opener.order.id, 'return', h.deskCode()));
    const until = h.now() + STEP_UP_MS;
    expect(await stepUpOf(opener.order.id)).toBeUndefined();

    h.advance(STEP_UP_MS - 1000);
    expectOk(await rule(within.order.id, 'release'));
    expect(await h.status(within.order.id)).toBe('completed');
    expect(await audit(within.order.id)).toEqual([['p2p.appeal_release', 'done', 'Bank statement checked']]);
    expect(await stepUpOf(within.order.id)).toBe(until);
    // The window does not slide: at its end no code is refused again, and nothing moves.
    h.advance(1000);
    const moved = await h.snapshot();
    expectRefusal(await rule(after.order.id, 'return'), 400, EN.twoFactorRequired);
    expect(await h.snapshot()).toBe(moved);
    expect(await h.status(after.order.id)).toBe('appeal');
    expect(await audit(after.order.id)).toEqual([['p2p.appeal_return', 'refused', 'twoFactorRequired']]);
    expect(await audit(before.order.id)).toEqual([['p2p.appeal_release', 'refused', 'twoFactorRequired']]);
    await h.expectAuditClean();
  });
});

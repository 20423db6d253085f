import { describe, expect, it } from 'vitest';
import { FIAT_PATHS } from '../../../domain/fiat.js';
import { listNotifications } from '../../../server/kernel/platform/notifications/notify.js';
import { expectOk } from '../http.js';
import { MINUTE, useFiat } from './harness.js';

const h = useFiat();
const order = (id: number) => ({ order_id: id });
const kinds = async (userId: number) => (await h.db.query<{ kind: string }>('select kind from notification where user_id = $1 order by id', [userId])).map((r) => r.kind);
const notices = (userId: number) => h.pushes.filter((p) => p.userId === userId && p.message.kind === 'notice').length;

describe('P2P notifications (issue 37)', () => {
  it('the ad owner hears the take, the seller the payment, both a deadline near (once) and the appeal ruling with its reason, each pushed live', async () => {
    const { seller, ad } = await h.sellAd('3000');
    const buyer = await h.user();
    const taking = await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '1010' });
    expect(taking.body.msg).not.toMatch(/limit|verif/i);
    const o = expectOk(taking);
    expect(await kinds(seller.id)).toEqual(['p2p_order_taken']);
    expect(await kinds(buyer.id)).toEqual([]);
    expect(notices(seller.id)).toBe(1);
    // Rendered in the reader's language, figures as everywhere else: USDT at 2 places, in German style (issue 50 M4, M6).
    const [taken] = (await listNotifications(h.db, seller.id, 'de_DE', 1, 10)).list;
    expect(taken).toMatchObject({ title: 'Ihre P2P-Anzeige wurde angenommen' });
    expect(taken!.body).toContain(o.order_no);
    expect(taken!.body).toContain('1.000,00 USDT');

    // The pay deadline is 120 minutes away: 5 minutes before it, both parties are told once.
    h.advance(114 * MINUTE);
    await h.sweep();
    expect(await kinds(buyer.id)).toEqual([]);
    h.advance(2 * MINUTE);
    await h.sweep();
    await h.sweep();
    expect(await kinds(buyer.id)).toEqual(['p2p_pay_deadline_near']);
    expect(await kinds(seller.id)).toEqual(['p2p_order_taken', 'p2p_pay_deadline_near']);
    const [near] = (await listNotifications(h.db, buyer.id, 'en_US', 1, 10)).list;
    expect(near!.body).toContain('within 4 minutes');

    expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(o.id)));
    expect(await kinds(seller.id)).toEqual(['p2p_order_taken', 'p2p_pay_deadline_near', 'p2p_order_paid']);
    expect(notices(seller.id)).toBe(3);

    h.advance(56 * MINUTE);
    await h.sweep();
    expect(await kinds(buyer.id)).toEqual(['p2p_pay_deadline_near', 'p2p_confirm_deadline_near']);
    h.advance(5 * MINUTE);
    expectOk(await h.act(buyer, FIAT_PATHS.appeal, { order_id: o.id, reason: 'Seller does not confirm' }));
    expectOk(await h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'release', reason: 'Bank statement shows the transfer', totp_code: h.deskCode() }));
    for (const party of [buyer, seller]) {
      expect((await kinds(party.id)).at(-1)).toBe('p2p_appeal_released');
      const [ruling] = (await listNotifications(h.db, party.id, 'ja_JP', 1, 10)).list;
      expect(ruling).toMatchObject({ title: 'P2P申し立ての判定：解放' });
      expect(ruling!.body).toContain('Bank statement shows the transfer');
      // The order page shows the ruling and its reason to both parties.
      expect(expectOk(await h.act(party, FIAT_PATHS.order, order(o.id)))).toMatchObject({ status: 'completed', resolution: 'Bank statement shows the transfer' });
    }
    expect(notices(buyer.id)).toBe(3);
    await h.expectAuditClean();
  });
});

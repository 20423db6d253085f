import { describe, expect, it } from 'vitest';
import { FIAT_PATHS } from '../../../domain/fiat.js';
import { DEFAULT_P2P_GUARDS } from '../../../domain/fiatSettings.js';
import { expectOk } from '../http.js';
import { MINUTE, useFiat } from './harness.js';

const h = useFiat();

describe('the operator changes legal_trade', () => {
  it('only an operator; bad values answer a translated refusal, never a 500', async () => {
    const user = await h.user();
    const asUser = await h.act(user, FIAT_PATHS.operatorLegalTrade, { pay_time: 1 });
    expect(asUser.body.code).not.toBe(200);
    expect(asUser.status).toBeLessThan(500);
    for (const body of [{}, { pay_time: 0 }, { pay_time: -1 }, { pay_time: '5' }, { confirm_time: 20_000 }, { max_unpaid_num: 1.5 }, { suspend_time: 0 }, { max_online_ads: 0 }, { max_online_ads: 1001 }]) {
      const answer = await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, body);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.code, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toMatch(/^Invalid/);
    }
    const german = await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, { pay_time: 0 }, { lang: 'de_DE' });
    expect(german.body.msg).not.toMatch(/^Invalid/);
    // Nothing was changed by the refusals.
    const [row] = await h.db.query<{ value: Record<string, number> }>(`select value from platform_config where key = 'legal_trade'`);
    expect(row!.value).toEqual({ pay_time: 120, confirm_time: 60, max_unpaid_num: 5 });
  });

  it('the operator reads the settings as they apply (stored over the defaults); a user cannot', async () => {
    const user = await h.user();
    const asUser = await h.act(user, FIAT_PATHS.operatorTradeSettings, {});
    expect(asUser.body.code).not.toBe(200);
    expect(asUser.status).toBeLessThan(500);
    expect(expectOk(await h.act(h.operator, FIAT_PATHS.operatorTradeSettings, {}))).toEqual({ pay_time: 120, confirm_time: 60, max_unpaid_num: 5, ...DEFAULT_P2P_GUARDS });
    try {
      const [mark] = await h.db.query<{ id: number | null }>('select max(id) as id from operator_audit_log');
      expectOk(await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, { confirm_time: 7.5, max_unpaid_num: 3 }));
      // Issue 51 §2: the change's audit row, the fields changed before and after.
      const rows = await h.db.query<{ kind: string; before: unknown; after: unknown }>('select kind, before, after from operator_audit_log where id > $1', [Number(mark?.id ?? 0)]);
      expect(rows).toEqual([{ kind: 'p2p.trade_settings', before: { confirm_time: 60, max_unpaid_num: 5 }, after: { confirm_time: 7.5, max_unpaid_num: 3 } }]);
      expect(expectOk(await h.act(h.operator, FIAT_PATHS.operatorTradeSettings, {}))).toEqual({ pay_time: 120, confirm_time: 7.5, max_unpaid_num: 3, ...DEFAULT_P2P_GUARDS });
    } finally {
      expectOk(await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, { confirm_time: 60, max_unpaid_num: 5 }));
    }
  });

  it('a short pay_time (fractions of a minute) applies to new orders: the sweep cancels and the escrow goes back', async () => {
    const { seller, ad } = await h.sellAd('100');
    const buyer = await h.user();
    const saved = await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, { pay_time: 0.25 });
    expect(saved.body.msg).toBe('Trade settings saved');
    expect(saved.body.data).toEqual({ pay_time: 0.25, confirm_time: 60, max_unpaid_num: 5, ...DEFAULT_P2P_GUARDS });
    try {
      const o = expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }));
      expect(o.pay_deadline! - o.created_at).toBe(15_000);
      h.advance(14_000);
      expect(await h.sweep()).toBe(0);
      h.advance(2_000);
      expect(await h.sweep()).toBe(1);
      expect(await h.status(o.id)).toBe('cancelled');
      expect(await h.legal(seller)).toEqual({ available: '9900', frozen: '100' });
      expect(await h.adRemaining(ad.id)).toBe('100');
      // Both parties hear the cancellation on the private channel.
      const heard = h.pushes.filter((p) => (p.message as { order?: { id: number; status: string } }).order?.id === o.id && (p.message as { order: { status: string } }).order.status === 'cancelled');
      expect(heard.map((p) => p.userId).sort()).toEqual([buyer.id, seller.id].sort());
    } finally {
      expectOk(await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, { pay_time: 120 }));
    }
    const later = expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }));
    expect(later.pay_deadline! - later.created_at).toBe(120 * MINUTE);
    await h.expectAuditClean();
  });
});

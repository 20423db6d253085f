import { describe, expect, it } from 'vitest';
import { addDecimal } from '../../../domain/decimal.js';
import { FIAT_PATHS, FIAT_TRANSITIONS, nextStatus, orderFigures, type FiatAction, type FiatOrderStatus } from '../../../domain/fiat.js';
import { expectOk } from '../http.js';
import { HOUR, MINUTE, useFiat } from './harness.js';

const h = useFiat();
const order = (id: number) => ({ order_id: id });

describe('the lifecycle table', () => {
  it('names who may leave which state, and nothing else moves', () => {
    const statuses: FiatOrderStatus[] = ['unpaid', 'paid', 'appeal', 'completed', 'cancelled'];
    for (const s of ['completed', 'cancelled'] as const) {
      for (const action of Object.keys(FIAT_TRANSITIONS) as FiatAction[]) for (const role of ['buyer', 'seller', 'operator', 'system'] as const) expect(nextStatus(s, action, role)).toBeUndefined();
    }
    expect(nextStatus('unpaid', 'markPaid', 'buyer')).toBe('paid');
    expect(nextStatus('unpaid', 'markPaid', 'seller')).toBeUndefined();
    expect(nextStatus('paid', 'release', 'buyer')).toBeUndefined();
    expect(nextStatus('paid', 'release', 'seller')).toBe('completed');
    expect(nextStatus('appeal', 'release', 'seller')).toBe('completed');
    expect(nextStatus('paid', 'resolveRelease', 'operator')).toBeUndefined();
    expect(nextStatus('appeal', 'resolveReturn', 'operator')).toBe('cancelled');
    expect(nextStatus('paid', 'cancel', 'buyer')).toBeUndefined();
    expect(statuses.filter((s) => nextStatus(s, 'appeal', 'seller'))).toEqual(['paid']);
  });

  it('converts exactly: by amount rounds the quantity down, by quantity rounds the amount half up', () => {
    expect(orderFigures('amount', '100', '1.03')).toEqual({ amount: '100', quantity: '97.087378' });
    expect(orderFigures('quantity', '0.123457', '96250.5')).toEqual({ quantity: '0.123457', amount: '11882.8' });
  });
});

describe('ads', () => {
  it('a sell ad freezes its total; pausing returns it, resuming freezes again, closing returns it', async () => {
    const { seller, ad } = await h.sellAd('800');
    expect(await h.legal(seller)).toEqual({ available: '9200', frozen: '800' });
    expectOk(await h.act(seller, FIAT_PATHS.adStatus, { ad_id: ad.id, status: 'paused' }));
    expect(await h.legal(seller)).toEqual({ available: '10000', frozen: '0' });
    expectOk(await h.act(seller, FIAT_PATHS.adStatus, { ad_id: ad.id, status: 'online' }));
    expect(await h.legal(seller)).toEqual({ available: '9200', frozen: '800' });
    expectOk(await h.act(seller, FIAT_PATHS.adStatus, { ad_id: ad.id, status: 'closed' }));
    expect(await h.legal(seller)).toEqual({ available: '10000', frozen: '0' });
    await h.expectAuditClean();
  });

  it('refuses unverified advertisers, bad settings, foreign methods and missing funds, in the caller language, changing nothing', async () => {
    const unverified = await h.user({ verified: false, funds: { USDT: '100' } });
    const rich = await h.user({ funds: { USDT: '100' } });
    const other = await h.user();
    const before = await h.snapshot();
    const a = await h.publish(unverified, { method_ids: [unverified.method] }, { lang: 'de_DE' });
    expect(a.body.msg).toBe('Nur verifizierte Nutzer können Anzeigen veröffentlichen');
    expect((await h.publish(rich, { method_ids: [rich.method], fixed_price: '1.001' })).body.msg).toBe('Invalid ad setting: fixed_price');
    expect((await h.publish(rich, { method_ids: [rich.method], min_amount: '50', max_amount: '20' })).body.msg).toBe('Invalid ad setting: max_amount');
    expect((await h.publish(rich, { method_ids: [other.method] }, { lang: 'fr_FR' })).body.msg).toBe("Ce moyen d'encaissement n'est pas disponible pour cet ordre");
    expect((await h.publish(rich, { method_ids: [rich.method], crypto: 'SOL' })).body.msg).toBe('SOL cannot be traded for fiat');
    expect((await h.publish(rich, { method_ids: [rich.method], total: '101' }, { lang: 'ja_JP' })).body.msg).toBe('法定通貨アカウントのUSDTが不足しています');
    expect(await h.snapshot()).toBe(before);
  });

  it('lists sell ads cheapest first with margin prices from the reference rate', async () => {
    const { ad: dear } = await h.sellAd('100', { fiat: 'GBP', fixed_price: '0.95' });
    const { ad: cheap } = await h.sellAd('100', { fiat: 'GBP', fixed_price: '0.70' });
    const { ad: margin } = await h.sellAd('100', { fiat: 'GBP', price_kind: 'margin', margin: '1.5', fixed_price: undefined });
    const page = expectOk(await h.act({}, FIAT_PATHS.ads, { side: 'buy', crypto: 'USDT', fiat: 'GBP', page: 1 }));
    const list = (page as unknown as { list: Array<{ id: number; price: string }> }).list;
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(cheap.id)).toBeLessThan(ids.indexOf(dear.id));
    const [rate] = await h.db.query<{ price: string }>(`select trim_scale(price)::text as price from fiat_rate where pair = 'usdt_gbp'`);
    const expected = (Math.round(Number(rate!.price) * 1.015 * 100) / 100).toFixed(2);
    expect(list.find((a) => a.id === margin.id)!.price).toBe(expected);
  });
});

describe('an order from creation to release', () => {
  it('escrows on take, the buyer marks paid, the seller releases to the buyer; both parties hear each step', async () => {
    const { seller, buyer, order: created } = await h.ordered('1000', '101');
    expect(created).toMatchObject({ status: 'unpaid', quantity: '100', amount: '101', price: '1.01', role: 'buyer', seller_name: expect.any(String) });
    expect(created.method).toMatchObject({ card_number: '6222 0000 1111 2222', bank_name: 'Test Bank' });
    expect(created.pay_deadline! - created.created_at).toBe(120 * MINUTE);
    // The escrow stays frozen (the ad's remaining went down by the order's quantity).
    expect(await h.legal(seller)).toEqual({ available: '9000', frozen: '1000' });
    await h.expectAuditClean();

    expect((await h.act(seller, FIAT_PATHS.markPaid, order(created.id))).body.msg).toBe('Only the buyer can do this');
    expect((await h.act(buyer, FIAT_PATHS.release, order(created.id))).body.msg).toBe('Only the seller can do this');
    const paid = expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(created.id)));
    expect(paid.status).toBe('paid');
    expect(paid.confirm_deadline! - paid.paid_at!).toBe(60 * MINUTE);
    expect((await h.act(buyer, FIAT_PATHS.cancel, order(created.id))).body.msg).toBe('This order is no longer in a state that allows this');

    const released = expectOk(await h.act(seller, FIAT_PATHS.release, order(created.id)));
    expect(released.status).toBe('completed');
    expect(await h.legal(buyer)).toEqual({ available: '100', frozen: '0' });
    expect(await h.legal(seller)).toEqual({ available: '9000', frozen: '900' });
    const pushed = h.pushes.filter((p) => p.message.kind === 'fiat' && (p.message as { order?: { id: number } }).order?.id === created.id);
    expect(new Set(pushed.map((p) => p.userId))).toEqual(new Set([buyer.id, seller.id]));
    expect(pushed.map((p) => (p.message as { order: { status: string } }).order.status)).toEqual(['unpaid', 'unpaid', 'paid', 'paid', 'completed', 'completed']);
    await h.expectAuditClean();
  });

  it('a taker sells into a buy ad: their crypto is escrowed from available and reaches the advertiser', async () => {
    const advertiser = await h.user();
    const ad = expectOk(await h.publish(advertiser, { side: 'buy', crypto: 'BTC', fixed_price: '90000', total: '0.5', min_amount: '100', max_amount: '50000', method_ids: [] }));
    const taker = await h.user({ funds: { BTC: '0.2' } });
    expect((await h.take(taker, { ad_id: ad.id, by: 'quantity', value: '0.1' })).body.msg).toBe('Choose one of your collection methods for the buyer to pay to');
    const o = expectOk(await h.take(taker, { ad_id: ad.id, by: 'quantity', value: '0.1', method_id: taker.method }));
    expect(o).toMatchObject({ role: 'seller', amount: '9000', quantity: '0.1' });
    expect(await h.legal(taker, 'BTC')).toEqual({ available: '0.1', frozen: '0.1' });
    expectOk(await h.act(advertiser, FIAT_PATHS.markPaid, order(o.id)));
    expectOk(await h.act(taker, FIAT_PATHS.release, order(o.id)));
    expect(await h.legal(advertiser, 'BTC')).toEqual({ available: '0.1', frozen: '0' });
    expect(await h.legal(taker, 'BTC')).toEqual({ available: '0.1', frozen: '0' });
    await h.expectAuditClean();
  });

  it('refuses bad takes in the caller language and changes nothing', async () => {
    const { seller, ad } = await h.sellAd('50');
    const buyer = await h.user();
    const before = await h.snapshot();
    expect((await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '5' }, { lang: 'es_ES' })).body.msg).toBe('El importe debe ser de al menos 10 USD');
    expect((await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '10.001' })).body.msg).toMatch(/^Please enter an amount/);
    expect((await h.take(buyer, { ad_id: ad.id, by: 'quantity', value: '60' }, { lang: 'ru_RU' })).body.msg).toBe('В этом объявлении осталось только 50 USDT');
    expect((await h.take(seller, { ad_id: ad.id, by: 'amount', value: '20' })).body.msg).toBe('You cannot take your own ad');
    expect((await h.take(buyer, { ad_id: 999999, by: 'amount', value: '20' })).body.msg).toBe('This ad does not exist or is no longer online');
    expect(await h.snapshot()).toBe(before);
  });
});

describe('cancellation, deadlines and the unpaid limit', () => {
  it('a buyer cancel returns the escrow to the online ad; an expiry cancels once; both count against max_unpaid_num', async () => {
    const { seller, ad, buyer, order: a } = await h.ordered('1000', '20.2');
    expectOk(await h.act(buyer, FIAT_PATHS.cancel, order(a.id)));
    expect(await h.status(a.id)).toBe('cancelled');
    // Identical bodies within the 2000 ms window are one submission (no Idempotency-Key header here).
    h.advance(3000);
    expect(await h.adRemaining(ad.id)).toBe('1000');
    expect(await h.legal(seller)).toEqual({ available: '9000', frozen: '1000' });

    for (let i = 0; i < 4; i++) {
      expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }));
      h.advance(3000);
    }
    h.advance(121 * MINUTE);
    expect(await h.sweep()).toBe(4);
    expect(await h.sweep()).toBe(0);
    const refused = await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' });
    expect(refused.body.msg).toMatch(/^You are suspended from P2P until \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\): 5 of your orders went unpaid within 24 hours$/);
    h.advance(24 * HOUR);
    expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }));
    await h.expectAuditClean();
  });

  it('a deadline that passed while the server was down gives the buyer a grace period instead of a cancellation', async () => {
    const { buyer, order: o } = await h.ordered('100', '20.2');
    // "Down" for three hours: nothing swept meanwhile.
    h.advance(3 * HOUR);
    const graced = await h.restart();
    expect(graced).toContain(o.id);
    const after = expectOk(await h.act(buyer, FIAT_PATHS.order, order(o.id)));
    expect(after).toMatchObject({ status: 'unpaid', graced: true, pay_deadline: h.now() + 10 * MINUTE });
    expect(await h.sweep()).toBe(0);
    h.advance(10 * MINUTE);
    expect(await h.sweep()).toBeGreaterThanOrEqual(1);
    expect(await h.status(o.id)).toBe('cancelled');
    await h.expectAuditClean();
  });

  it('a deadline that passed during a takeover of seconds holds: the first sweep after it expires the order', async () => {
    const { order: o } = await h.ordered('100', '20.2');
    // Swept up to just before the deadline, then "down" for 5 s across it (a standby taking over).
    h.advance(o.pay_deadline! - h.now() - 2000);
    expect(await h.sweep()).toBe(0);
    h.advance(5000);
    expect(await h.restart()).toEqual([]);
    expect(await h.sweep()).toBeGreaterThanOrEqual(1);
    expect(await h.status(o.id)).toBe('cancelled');
    await h.expectAuditClean();
  });
});

describe('trust limits (name_check, USDT)', () => {
  it('refuses above the per-order and 24-hour limits with what is left', async () => {
    const { ad } = await h.sellAd('3000', { max_amount: '5000' });
    const unverified = await h.user({ verified: false });
    expect((await h.take(unverified, { ad_id: ad.id, by: 'quantity', value: '1000.01' })).body.msg).toBe('This order is worth 1,000.01 USDT, above your per-order limit of 1,000 USDT');
    expectOk(await h.take(unverified, { ad_id: ad.id, by: 'quantity', value: '600' }));
    expect((await h.take(unverified, { ad_id: ad.id, by: 'quantity', value: '500' }, { lang: 'tr_TR' })).body.msg).toBe('24 saatlik 1.000 USDT limitiniz aşılıyor: 400 USDT kaldı');
    expectOk(await h.take(unverified, { ad_id: ad.id, by: 'quantity', value: '400' }));
    const verified = await h.user();
    expectOk(await h.take(verified, { ad_id: ad.id, by: 'quantity', value: '1000' }));
  });
});

describe('races apply once', () => {
  it('release, cancel, appeal and the sweeper racing on one order: one outcome, one ledger movement', async () => {
    for (let round = 0; round < 4; round++) {
      const { seller, buyer, order: o } = await h.ordered('100', '50.5');
      expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(o.id)));
      const results = await Promise.all([
        h.act(seller, FIAT_PATHS.release, order(o.id)),
        h.act(seller, FIAT_PATHS.release, order(o.id)),
        h.act(seller, FIAT_PATHS.appeal, { order_id: o.id, reason: 'no money arrived' }),
        h.act(buyer, FIAT_PATHS.cancel, order(o.id)),
        h.act(buyer, FIAT_PATHS.markPaid, order(o.id)),
        h.sweep(),
      ]);
      const final = await h.status(o.id);
      expect(['completed', 'appeal']).toContain(final);
      if (final === 'completed') expect(await h.receipts(o.id)).toBe(1);
      if (final === 'appeal') {
        // The seller may still release during the appeal; then the operator finds nothing to resolve.
        expectOk(await h.act(seller, FIAT_PATHS.release, order(o.id)));
        expect((await h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'return', reason: 'late', totp_code: h.deskCode() })).body.msg).toBe('This order is no longer in a state that allows this');
      }
      expect(results.slice(0, 5).some((r) => typeof r === 'object' && r.body.code === 200)).toBe(true);
      expect(await h.legal(buyer)).toEqual({ available: '50', frozen: '0' });
      await h.expectAuditClean();
    }
  });

  it("in an appeal, the seller's release racing the operator's release and return: one outcome, the escrow moved once", async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, ad, buyer, order: o } = await h.ordered('100', '50.5');
      expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(o.id)));
      expectOk(await h.act(seller, FIAT_PATHS.appeal, { order_id: o.id, reason: 'The transfer has not arrived' }));
      const results = await Promise.all([
        h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'return', reason: 'No transfer', totp_code: h.deskCode() }),
        h.act(seller, FIAT_PATHS.release, order(o.id)),
        h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'release', reason: 'Bank statement shows it', totp_code: h.deskCode() }),
        h.act(seller, FIAT_PATHS.release, order(o.id)),
      ]);
      for (const r of results) expect(r.status).toBeLessThan(500);
      const final = await h.status(o.id);
      expect(['completed', 'cancelled']).toContain(final);
      // One step ended it; the escrow went to the buyer once, or back into the online ad once.
      expect(await h.steps(o.id, ['release', 'resolveRelease', 'resolveReturn'])).toBe(1);
      // Issue 51 §2: each ruling is in the audit log — the one that ended it as done, in its transaction, the other refused.
      const ruled = await h.db.query<{ outcome: string; kind: string }>(`select outcome, kind from operator_audit_log where object_type = 'fiat_order' and object_id = $1 order by id`, [String(o.id)]);
      expect(ruled).toHaveLength(2);
      expect(ruled.filter((r) => r.outcome === 'done')).toHaveLength(await h.steps(o.id, ['resolveRelease', 'resolveReturn']));
      expect(await h.receipts(o.id)).toBe(final === 'completed' ? 1 : 0);
      expect(await h.adRemaining(ad.id)).toBe(final === 'completed' ? '50' : '100');
      expect(await h.legal(buyer)).toEqual(final === 'completed' ? { available: '50', frozen: '0' } : { available: '0', frozen: '0' });
      expect(await h.legal(seller)).toEqual({ available: '9900', frozen: final === 'completed' ? '50' : '100' });
      await h.expectAuditClean();
    }
  });

  it("an operator's ruling to release an order the seller released meanwhile is refused and audited as refused, not answered as resolved", async () => {
    const { seller, buyer, order: o } = await h.ordered('100', '50.5');
    expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(o.id)));
    expectOk(await h.act(seller, FIAT_PATHS.appeal, { order_id: o.id, reason: 'The transfer has not arrived' }));
    expectOk(await h.act(seller, FIAT_PATHS.release, order(o.id)));
    const late = await h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'release', reason: 'Bank statement shows it', totp_code: h.deskCode() });
    expect(late.body.msg).toBe('This order is no longer in a state that allows this');
    const ruled = await h.db.query<{ outcome: string; kind: string }>(`select outcome, kind from operator_audit_log where object_type = 'fiat_order' and object_id = $1 order by id`, [String(o.id)]);
    expect(ruled).toEqual([{ outcome: 'refused', kind: 'p2p.appeal_release' }]);
    // The seller's own release, asked again, is still a repeat answered without a change.
    expectOk(await h.act(seller, FIAT_PATHS.release, order(o.id)));
    // A ruling is never a repeat: the same one twice is done once and refused once, both audited.
    const other = await h.ordered('100', '20.2');
    expectOk(await h.act(other.buyer, FIAT_PATHS.markPaid, order(other.order.id)));
    expectOk(await h.act(other.seller, FIAT_PATHS.appeal, { order_id: other.order.id, reason: 'The transfer has not arrived' }));
    const rule = () => h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: other.order.id, decision: 'return', reason: 'No transfer', totp_code: h.deskCode() });
    expectOk(await rule());
    expect((await rule()).body.msg).toBe('This order is no longer in a state that allows this');
    const twice = await h.db.query<{ outcome: string }>(`select outcome from operator_audit_log where object_type = 'fiat_order' and object_id = $1 order by id`, [String(other.order.id)]);
    expect(twice.map((r) => r.outcome)).toEqual(['done', 'refused']);
    expect(await h.steps(o.id, ['release', 'resolveRelease', 'resolveReturn'])).toBe(1);
    await h.expectAuditClean();
  });

  it("an unpaid order past its deadline: the buyer's cancel, a late mark-paid and the sweeper racing apply once", async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, ad, buyer, order: o } = await h.ordered('100', '20.2');
      h.advance(121 * MINUTE);
      const results = await Promise.all([h.act(buyer, FIAT_PATHS.cancel, order(o.id)), h.sweep(), h.act(buyer, FIAT_PATHS.markPaid, order(o.id)), h.sweep(), h.act(buyer, FIAT_PATHS.cancel, order(o.id))]);
      for (const r of results) if (typeof r === 'object') expect(r.status).toBeLessThan(500);
      const final = await h.status(o.id);
      expect(['cancelled', 'paid']).toContain(final);
      // One step left `unpaid`; a cancellation gave the escrow back into the online ad once.
      expect(await h.steps(o.id, ['cancel', 'expire', 'markPaid'])).toBe(1);
      expect(await h.adRemaining(ad.id)).toBe(final === 'cancelled' ? '100' : '80');
      expect(await h.legal(seller)).toEqual({ available: '9900', frozen: '100' });
      await h.expectAuditClean();
    }
  });

  it('double takes with one idempotency key create one order', async () => {
    const { ad } = await h.sellAd('100');
    const buyer = await h.user();
    const key = { 'idempotency-key': `take-${Date.now()}` };
    const [a, b] = await Promise.all([h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }, key), h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }, key)]);
    expect(expectOk(a).id).toBe(expectOk(b).id);
    const [n] = await h.db.query<{ n: number }>(`select count(*)::int as n from fiat_order where buyer_id = $1`, [buyer.id]);
    expect(n!.n).toBe(1);
  });
});

describe('appeals', () => {
  it('the buyer may appeal only after the confirm deadline; the operator resolves with a reason, once', async () => {
    const { seller, buyer, order: o } = await h.ordered('100', '50.5');
    expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(o.id)));
    expect((await h.act(buyer, FIAT_PATHS.appeal, { order_id: o.id, reason: 'paid' })).body.msg).toMatch(/^You can appeal once the seller's confirmation time has passed/);
    h.advance(61 * MINUTE);
    expectOk(await h.act(buyer, FIAT_PATHS.say, { order_id: o.id, text: 'I paid at 10:02, reference 123' }));
    expectOk(await h.act(buyer, FIAT_PATHS.appeal, { order_id: o.id, reason: 'Seller does not confirm' }));
    const queue = expectOk(await h.act(h.operator, FIAT_PATHS.operatorAppeals, {})) as unknown as Array<{ order: { id: number }; chat: Array<{ text: string }>; timeline: Array<{ event: string }>; seller_methods: unknown[] }>;
    const mine = queue.find((a) => a.order.id === o.id)!;
    expect(mine.chat.map((c) => c.text)).toEqual(['I paid at 10:02, reference 123']);
    expect(mine.timeline.map((e) => e.event)).toEqual(['created', 'markPaid', 'appeal']);
    expect(mine.seller_methods).toHaveLength(1);
    expect((await h.act(buyer, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'release', reason: 'x' })).body.code).toBe(403);
    const [r1, r2] = await Promise.all([
      h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'release', reason: 'Bank statement shows the transfer', totp_code: h.deskCode() }),
      h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision: 'return', reason: 'No transfer', totp_code: h.deskCode() }),
    ]);
    expect([r1.body.code, r2.body.code].sort()).toEqual([200, 400]);
    const final = await h.status(o.id);
    expect(await h.legal(buyer)).toEqual(final === 'completed' ? { available: '50', frozen: '0' } : { available: '0', frozen: '0' });
    expect(await h.legal(seller)).toEqual({ available: '9900', frozen: final === 'completed' ? '50' : '100' });
    await h.expectAuditClean();
  });

  it('chat is for the parties only; images must be real images', async () => {
    const { ad } = await h.sellAd('100');
    const buyer = await h.user();
    const stranger = await h.user();
    const o = expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '50.5' }));
    expect((await h.act(stranger, FIAT_PATHS.say, { order_id: o.id, text: 'hi' })).body.msg).toBe('This order does not exist');
    expect((await h.act(buyer, FIAT_PATHS.say, { order_id: o.id, image: 'data:image/png;base64,aGVsbG8=' })).body.msg).toBe('The image must be a PNG, JPEG or WebP file');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e6e9e90000000049454e44ae426082', 'hex');
    const sent = expectOk(await h.act(buyer, FIAT_PATHS.say, { order_id: o.id, image: `data:image/png;base64,${png.toString('base64')}` })) as unknown as { id: number };
    const ok = await h.app.inject({ method: 'GET', url: `/api/fiat/chat_image/${o.id}/${sent.id}`, headers: buyer.headers });
    expect(ok.headers['content-type']).toBe('image/png');
    const denied = await h.app.inject({ method: 'GET', url: `/api/fiat/chat_image/${o.id}/${sent.id}`, headers: stranger.headers });
    expect(denied.json().code).toBe(404);
  });

  it('a message reaches both parties live and stays in the history; bad input is a translated refusal, never a 500', async () => {
    const { seller, ad } = await h.sellAd('100');
    const buyer = await h.user();
    const stranger = await h.user();
    const o = expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }));
    const before = h.pushes.length;
    const sent = expectOk(await h.act(buyer, FIAT_PATHS.say, { order_id: o.id, text: '  Paid, reference 42  ' })) as unknown as { id: number; text: string; sender: string };
    expect(sent).toMatchObject({ text: 'Paid, reference 42', sender: 'buyer' });
    const heard = h.pushes.slice(before).filter((p) => (p.message as { chat?: { id: number } }).chat?.id === sent.id);
    expect(heard.map((p) => p.userId).sort()).toEqual([buyer.id, seller.id].sort());
    const history = expectOk(await h.act(seller, FIAT_PATHS.chat, order(o.id))) as unknown as Array<{ id: number }>;
    expect(history.map((m) => m.id)).toEqual([sent.id]);
    expect((await h.act(stranger, FIAT_PATHS.chat, order(o.id))).body.msg).toBe('This order does not exist');
    const bad = [
      [{ order_id: o.id, text: '   ' }, 'Please write a message of 1 to 500 characters'],
      [{ order_id: o.id }, 'Please write a message of 1 to 500 characters'],
      [{ order_id: o.id, image: 'not a data url' }, 'The image must be a PNG, JPEG or WebP file'],
      [{ order_id: o.id, image: `data:image/png;base64,${Buffer.alloc(4 * 1024 * 1024 + 10, 1).toString('base64')}` }, 'The image must be at most 4 MB'],
    ] as const;
    for (const [body, msg] of bad) {
      const answer = await h.act(buyer, FIAT_PATHS.say, body);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.msg).toBe(msg);
    }
    const long = await h.act(buyer, FIAT_PATHS.say, { order_id: o.id, text: 'x'.repeat(501) }, { lang: 'de_DE' });
    expect(long.status).toBeLessThan(500);
    expect(long.body).toEqual({ code: 400, msg: 'Eine Nachricht darf höchstens 500 Zeichen lang sein', data: null });
    expect((await h.act(seller, FIAT_PATHS.say, { order_id: o.id, text: '   ' }, { lang: 'de_DE' })).body.msg).not.toBe('Please write a message of 1 to 500 characters');
    expect((expectOk(await h.act(buyer, FIAT_PATHS.chat, order(o.id))) as unknown as unknown[]).length).toBe(1);
  });
});

describe('simulated merchants (fresh start liquidity)', () => {
  it('seeds funded merchants with ads once; the simulator releases what a newcomer paid and pays for what it buys', async () => {
    const { ensureMerchants, simulateMerchants } = await import('../../../server/products/fiat/merchants.js');
    const ids = await ensureMerchants(h.db, h.now());
    const again = await ensureMerchants(h.db, h.now());
    expect(again).toEqual(ids);
    const [ads] = await h.db.query<{ n: number }>(`select count(*)::int as n from fiat_ad where user_id = any($1::bigint[])`, [ids]);
    expect(ads!.n).toBe(2 * 3 * (3 + 4 + 4));
    // Limits read as a merchant would set them in the ad's fiat: two leading digits, then zeros.
    const limits = await h.db.query<{ fiat: string; min: string; max: string }>(
      `select distinct fiat, trim_scale(min_amount)::text as min, trim_scale(max_amount)::text as max from fiat_ad where user_id = any($1::bigint[])`,
      [ids],
    );
    for (const l of limits) expect(`${l.fiat} ${l.min} ${l.max}`).toMatch(/^[A-Z]{3} [1-9]\d?0* [1-9]\d?0*$/);
    expect(limits.find((l) => l.fiat === 'USD')).toMatchObject({ min: '10', max: '20000' });
    await h.expectAuditClean();

    const newcomer = await h.user({ verified: false, funds: { USDT: '30' } });
    const list = expectOk(await h.act({}, FIAT_PATHS.ads, { side: 'buy', crypto: 'USDT', fiat: 'EUR', page: 1 })) as unknown as { list: Array<{ id: number; user_id: number }> };
    const best = list.list[0]!;
    expect(ids).toContain(best.user_id);
    const bought = expectOk(await h.take(newcomer, { ad_id: best.id, by: 'amount', value: '50' }));
    expectOk(await h.act(newcomer, FIAT_PATHS.markPaid, order(bought.id)));
    expect(await simulateMerchants(h.db, h.service, ids, h.now(), 4000)).toBe(0);
    h.advance(4000);
    expect(await simulateMerchants(h.db, h.service, ids, h.now(), 4000)).toBe(1);
    expect(await h.status(bought.id)).toBe('completed');
    expect((await h.legal(newcomer)).available).toBe(addDecimal('30', bought.quantity));

    const sellTo = expectOk(await h.act({}, FIAT_PATHS.ads, { side: 'sell', crypto: 'USDT', fiat: 'EUR', page: 1 })) as unknown as { list: Array<{ id: number }> };
    const sold = expectOk(await h.take(newcomer, { ad_id: sellTo.list[0]!.id, by: 'quantity', value: '20', method_id: newcomer.method }));
    h.advance(4000);
    expect(await simulateMerchants(h.db, h.service, ids, h.now(), 4000)).toBe(1);
    expect(await h.status(sold.id)).toBe('paid');
    expectOk(await h.act(newcomer, FIAT_PATHS.release, order(sold.id)));
    await h.expectAuditClean();
  });
});

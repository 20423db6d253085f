import { describe, expect, it } from 'vitest';
import { CHAT_IMAGE_LIMITS, FIAT_PATHS, type FiatMyAdsPage, type FiatStanding } from '../../../domain/fiat.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../http.js';
import { HOUR, MINUTE, useFiat, type TestUser } from './harness.js';

/**
 * The per-user limits of P2P hold however requests arrive (issue 34 §3): concurrent takes against
 * the 24-hour trust limit, deadlines at the action, the paying side's suspension after unpaid
 * orders (ad owners included), the online-ads cap, my_ads in pages with frozen funds, and the chat
 * images' quota. Concurrency only bites on PostgreSQL (PGlite runs one transaction at a time);
 * CI runs this file on both.
 */
const h = useFiat();
const EN = MESSAGES.en_US;
const order = (id: number) => ({ order_id: id });
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]);
const png = `data:image/png;base64,${PNG.toString('base64')}`;
const fiatUploads = async () => Number((await h.db.query<{ n: number }>(`select count(*)::int as n from stored_image where folder = 'fiat'`))[0]!.n);

async function withLegalTrade<T>(patch: Record<string, number>, work: () => Promise<T>): Promise<T> {
  expectOk(await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, patch));
  try {
    return await work();
  } finally {
    expectOk(await h.act(h.operator, FIAT_PATHS.operatorLegalTrade, { pay_time: 120, max_unpaid_num: 5, suspend_time: 1440, max_online_ads: 50 }));
  }
}

describe('one buyer, many takes at once', () => {
  it('six takes on six ads at once never buy past the 24-hour trust limit', async () => {
    const ads = [];
    for (let i = 0; i < 6; i++) ads.push((await h.sellAd('1000')).ad);
    // Unverified: 1,000 USDT per order and per 24 hours; each take is worth 300 USDT.
    const buyer = await h.user({ verified: false });
    const answers = await Promise.all(ads.map((ad) => h.take(buyer, { ad_id: ad.id, by: 'quantity', value: '300' })));
    const passed = answers.filter((a) => a.body.code === 200);
    expect(passed).toHaveLength(3);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, EN.fiatDailyLimit.replace('{limit}', '1,000').replace('{left}', '100'));
    const [row] = await h.db.query<{ used: string }>(`select trim_scale(sum(value_usdt))::text as used from fiat_order where buyer_id = $1`, [buyer.id]);
    expect(row!.used).toBe('900');
    await h.expectAuditClean();
  });
});

describe('deadlines hold at the action, by the server clock', () => {
  it('"I have paid" is refused from the pay deadline on, changing nothing; the sweep then cancels', async () => {
    const { ad, buyer, order: early } = await h.ordered('1000', '20.2');
    h.advance(3000);
    const late = expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '30.3' }));
    h.advance(early.pay_deadline! - h.now() - 1);
    expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(early.id)));
    h.advance(late.pay_deadline! - h.now());
    const before = await h.snapshot();
    expectRefusal(await h.act(buyer, FIAT_PATHS.markPaid, order(late.id)), 400, EN.fiatPayDeadlinePassed);
    expectRefusal(await h.act(buyer, FIAT_PATHS.markPaid, order(late.id), { lang: 'ja_JP' }), 400, MESSAGES.ja_JP.fiatPayDeadlinePassed);
    expect(await h.snapshot()).toBe(before);
    expect(await h.sweep()).toBeGreaterThanOrEqual(1);
    expect(await h.status(late.id)).toBe('cancelled');
    expect(await h.status(early.id)).toBe('paid');
    await h.expectAuditClean();
  });

  it('the deadline step itself refuses an order whose deadline has not come (the sweep is only the backstop)', async () => {
    const { order: o } = await h.ordered('1000', '20.2');
    h.advance(o.pay_deadline! - h.now() - 1);
    expect((await h.service.expire(o.id)).ok).toBe(false);
    expect(await h.status(o.id)).toBe('unpaid');
    h.advance(1);
    expect((await h.service.expire(o.id)).ok).toBe(true);
    expect(await h.status(o.id)).toBe('cancelled');
  });
});

describe('the side that must pay answers for unpaid orders', () => {
  async function expireUnpaid(buyAdId: number, count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const seller = await h.user({ funds: { USDT: '100' } });
      ids.push(expectOk(await h.take(seller, { ad_id: buyAdId, by: 'amount', value: '20.2', method_id: seller.method })).id);
    }
    h.advance(121 * MINUTE);
    await h.sweep();
    for (const id of ids) expect(await h.status(id)).toBe('cancelled');
  }

  it("a buy ad's owner who lets max_unpaid_num orders expire is suspended from P2P until the end shown, then trades again", async () => {
    const owner = await h.user({ funds: { USDT: '1000' } });
    const buyAd = expectOk(await h.publish(owner, { side: 'buy', total: '1000', method_ids: [] }));
    await expireUnpaid(buyAd.id, 5);
    const suspendedAt = h.now();
    const until = suspendedAt + 24 * HOUR;

    const standing = expectOk(await h.act(owner, FIAT_PATHS.standing, {})) as unknown as FiatStanding;
    expect(standing).toMatchObject({ suspended_until: until, unpaid_24h: 5, max_unpaid: 5 });
    // Their ad is no longer listed or takeable; they can neither take, nor publish, nor resume.
    const listed = expectOk(await h.act({}, FIAT_PATHS.ads, { side: 'sell', crypto: 'USDT', fiat: 'USD', page: 1, size: 50 })) as unknown as { list: Array<{ id: number }> };
    expect(listed.list.map((a) => a.id)).not.toContain(buyAd.id);
    const seller = await h.user({ funds: { USDT: '100' } });
    const { ad: sellAd } = await h.sellAd('100');
    const before = await h.snapshot();
    expectRefusal(await h.take(seller, { ad_id: buyAd.id, by: 'amount', value: '20.2', method_id: seller.method }), 400, EN.fiatAdUnknown);
    const when = new Date(until).toISOString().slice(0, 16).replace('T', ' ');
    expectRefusal(await h.take(owner, { ad_id: sellAd.id, by: 'amount', value: '20.2' }), 400, `You are suspended from P2P until ${when} (UTC): 5 of your orders went unpaid within 24 hours`);
    expectRefusal(await h.take(owner, { ad_id: sellAd.id, by: 'amount', value: '20.2' }, { lang: 'de_DE' }), 400, MESSAGES.de_DE.fiatSuspended.replace('{until}', when).replace('{count}', '5'));
    expectRefusal(await h.publish(owner, { side: 'buy', total: '10', method_ids: [] }), 400, /suspended from P2P/);
    expect(await h.snapshot()).toBe(before);

    h.advance(until - h.now() - 1);
    expectRefusal(await h.take(owner, { ad_id: sellAd.id, by: 'amount', value: '20.2' }), 400, /suspended from P2P/);
    h.advance(1);
    expect((expectOk(await h.act(owner, FIAT_PATHS.standing, {})) as unknown as FiatStanding).suspended_until).toBeNull();
    expectOk(await h.take(owner, { ad_id: sellAd.id, by: 'amount', value: '20.2' }));
    await h.expectAuditClean();
  });

  it('suspend_time from legal_trade sets how long it lasts', async () => {
    await withLegalTrade({ max_unpaid_num: 2, suspend_time: 30 }, async () => {
      const owner = await h.user({ funds: { USDT: '1000' } });
      const buyAd = expectOk(await h.publish(owner, { side: 'buy', total: '1000', method_ids: [] }));
      await expireUnpaid(buyAd.id, 2);
      const standing = expectOk(await h.act(owner, FIAT_PATHS.standing, {})) as unknown as FiatStanding;
      expect(standing.suspended_until).toBe(h.now() + 30 * MINUTE);
      h.advance(30 * MINUTE);
      expect((expectOk(await h.act(owner, FIAT_PATHS.standing, {})) as unknown as FiatStanding).suspended_until).toBeNull();
    });
  });
});

describe('online ads per user', () => {
  it('max_online_ads holds against publishes at once and against resuming', async () => {
    await withLegalTrade({ max_online_ads: 3 }, async () => {
      const owner = await h.user({ funds: { USDT: '10000' } });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => h.publish(owner, { side: 'buy', total: String(100 + i), method_ids: [] })));
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
      for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, 'You can have at most 3 ads online at once');
      const ids = answers.filter((a) => a.body.code === 200).map((a) => a.body.data!.id);
      expectOk(await h.act(owner, FIAT_PATHS.adStatus, { ad_id: ids[0], status: 'paused' }));
      expectOk(await h.publish(owner, { side: 'sell', total: '10', method_ids: [owner.method] }));
      expectRefusal(await h.act(owner, FIAT_PATHS.adStatus, { ad_id: ids[0], status: 'online' }, { lang: 'fr_FR' }), 400, MESSAGES.fr_FR.fiatTooManyAds.replace('{max}', '3'));
      const standing = expectOk(await h.act(owner, FIAT_PATHS.standing, {})) as unknown as FiatStanding;
      expect(standing).toMatchObject({ online_ads: 3, max_online_ads: 3, suspended_until: null });
    });
  });
});

describe('my ads', () => {
  it('pages every ad that is not closed, each with what it holds frozen, and the frozen total', async () => {
    const owner = await h.user({ funds: { USDT: '10000', BTC: '1' } });
    // Identical bodies within 2 s are one submission: the clock moves between them.
    for (let i = 0; i < 11; i++) {
      expectOk(await h.publish(owner, { total: '10', method_ids: [owner.method] }));
      h.advance(3000);
    }
    const btc = expectOk(await h.publish(owner, { crypto: 'BTC', total: '0.5', fixed_price: '90000', min_amount: '100', max_amount: '5000', method_ids: [owner.method] }));
    const paused = expectOk(await h.publish(owner, { side: 'buy', total: '50', method_ids: [] }));
    expectOk(await h.act(owner, FIAT_PATHS.adStatus, { ad_id: paused.id, status: 'paused' }));
    h.advance(3000);
    const closed = expectOk(await h.publish(owner, { total: '10', method_ids: [owner.method] }));
    expectOk(await h.act(owner, FIAT_PATHS.adStatus, { ad_id: closed.id, status: 'closed' }));

    const page = (n: number) => h.act(owner, FIAT_PATHS.myAds, { page: n, size: 5 }).then((a) => expectOk(a) as unknown as FiatMyAdsPage);
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.list.length)).toEqual([5, 5, 3]);
    expect(pages[0]!.total).toBe(13);
    const all = pages.flatMap((p) => p.list);
    expect(new Set(all.map((a) => a.id)).size).toBe(13);
    expect(all.map((a) => a.id)).not.toContain(closed.id);
    expect(all.find((a) => a.id === paused.id)).toMatchObject({ status: 'paused', frozen: '0' });
    expect(all.find((a) => a.id === btc.id)).toMatchObject({ frozen: '0.5' });
    expect(pages[2]!.frozen).toEqual([
      { crypto: 'BTC', quantity: '0.5' },
      { crypto: 'USDT', quantity: '110' },
    ]);
    expect(await h.legal(owner)).toEqual({ available: '9890', frozen: '110' });
    expectRefusal(await h.act(owner, FIAT_PATHS.myAds, { page: 0 }), 400);
  });
});

describe('payment-proof images', () => {
  async function openOrder(buyer: TestUser) {
    const { seller, ad } = await h.sellAd('1000');
    const o = expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: '20.2' }));
    h.advance(3000);
    return { seller, o };
  }

  it('25 uploads at once into one order: only the per-order quota is stored, the rest refused and never written', async () => {
    const buyer = await h.user();
    const { o } = await openOrder(buyer);
    const files = await fiatUploads();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => h.act(buyer, FIAT_PATHS.say, { order_id: o.id, image: png, text: `proof ${i}` })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(CHAT_IMAGE_LIMITS.perOrder);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, `You can send at most ${CHAT_IMAGE_LIMITS.perOrder} images in one order`);
    expect((await fiatUploads()) - files).toBe(CHAT_IMAGE_LIMITS.perOrder);
    // Text still goes through.
    expectOk(await h.act(buyer, FIAT_PATHS.say, { order_id: o.id, text: 'sent it' }));
  });

  it('one user across orders: at most perWindow images an hour, then again once the hour has passed', async () => {
    const buyer = await h.user();
    const orders = [(await openOrder(buyer)).o, (await openOrder(buyer)).o, (await openOrder(buyer)).o];
    let sent = 0;
    for (const o of orders.slice(0, 2)) {
      for (let i = 0; i < CHAT_IMAGE_LIMITS.perOrder && sent < CHAT_IMAGE_LIMITS.perWindow; i++, sent++) expectOk(await h.act(buyer, FIAT_PATHS.say, { order_id: o.id, image: png, text: `p${sent}` }));
    }
    const files = await fiatUploads();
    expectRefusal(await h.act(buyer, FIAT_PATHS.say, { order_id: orders[2]!.id, image: png }, { lang: 'ko_KR' }), 400, MESSAGES.ko_KR.fiatImageRateLimit.replace('{max}', String(CHAT_IMAGE_LIMITS.perWindow)).replace('{minutes}', '60'));
    expect(await fiatUploads()).toBe(files);
    h.advance(CHAT_IMAGE_LIMITS.windowMs);
    expectOk(await h.act(buyer, FIAT_PATHS.say, { order_id: orders[2]!.id, image: png }));
  });
});

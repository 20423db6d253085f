import { describe, expect, it } from 'vitest';
import { translate } from '../../../../server/kernel/platform/i18n/messages.js';
import { CASES, ODD_IDS } from './cases.js';
import { call, expectUnchanged, signed, snapshot, useOwnershipWorld, type OwnedIds, type World } from './world.js';

/**
 * The ownership audit (IDOR): B, signed in, names A's things by their ids on every route that
 * takes one — web API and Binance dialect — and is refused as if the thing did not exist, with
 * nothing changed in any table. Each case's expected refusal is the "not found" of that route, so
 * a case refused for another reason (a malformed body, a missing proof) cannot pass for a scoped one;
 * the reads are also made as A, who must get them.
 */
const w = useOwnershipWorld('ownership');

async function get(w: World, path: string, token: string) {
  const response = await fetch(`${w.server.url}${path}`, { headers: { token, lang: 'en_US' } });
  return { status: response.status, type: String(response.headers.get('content-type')), text: await response.text() };
}

describe('web API: B names A’s things', () => {
  it.each(CASES.map((c) => [`${c.path} ${Object.keys(c.body(w.ids ?? ({} as OwnedIds))).join(',')}`, c] as const))('%s → refused as unknown, nothing changed', async (_, c) => {
    const before = await snapshot(w);
    const answer = await call(w, w.b, c.path, c.body(w.ids));
    expect(answer, c.path).toEqual({ code: expect.any(Number), msg: translate('en_US', c.refusal), data: null });
    expect([400, 404]).toContain(answer.code);
    await expectUnchanged(w, before, c.path);
    if (c.ownerReads) expect((await call(w, w.a, c.path, c.body(w.ids))).code).toBe(200);
  });

  it.each(CASES.map((c) => [c.path, c] as const))('%s with odd ids: refused, nothing changed', async (_, c) => {
    const before = await snapshot(w);
    const field = Object.keys(c.body(w.ids)).find((k) => k === 'id' || k.endsWith('_id') || k === 'api_key' || k === 'method_ids')!;
    for (const odd of ODD_IDS) {
      const answer = await call(w, w.b, c.path, { ...c.body(w.ids), [field]: odd });
      expect(answer.code, `${c.path} ${field}=${JSON.stringify(odd)}: ${answer.msg}`).not.toBe(200);
      expect(answer.code).toBeLessThan(500);
      expect(answer.data).toBeNull();
    }
    await expectUnchanged(w, before, c.path);
  });

  it('a take may name only the ad’s own payment methods: A’s method on C’s ad is refused, nothing changed', async () => {
    const before = await snapshot(w);
    const answer = await call(w, w.b, '/api/fiat/take', { ad_id: w.ids.sellerAd, by: 'amount', value: '100', method_id: w.ids.fiatMethod });
    expect(answer).toEqual({ code: 400, msg: translate('en_US', 'fiatMethodUnknown'), data: null });
    await expectUnchanged(w, before, 'fiat take');
  });

  it('positions by symbol: B’s calls on the pair where A holds a long act on B’s own (none), A’s stays', async () => {
    const before = await snapshot(w);
    const symbol = 'btc_usdt';
    for (const [path, body] of [
      ['/api/futures/flash_close', { symbol }],
      ['/api/futures/close', { symbol, type: 'market', quantity: '0.01' }],
      ['/api/futures/margin', { symbol, type: 'remove', amount: '1' }],
      ['/api/futures/plan', { symbol, kind: 'stop_loss', trigger_by: 'last', trigger_value: '1000', exec_type: 'market' }],
    ] as const) {
      const answer = await call(w, w.b, path, body);
      expect(answer.code, `${path}: ${answer.msg}`).toBe(400);
    }
    await expectUnchanged(w, before, 'futures positions');
    const positions = await call<Array<{ symbol: string; quantity: string }>>(w, w.a, '/api/futures/positions', {});
    expect(positions.data.map((p) => [p.symbol, p.quantity])).toEqual([['BTC_USDT', '0.01']]);
  });

  it('identity photos and payment proofs: B gets "not found", A and the order’s parties get the image', async () => {
    const { kycSubmission, fiatOrder, fiatMessage } = w.ids;
    const paths = [`/api/identity/photo/${kycSubmission}/front`, `/api/identity/photo/${kycSubmission}/back`, `/api/fiat/chat_image/${fiatOrder}/${fiatMessage}`];
    for (const path of paths) {
      const stolen = await get(w, path, w.b.token);
      expect(stolen.type, path).toMatch(/^application\/json/);
      expect(JSON.parse(stolen.text), path).toEqual({ code: 404, msg: translate('en_US', 'notFound'), data: null });
      expect((await get(w, path, w.a.token)).type, path).toMatch(/^image\//);
    }
    // The seller C is a party to the payment proof; the photo of A's identity is A's alone.
    expect((await get(w, paths[2]!, w.c.token)).type).toMatch(/^image\//);
    expect((await get(w, paths[0]!, w.c.token)).type).toMatch(/^application\/json/);
    for (const odd of ['-1', '0', '1.5', '99999999999999999999', 'abc', '1;drop']) {
      for (const path of [`/api/identity/photo/${odd}/front`, `/api/fiat/chat_image/${odd}/${fiatMessage}`, `/api/fiat/chat_image/${fiatOrder}/${odd}`]) {
        const answer = await get(w, path, w.b.token);
        expect(answer.status, path).toBe(200);
        expect(answer.type, path).toMatch(/^application\/json/);
        expect((JSON.parse(answer.text) as { code: number }).code, path).not.toBe(200);
      }
    }
  });
});

describe('Binance dialect: B’s key names A’s orders', () => {
  type Names = Array<Record<string, string>>;
  const spot = (i: OwnedIds): Names => [{ orderId: String(i.spotOrder) }, { origClientOrderId: i.clientOrderId }, { origClientOrderId: `ox${i.spotOrder}` }];
  const futures = (i: OwnedIds): Names => [{ orderId: String(i.futuresOrder) }, { origClientOrderId: `ox${i.futuresOrder}` }];

  it('GET and DELETE an order by A’s id or client id: -2013 / -2011, nothing changed; A reads it', async () => {
    const before = await snapshot(w);
    for (const [path, symbol, names] of [
      ['/api/v3/order', 'BTCUSDT', spot(w.ids)],
      ['/fapi/v1/order', 'BTCUSDT', futures(w.ids)],
    ] as const) {
      for (const name of names) {
        const read = await signed(w, w.keyB, 'GET', path, { symbol, ...name });
        expect([read.status, read.body.code], `GET ${path} ${JSON.stringify(name)}`).toEqual([400, -2013]);
        const cancel = await signed(w, w.keyB, 'DELETE', path, { symbol, ...name });
        expect([cancel.status, cancel.body.code], `DELETE ${path} ${JSON.stringify(name)}`).toEqual([400, -2011]);
        expect((await signed(w, w.keyA, 'GET', path, { symbol, ...name })).status, `A reads ${path} ${JSON.stringify(name)}`).toBe(200);
      }
    }
    await expectUnchanged(w, before, 'Binance order calls');
  });

  it('Convert: B accepts or reads A’s quote and conversion by their ids: -2013, nothing changed; A reads hers; B’s history holds none of A’s', async () => {
    const before = await snapshot(w);
    for (const id of [w.ids.convertQuote, w.ids.convertDone]) {
      const accept = await signed(w, w.keyB, 'POST', '/sapi/v1/convert/acceptQuote', { quoteId: String(id) });
      expect([accept.status, accept.body.code], `accept ${id}`).toEqual([400, -2013]);
      const names: Array<Record<string, string>> = [{ orderId: String(id) }, { quoteId: String(id) }];
      for (const name of names) {
        const read = await signed(w, w.keyB, 'GET', '/sapi/v1/convert/orderStatus', name);
        expect([read.status, read.body.code], JSON.stringify(name)).toEqual([400, -2013]);
      }
    }
    expect((await signed(w, w.keyA, 'GET', '/sapi/v1/convert/orderStatus', { orderId: String(w.ids.convertDone) })).body).toMatchObject({ orderId: w.ids.convertDone, orderStatus: 'SUCCESS' });
    const window = { startTime: String(Date.now() - 86_400_000), endTime: String(Date.now() + 60_000) };
    const flow = async (key: typeof w.keyA) => ((await signed(w, key, 'GET', '/sapi/v1/convert/tradeFlow', window)).body as unknown as { list: Array<{ orderId: number }> }).list.map((c) => c.orderId);
    expect(await flow(w.keyB)).toEqual([]);
    expect(await flow(w.keyA)).toEqual([w.ids.convertDone]);
    await expectUnchanged(w, before, 'Binance convert calls');
  });

  it('lists by A’s order id hold none of A’s orders or trades', async () => {
    const lists: Array<[string, Record<string, string>]> = [
      ['/api/v3/openOrders', { symbol: 'BTCUSDT' }],
      ['/api/v3/allOrders', { symbol: 'BTCUSDT', orderId: String(w.ids.spotOrder) }],
      ['/api/v3/myTrades', { symbol: 'BTCUSDT', orderId: String(w.ids.spotOrder) }],
      ['/fapi/v1/openOrders', { symbol: 'BTCUSDT' }],
      ['/fapi/v1/allOrders', { symbol: 'BTCUSDT', orderId: '1' }],
      ['/fapi/v1/userTrades', { symbol: 'BTCUSDT', orderId: String(w.ids.futuresOrder) }],
      ['/fapi/v2/positionRisk', { symbol: 'BTCUSDT' }],
    ];
    for (const [path, params] of lists) {
      const answer = await signed(w, w.keyB, 'GET', path, params);
      expect(answer.status, path).toBe(200);
      const list = answer.body as unknown as Array<Record<string, unknown>>;
      expect(list.filter((x) => x['positionAmt'] === undefined || x['positionAmt'] !== '0'), path).toEqual([]);
    }
    // A's own lists hold them: the listing is by owner, not empty for everyone.
    expect(((await signed(w, w.keyA, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' })).body as unknown as unknown[]).length).toBeGreaterThan(0);
  });
});

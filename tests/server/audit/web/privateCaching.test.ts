import { describe, expect, it } from 'vitest';
import { useBinanceServer } from '../../binance/harness.js';

/**
 * Web audit: an answer that carries a trader's own data must never be kept by a browser or a proxy
 * for the next asker. The Binance dialect's signed reads are GETs; without Cache-Control, an HTTP
 * cache may store them on heuristics (RFC 9111 §4.2.2) and serve the balances to whoever asks the
 * same URL (a shared proxy, a CDN told to "cache everything", the next user of the browser). Every
 * /api answer now says `no-store`, the web API's POST answers and refusals included; a photo's route
 * keeps its own `private, no-store`.
 */
const t = useBinanceServer('web-caching');

const noStore = (value: string | null | undefined) => expect(String(value ?? '')).toMatch(/(^|,\s*)no-store(\s*,|$)/);

describe('private answers are never cached', () => {
  it('a signed Binance read (balances, open orders) says no-store', async () => {
    const trader = await t.trader([['USDT', '250']]);
    for (const path of ['/api/v3/account', '/api/v3/openOrders']) {
      const answer = await t.signed(trader.key, 'GET', path);
      expect(answer.status, path).toBe(200);
      noStore(answer.headers.get('cache-control'));
    }
    // A refused signature (a URL a proxy could replay) is not kept either.
    const refused = await t.signed(trader.key, 'GET', '/api/v3/account', {}, { secret: 'not-the-secret' });
    expect(refused.status).toBe(400);
    noStore(refused.headers.get('cache-control'));
  });

  it("the web API's signed-in answers and its refusals say no-store", async () => {
    const trader = await t.trader([['USDT', '10']]);
    const ask = (path: string, token?: string) =>
      fetch(`${t.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'en_US', ...(token ? { token } : {}) }, body: '{}' });
    const info = await ask('/api/user/sessions', trader.token);
    expect(((await info.json()) as { code: number }).code).toBe(200);
    noStore(info.headers.get('cache-control'));
    const anonymous = await ask('/api/user/sessions');
    expect(((await anonymous.json()) as { code: number }).code).toBe(403);
    noStore(anonymous.headers.get('cache-control'));
  });
});

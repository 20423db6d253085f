import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pair } from '../../../domain/api.js';
import { PAIR_LIST_CHANNEL, type PairListPush } from '../../../domain/market.js';
import { MARKET_OPERATOR_PATHS, type MarketListing } from '../../../domain/marketsDesk.js';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { auditBooks } from '../../../server/products/audit.js';
import { startQuietServer } from '../quietServer.js';
import { recordSocket } from '../socketRecorder.js';
import { trader } from '../spot/spotApp.js';
import { auditOutcomes, OPERATOR_SECRET, operatorCode, refusals } from '../support/operators.js';
import { signInOperator } from '../support/productTestbed.js';
import { postEnvelope } from '../http.js';

/**
 * Issue 52 §1 on the whole server (embedded mode): a risk operator lists SOL/BTC — two currencies
 * the exchange has, no pair between them — with their 2FA code. It trades at once, with no restart;
 * open pages' markets lists get it on the pair list's channel, as they get a halt. Bad input and a
 * missing or wrong code are refused with a translated message and change nothing; all audited.
 */
// The quiet server, given the time a loaded machine needs to start it.
let running: Awaited<ReturnType<typeof startQuietServer>>;
const quiet = { get server() { return running.server; }, sockets: [] as Socket[] };
beforeAll(async () => {
  running = await startQuietServer('listing');
}, 240_000);
afterAll(async () => {
  for (const s of quiet.sockets) s.close();
  await running?.stop();
});
const listing: MarketListing = {
  base: 'SOL',
  quote: 'BTC',
  price_precision: 6,
  amount_precision: 2,
  min_quantity: '0.01',
  min_notional: '0.0001',
  reference_price: '0.0021',
  makers: true,
  maker_spread: '0.002',
  maker_depth: 5,
};

const call = <T = unknown>(path: string, body: object, token: string) => postEnvelope<T>(quiet.server.url, path, body, token);

const has = (pairs: Pair[], symbol: string) => pairs.find((p) => `${p.left_symbol}_${p.right_symbol}` === symbol);

describe('listing a spot pair at runtime', () => {
  it('refuses bad listings, lists with the 2FA code, trades at once and pushes the list to open pages', async () => {
    const { db } = quiet.server;
    const page = await recordSocket<PairListPush & { channel?: string }>(quiet.server.url, { opened: quiet.sockets });
    expect((await page.subscribe(PAIR_LIST_CHANNEL)).code).toBe(200);
    const first = await page.next((m) => Array.isArray(m.pairs));
    expect(has(first.pairs, 'BTC_USDT')).toBeTruthy();
    expect(has(first.pairs, 'SOL_BTC')).toBeUndefined();

    const risk = await signInOperator(db, 'listing-risk@openex.test');
    const [me] = await db.query<{ id: number }>(`select id from app_user where account = 'listing-risk@openex.test'`);
    // Without 2FA on the operator's account: refused.
    expect(await call(MARKET_OPERATOR_PATHS.list, { ...listing, totp_code: '123456' }, risk)).toMatchObject({ code: 400, msg: expect.stringContaining('two-factor') });
    await db.query(`insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now())`, [me!.id, OPERATOR_SECRET]);

    // Bad input: each refused with its reason, before any code is asked.
    const refused = async (body: object) => (await call(MARKET_OPERATOR_PATHS.list, { ...listing, ...body }, risk)).msg;
    expect(await refused({ quote: 'SOL' })).toBe('A pair needs two different currencies');
    expect(await refused({ base: 'NOPE', totp_code: operatorCode(OPERATOR_SECRET, Date.now() - 30_000) })).toBe('Both currencies must be listed first');
    expect(await refused({ min_quantity: '0.001' })).toBe('The minimum quantity must be above zero, with no more places than the amount precision');
    expect(await refused({ reference_price: '0' })).toBe('The reference price must be above zero, with no more places than the price precision');
    expect(await refused({ maker_spread: '0.5' })).toBe("The makers' spread is a fraction of the price above 0 and below 0.5 (at most 6 places)");
    expect((await call(MARKET_OPERATOR_PATHS.list, { ...listing, price_precision: 9 }, risk)).code).toBe(400);
    expect((await call(MARKET_OPERATOR_PATHS.list, { ...listing, extra: 1 }, risk)).code).toBe(400);
    // The code: missing, then wrong.
    expect((await call(MARKET_OPERATOR_PATHS.list, listing, risk)).code).toBe(400);
    expect((await call(MARKET_OPERATOR_PATHS.list, { ...listing, totp_code: '000000' }, risk)).code).toBe(400);
    expect(await db.query(`select 1 from pair where left_symbol = 'SOL' and right_symbol = 'BTC'`)).toEqual([]);

    const listed = await call<{ symbol: string }>(MARKET_OPERATOR_PATHS.list, { ...listing, base: 'sol', totp_code: operatorCode(OPERATOR_SECRET) }, risk);
    expect(listed).toMatchObject({ code: 200, msg: 'Pair listed: it trades now', data: { symbol: 'SOL_BTC' } });
    expect((await call(MARKET_OPERATOR_PATHS.list, { ...listing, totp_code: operatorCode(OPERATOR_SECRET, Date.now() + 30_000) }, risk)).msg).toBe('This pair is listed already');

    // Open pages get the new list, with the pair's precisions and minimums.
    const pushed = await page.next((m) => has(m.pairs, 'SOL_BTC') !== undefined);
    expect(has(pushed.pairs, 'SOL_BTC')).toMatchObject({ trade_status: 1, contract_status: 0, price_precision: 6, amount_precision: 2, min_quantity: '0.01', min_notional: '0.0001' });

    // It trades now, in this process, without a restart.
    const seller = await trader(db, { SOL: '10' });
    const buyer = await trader(db, { BTC: '1' });
    const sell = { symbol: 'SOL_BTC', side: 'sell', type: 'limit', price: '0.0021', quantity: '2' };
    const deadline = Date.now() + 5000;
    let placed = await call<{ id: number }>(SPOT_PATHS.place, sell, seller.token);
    while (placed.code !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      placed = await call<{ id: number }>(SPOT_PATHS.place, sell, seller.token);
    }
    expect(placed.code).toBe(200);
    expect((await call(SPOT_PATHS.place, { ...sell, quantity: '0.001' }, seller.token)).code).toBe(400);
    expect((await call(SPOT_PATHS.place, { ...sell, side: 'buy', quantity: '2' }, buyer.token)).code).toBe(200);
    const [trade] = await db.query<{ price: string; quantity: string }>(`select trim_scale(price)::text as price, trim_scale(quantity)::text as quantity from spot_trade where left_symbol = 'SOL' and right_symbol = 'BTC'`);
    expect(trade).toEqual({ price: '0.0021', quantity: '2' });

    // A halt reaches the lists the same way.
    expect((await call('/api/operator/market_halt', { symbol: 'SOL_BTC', reason: 'Listing check' }, risk)).code).toBe(200);
    expect(has((await page.next((m) => has(m.pairs, 'SOL_BTC')?.halted_reason === 'Listing check')).pairs, 'SOL_BTC')).toBeTruthy();

    expect(await auditOutcomes(db, 'market.list')).toEqual([
      ...refusals('marketTwoFactorRequired', 'marketListingSameCurrency', 'marketListingUnknownCurrency', 'marketListingMinQuantity', 'marketListingReferencePrice', 'marketListingSpread'),
      ...refusals(expect.any(String), expect.any(String)),
      ['done', 'SOL_BTC'],
      ...refusals('marketAlreadyListed'),
    ]);
    expect(await auditBooks(db)).toEqual([]);
  });
});

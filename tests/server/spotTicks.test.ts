import { afterAll, describe, expect, it } from 'vitest';
import type { MarketTick } from '../../domain/api.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { listCurrencies, listPairs } from '../../server/kernel/platform/catalogue.js';
import { MarketService } from '../../server/products/spot/marketService.js';
import { useQuietServer } from './quietServer.js';
import { recordSocket } from './socketRecorder.js';
import { trader } from './spot/spotApp.js';
import { useTestDatabase } from './testDb.js';

/**
 * Issue 34 item 7: a spot tick channel must speak — a pair with a last price but no trade in the
 * last 24 hours still publishes its tick (that price, zero volume), and a tick subscribed before
 * the pair's first trade gets ticks once it trades.
 */
describe('a pair quiet for a day', () => {
  const t = useTestDatabase();
  let service: MarketService | undefined;
  // Registered after the database's: stops before it closes.
  afterAll(async () => {
    await service?.stop();
  });

  it('publishes its last price with zero volume', async () => {
    const { db } = t;
    const [u] = await db.query<{ id: number }>(`insert into app_user (account) values ('quiet-pair@example.org') returning id`);
    const order = async (side: string) =>
      (await db.query<{ id: number }>(
        `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, filled, status, created_ms, updated_ms)
         values ($1, 'ETH', 'USDT', $2, 'limit', 'GTC', 3210.5, 1, 0, 1, 3, $3, $3) returning id`,
        [u!.id, side, Date.now() - 2 * 86_400_000],
      ))[0]!.id;
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    await db.query(
      `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
       values ('ETH', 'USDT', 3210.5, 1, 'buy', $1, $2, $3, $3, $4)`,
      [await order('sell'), await order('buy'), u!.id, twoDaysAgo],
    );
    const published: Array<{ channel: string; payload: object }> = [];
    service = new MarketService(db, await listPairs(db), await listCurrencies(db), { publish: (channel, payload) => published.push({ channel, payload }) }, { marketMakers: false });
    await service.prepare();
    expect(service.snapshot('eth_usdt_tick')).toMatchObject({ pair: 'ETH_USDT', close: '3210.5', open: '3210.5', amount: '0', vol: '0', count: 0, increase: '0' });
    await service.start();
    // The tick loop publishes it too (within its second; waited for, not timed).
    for (let i = 0; i < 100 && !published.some((p) => p.channel === 'eth_usdt_tick'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(published.find((p) => p.channel === 'eth_usdt_tick')?.payload).toMatchObject({ close: '3210.5', vol: '0' });
  });
});

describe('a tick subscribed before the pair\'s first trade', () => {
  const quiet = useQuietServer('spot-ticks');

  it('gets the tick once the pair trades', async () => {
    const server = quiet.server;
    const c = await recordSocket<MarketTick & { kind?: string }>(server.url, { opened: quiet.sockets });
    expect((await c.subscribe('eth_usdt_tick')).code).toBe(200);
    const seller = await trader(server.db, { ETH: '2' });
    const buyer = await trader(server.db, { USDT: '10000' });
    for (const [who, side] of [[seller, 'sell'], [buyer, 'buy']] as const) {
      const answer = await fetch(`${server.url}${SPOT_PATHS.place}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: who.token },
        body: JSON.stringify({ symbol: 'ETH_USDT', side, type: 'limit', price: '3000', quantity: '1' }),
      });
      expect(((await answer.json()) as { code: number }).code).toBe(200);
    }
    const tick = await c.next((m) => m.channel === 'eth_usdt_tick' && m.close === '3000', 10_000);
    expect(tick).toMatchObject({ pair: 'ETH_USDT', close: '3000', count: 1 });
  });
});

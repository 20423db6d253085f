import { describe, expect, it } from 'vitest';
import type { MarketTick } from '../../domain/api.js';
import { MARKET_OPERATOR_PATHS } from '../../domain/marketsDesk.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { useQuietServer } from './quietServer.js';
import { recordSocket } from './socketRecorder.js';
import { trader } from './spot/spotApp.js';
import { signInOperator } from './support/productTestbed.js';

/**
 * Issue 52 §1, halts live: the spot tick a market publishes every second carries its halt
 * (`halted_reason`) within a second or two of the operator's halt, so an open trade page shows it
 * without a reload; a new subscriber's first tick carries it too; the tick after a resume drops it.
 */
const quiet = useQuietServer('tick-halts');
const REASON = 'Matching engine maintenance';

async function call(path: string, body: object, token: string) {
  const answer = await fetch(`${quiet.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
  return (await answer.json()) as { code: number; msg: string };
}

describe('the spot tick of a halted market', () => {
  it('carries the halt from the next tick on, to subscribers old and new, and drops it after the resume', async () => {
    const server = quiet.server;
    // A trade, so the pair has a tick to publish.
    const seller = await trader(server.db, { ETH: '2' });
    const buyer = await trader(server.db, { USDT: '10000' });
    for (const [who, side] of [[seller, 'sell'], [buyer, 'buy']] as const) {
      expect((await call(SPOT_PATHS.place, { symbol: 'ETH_USDT', side, type: 'limit', price: '3000', quantity: '1' }, who.token)).code).toBe(200);
    }
    const open = await recordSocket<MarketTick>(server.url, { opened: quiet.sockets });
    expect((await open.subscribe('eth_usdt_tick')).code).toBe(200);
    const trading = await open.next((m) => m.channel === 'eth_usdt_tick' && m.close === '3000', 10_000);
    expect(trading.halted_reason).toBeUndefined();

    const risk = await signInOperator(server.db, 'tick-halts-risk@openex.test');
    expect((await call(MARKET_OPERATOR_PATHS.halt, { symbol: 'ETH_USDT', reason: REASON }, risk)).code).toBe(200);
    const halted = await open.next((m) => m.channel === 'eth_usdt_tick' && m.halted_reason !== undefined, 5000);
    expect(halted).toMatchObject({ pair: 'ETH_USDT', close: '3000', halted_reason: REASON });
    // Another market's tick is not touched.
    expect(open.messages.filter((m) => m.channel !== 'eth_usdt_tick')).toEqual([]);

    // A page opened during the halt gets it with its first tick (the channel's snapshot).
    const late = await recordSocket<MarketTick>(server.url, { opened: quiet.sockets });
    expect((await late.subscribe('eth_usdt_tick')).code).toBe(200);
    expect(await late.next((m) => m.channel === 'eth_usdt_tick', 5000)).toMatchObject({ halted_reason: REASON });
    const other = await recordSocket<MarketTick>(server.url, { opened: quiet.sockets });
    expect((await other.subscribe('btc_usdt_tick')).code).toBe(200);

    expect((await call(MARKET_OPERATOR_PATHS.resume, { symbol: 'ETH_USDT' }, risk)).code).toBe(200);
    const seen = open.messages.length;
    const resumed = await open.next((m) => m.channel === 'eth_usdt_tick' && open.messages.indexOf(m) >= seen && m.halted_reason === undefined, 5000);
    expect(resumed).toMatchObject({ pair: 'ETH_USDT', close: '3000' });
    expect('halted_reason' in resumed).toBe(false);
    expect(other.messages.every((m) => m.halted_reason === undefined)).toBe(true);
  });
});

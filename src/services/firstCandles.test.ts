import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CANDLES_ID } from '../../domain/firstCandles';

/** A trade page's first candles as the server writes them (server/kernel/platform/http/firstCandles.ts). */
const HISTORY = { pair: 'btc_usdt', interval: '1min', bars: [{ time: 120_000, open: '1', high: '2', low: '1', close: '2', volume: '3' }], more: true };

/** The module fresh (it hands its candles over once), in a page opened at `openedAt` and read at `now`, holding `text`. */
async function page(text: string | undefined, openedAt = 130_000, now = 135_000) {
  vi.resetModules();
  vi.stubGlobal('document', { getElementById: (id: string) => (id === FIRST_CANDLES_ID && text !== undefined ? { textContent: text } : null) });
  vi.stubGlobal('performance', { timeOrigin: openedAt });
  vi.spyOn(Date, 'now').mockReturnValue(now);
  return (await import('./firstCandles')).takeFirstCandles;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the candles a trade page came with', () => {
  it('are the first read of their pair and interval, once', async () => {
    const take = await page(JSON.stringify(HISTORY));
    expect(take('btc_usdt', '1min')).toEqual(HISTORY);
    expect(take('btc_usdt', '1min')).toBeUndefined();
  });

  it('are not taken for another pair or interval, nor when the page came without them or with something else', async () => {
    expect((await page(JSON.stringify(HISTORY)))('eth_usdt', '1min')).toBeUndefined();
    expect((await page(JSON.stringify(HISTORY)))('btc_usdt', '5min')).toBeUndefined();
    expect((await page(undefined))('btc_usdt', '1min')).toBeUndefined();
    expect((await page('{"pair":"btc_usdt"'))('btc_usdt', '1min')).toBeUndefined();
  });

  it('are not taken once a candle has closed since the page was opened (it could miss its last trades)', async () => {
    expect((await page(JSON.stringify(HISTORY), 130_000, 185_000))('btc_usdt', '1min')).toBeUndefined();
  });
});

import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import { FIRST_CANDLES_INTERVAL } from '../../../../domain/firstCandles.js';
import type { KlineHistory } from '../../../../domain/market.js';

/** How old the candles behind a page may be: one read a second per pair at most, however many visitors arrive. */
const CANDLES_TTL_MS = 1000;

/**
 * A trade page's first candles (domain/firstCandles.ts), read through the markets' own route so
 * the page carries exactly what the chart would ask for; undefined when the read fails (an
 * unlisted pair): the chart then asks as before.
 */
export function createFirstCandles(app: FastifyInstance) {
  const cache = new Map<string, { at: number; read: Promise<KlineHistory | undefined> }>();
  return (symbol: string): Promise<KlineHistory | undefined> => {
    const pair = symbol.toLowerCase();
    const cached = cache.get(pair);
    if (cached && Date.now() - cached.at <= CANDLES_TTL_MS) return cached.read;
    // Cleared for every new read, so the map holds only pairs read within the last second.
    for (const [key, entry] of cache) if (Date.now() - entry.at > CANDLES_TTL_MS) cache.delete(key);
    const read = app
      .inject({ method: 'GET', url: `/api/market/kline?pair=${encodeURIComponent(pair)}&interval=${FIRST_CANDLES_INTERVAL}` })
      .then((res) => {
        const body = res.json<{ code: number; data: KlineHistory }>();
        return res.statusCode === 200 && body.code === ResultCode.ok ? body.data : undefined;
      })
      .catch(() => undefined);
    cache.set(pair, { at: Date.now(), read });
    return read;
  };
}

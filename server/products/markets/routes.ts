import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { KLINE_INTERVALS, type KlineInterval } from '../../../domain/constants.js';
import { KLINE_QUERY_LIMITS, readKlines } from '../../kernel/platform/marketHistory/klineHistory.js';
import { listedCurrencies, listPairs } from '../../kernel/platform/catalogue.js';
import { pairPrice } from './pairPrice.js';
import { sitePairs } from './pairListFeed.js';
import type { FiatRateSource } from './fiatRates.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, pairSymbol, strictObject } from '../../kernel/platform/http/schemas.js';

export function marketRoutes(db: Database, rates: FiatRateSource) {
  return async (app: FastifyInstance) => {
    app.post('/api/currency_list', { schema: { body: anyBody } }, async (request) => ok(request.lang, await listedCurrencies(db)));

    // Delisted pairs leave the list (their rows stay for the histories).
    app.post('/api/pair_list', { schema: { body: anyBody } }, async (request) => ok(request.lang, await sitePairs(db)));

    app.get<{ Querystring: { pair: string } }>(
      '/api/market/pairPrice',
      {
        schema: {
          querystring: strictObject(['pair'], { pair: pairSymbol }),
        },
      },
      async (request) => {
        const price = await pairPrice(db, rates, request.query.pair);
        if (!price) throw new ApiFailure(ResultCode.notFound, 'unknownPair');
        return ok(request.lang, price);
      },
    );

    app.get<{ Querystring: { pair: string; interval: KlineInterval; to?: number; limit?: number } }>(
      '/api/market/kline',
      {
        schema: {
          querystring: strictObject(['pair', 'interval'], { pair: pairSymbol, interval: { type: 'string', enum: [...KLINE_INTERVALS] }, ...KLINE_QUERY_LIMITS }),
        },
      },
      async (request) => {
        const [left, right] = request.query.pair.toUpperCase().split('_') as [string, string];
        const pairs = await listPairs(db);
        if (!pairs.some((p) => p.left_symbol === left && p.right_symbol === right && p.trade_status === 1)) {
          throw new ApiFailure(ResultCode.notFound, 'unknownPair');
        }
        const to = request.query.to ?? Number.MAX_SAFE_INTEGER;
        return ok(request.lang, await readKlines(db, 'candle', left, right, request.query.interval, to, request.query.limit ?? 300));
      },
    );
  };
}

import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../src/domain/api.js';
import type { Database } from '../../db/database.js';
import { listCurrencies, listPairs, pairPrice } from '../../app/market.js';
import type { FiatRateSource } from '../../market/fiatRates.js';
import { ApiFailure, ok } from '../envelope.js';
import { anyBody } from './schemas.js';

export function marketRoutes(db: Database, rates: FiatRateSource) {
  return async (app: FastifyInstance) => {
    app.post('/api/currency_list', { schema: { body: anyBody } }, async (request) => ok(request.lang, await listCurrencies(db)));

    app.post('/api/pair_list', { schema: { body: anyBody } }, async (request) => ok(request.lang, await listPairs(db)));

    app.get<{ Querystring: { pair: string } }>(
      '/api/market/pairPrice',
      {
        schema: {
          querystring: {
            type: 'object',
            required: ['pair'],
            properties: { pair: { type: 'string', pattern: '^[A-Za-z0-9]{2,12}_[A-Za-z0-9]{2,12}$' } },
          },
        },
      },
      async (request) => {
        const price = await pairPrice(db, rates, request.query.pair);
        if (!price) throw new ApiFailure(ResultCode.notFound, 'unknownPair');
        return ok(request.lang, price);
      },
    );
  };
}

import type { FastifyInstance } from 'fastify';
import { HALT_REASON_MAX, MARKET_OPERATOR_PATHS } from '../../../domain/market.js';
import type { Database } from '../../kernel/db/database.js';
import { ApiFailure, ok, okWith } from '../../kernel/http/envelope.js';
import { anyBody, pairSymbol, strictObject, text } from '../../kernel/http/schemas.js';
import { unwrap } from '../../kernel/outcome.js';
import { ResultCode } from '../../../domain/api.js';
import { marketHalts } from './halts.js';

const operator = { auth: 'operator' } as const;

/** The risk desk's market halts (halts.ts); each route's permission is in the operator product's table. */
export function marketOperatorRoutes(db: Database) {
  const halts = marketHalts(db);
  return async (app: FastifyInstance) => {
    app.post(MARKET_OPERATOR_PATHS.markets, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await halts.list()));
    app.post<{ Body: { symbol: string; reason: string } }>(
      MARKET_OPERATOR_PATHS.halt,
      { config: operator, schema: { body: strictObject(['symbol', 'reason'], { symbol: pairSymbol, reason: text(HALT_REASON_MAX * 2) }) } },
      async (request) => {
        const reason = request.body.reason.trim();
        if (reason.length === 0 || reason.length > HALT_REASON_MAX) throw new ApiFailure(ResultCode.badRequest, 'marketHaltReasonRequired');
        return okWith(request.lang, 'marketHaltDone', unwrap(await halts.halt(request.operator, request.body.symbol, reason)));
      },
    );
    app.post<{ Body: { symbol: string } }>(MARKET_OPERATOR_PATHS.resume, { config: operator, schema: { body: strictObject(['symbol'], { symbol: pairSymbol }) } }, async (request) =>
      okWith(request.lang, 'marketResumeDone', unwrap(await halts.resume(request.operator, request.body.symbol))),
    );
  };
}

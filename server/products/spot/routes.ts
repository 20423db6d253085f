import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { SPOT_PATHS, SPOT_TIME_IN_FORCE, SpotOrderStatus, type PlaceSpotOrder, type PlaceSpotStop } from '../../../domain/spotOrders.js';
import { IDEMPOTENCY_HEADER, RECORD_DAYS, type RecordDays } from '../../../domain/wallet.js';
import { STATEMENT_PATHS } from '../../../domain/statements.js';
import { statementRoute, type StatementSource } from '../../kernel/platform/http/statementRoute.js';
import { MAX_PAGE_SIZE } from './orderViews.js';
import type { SpotOutcome, SpotTrading } from './trading.js';
import { ApiFailure, ok, okWith } from '../../kernel/platform/http/envelope.js';
import { decimal, paging, pairSymbol as symbol, recordDays, strictObject as object, rowId as id, text } from '../../kernel/platform/http/schemas.js';

const pages = paging(MAX_PAGE_SIZE);

const placeBody = object(['symbol', 'side', 'type'], {
  symbol,
  side: { type: 'string', enum: ['buy', 'sell'] },
  type: { type: 'string', enum: ['limit', 'market'] },
  price: decimal,
  quantity: decimal,
  amount: decimal,
  time_in_force: { type: 'string', enum: [...SPOT_TIME_IN_FORCE] },
});
const stopBody = object(['symbol', 'side', 'trigger_price', 'price', 'quantity'], {
  symbol,
  side: { type: 'string', enum: ['buy', 'sell'] },
  trigger_price: decimal,
  price: decimal,
  quantity: decimal,
  limit_price: decimal,
});
const byId = object(['id'], { id });
const currentBody = object(['page'], { symbol, ...pages });
const historyBody = object(['days', 'page'], { days: recordDays(RECORD_DAYS), symbol, currency: text(16), ...pages });
const stopHistoryBody = object(['days', 'page'], { days: recordDays(RECORD_DAYS), symbol, ...pages });

function unwrap<T>(outcome: SpotOutcome<T>): T {
  if (!outcome.ok) throw new ApiFailure(outcome.key === 'spotOrderNotFound' || outcome.key === 'spotStopNotFound' ? ResultCode.notFound : ResultCode.badRequest, outcome.key, outcome.vars);
  return outcome.data;
}

/**
 * User spot trading (docs/API.md "Spot orders"): place, cancel, open and finished orders, an order
 * with its fills, the fee schedule. Every call needs a live user token (body code 403 otherwise) and
 * sees only the token's own orders.
 */
export function spotRoutes(trading: SpotTrading, fills: StatementSource) {

  const auth = { auth: 'user' } as const;
  return async (app: FastifyInstance) => {
    // The user's own rates (issue 52 §2): in the pair the form trades, or the spot default without one.
    app.post<{ Body: { symbol?: string } | null }>(
      SPOT_PATHS.feeRate,
      { config: auth, schema: { body: { anyOf: [object([], { symbol }), { type: 'null' }] } } },
      async (request) => ok(request.lang, await trading.feeRate(request.user.id, request.body?.symbol?.toUpperCase())),
    );

    app.post<{ Body: PlaceSpotOrder }>(SPOT_PATHS.place, { config: auth, schema: { body: placeBody } }, async (request) => {
      const order = unwrap(await trading.place(request.user.id, request.body, request.headers[IDEMPOTENCY_HEADER]));
      // An IOC or post-only order that could not (wholly) trade as asked says so; it is not a refusal.
      const tif = request.body.time_in_force;
      const ended = order.status === SpotOrderStatus.cancelled;
      const key = tif === 'POST_ONLY' && ended ? 'spotPostOnlyCancelled' : tif === 'IOC' && ended ? 'spotIocRestCancelled' : 'spotOrderPlaced';
      return okWith(request.lang, key, order);
    });

    app.post<{ Body: { id: number } }>(SPOT_PATHS.cancel, { config: auth, schema: { body: byId } }, async (request) => {
      return okWith(request.lang, 'spotOrderRevoked', unwrap(await trading.cancel(request.user.id, request.body.id)));
    });

    app.post<{ Body: { page: number; size?: number; symbol?: string } }>(SPOT_PATHS.current, { config: auth, schema: { body: currentBody } }, async (request) =>
      ok(request.lang, await trading.current(request.user.id, request.body)),
    );

    app.post<{ Body: { days: RecordDays; page: number; size?: number; symbol?: string; currency?: string } }>(
      SPOT_PATHS.history,
      { config: auth, schema: { body: historyBody } },
      async (request) => ok(request.lang, await trading.history(request.user.id, request.body)),
    );

    app.post<{ Body: { id: number } }>(SPOT_PATHS.detail, { config: auth, schema: { body: byId } }, async (request) =>
      ok(request.lang, unwrap(await trading.detail(request.user.id, request.body.id))),
    );

    // The user's fills as a CSV file (docs/API.md "Statements").
    statementRoute(app, STATEMENT_PATHS.spotFills, fills);

    // Stop-limit and OCO (stops.ts), where this process offers them.
    const stops = trading.stops;
    if (!stops) return;
    app.post<{ Body: PlaceSpotStop }>(SPOT_PATHS.stopPlace, { config: auth, schema: { body: stopBody } }, async (request) =>
      okWith(request.lang, 'spotStopPlaced', unwrap(await stops.place(request.user.id, request.body, request.headers[IDEMPOTENCY_HEADER]))),
    );
    app.post<{ Body: { id: number } }>(SPOT_PATHS.stopCancel, { config: auth, schema: { body: byId } }, async (request) =>
      okWith(request.lang, 'spotStopCancelled', unwrap(await stops.cancel(request.user.id, request.body.id))),
    );
    app.post<{ Body: { days: RecordDays; page: number; size?: number; symbol?: string } }>(SPOT_PATHS.stopsHistory, { config: auth, schema: { body: stopHistoryBody } }, async (request) =>
      ok(request.lang, await stops.history(request.user.id, request.body)),
    );
    app.post<{ Body: { page: number; size?: number; symbol?: string } }>(SPOT_PATHS.stopsCurrent, { config: auth, schema: { body: currentBody } }, async (request) =>
      ok(request.lang, await stops.current(request.user.id, request.body)),
    );
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import {
  FUTURES_ACTIONS,
  FUTURES_PATHS,
  MARGIN_ADJUSTMENTS,
  MARGIN_MODES,
  PLAN_KINDS,
  positionSideOf,
  TRIGGER_BY,
  type FuturesAction,
  type FuturesCloseRequest,
  type FuturesMarginRequest,
  type FuturesOrderRequest,
  type FuturesPlanCreate,
  type MarginMode,
} from '../../../domain/futures/api.js';
import { STATEMENT_PATHS } from '../../../domain/statements.js';
import { IDEMPOTENCY_HEADER, RECORD_DAYS } from '../../../domain/wallet.js';
import { statementRoute } from '../../kernel/platform/http/statementRoute.js';
import { futuresOrdersStatement } from './statement.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { numberVar, translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, decimal, leverage, paging, pairSymbol as symbol, recordDays, strictObject as object, rowId as id } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { PLACE_SCOPE, type FuturesExchange } from './exchange.js';
import { ownRates, scheduleRates } from './fills.js';
import { principalForToken } from '../../kernel/platform/auth/sessions.js';
import { normaliseSymbol } from './pairs.js';
import { MAX_PAGE_SIZE, type FuturesService } from './service.js';
import { KLINE_QUERY_LIMITS, readKlines } from '../../kernel/platform/marketHistory/klineHistory.js';
import { KLINE_INTERVALS, type KlineInterval } from '../../../domain/constants.js';
import './messages.js';

const pages = paging(MAX_PAGE_SIZE);
const orderType = { type: 'string', enum: ['limit', 'market'] } as const;
const plan = object(['trigger_by', 'trigger_value', 'exec_type'], { trigger_by: { type: 'string', enum: [...TRIGGER_BY] }, trigger_value: decimal, exec_type: orderType, exec_price: decimal });

const orderBody = object(['symbol', 'action', 'type', 'quantity'], {
  symbol,
  action: { type: 'string', enum: [...FUTURES_ACTIONS] },
  type: orderType,
  price: decimal,
  quantity: decimal,
  reduce_only: { type: 'boolean' },
  take_profit: plan,
  stop_loss: plan,
});
const closeBody = object(['symbol', 'type', 'quantity'], { symbol, type: orderType, price: decimal, quantity: decimal });
const symbolBody = object(['symbol'], { symbol });
const leverageBody = object(['symbol', 'leverage', 'margin_mode'], { symbol, leverage, margin_mode: { type: 'string', enum: [...MARGIN_MODES] } });
const marginBody = object(['symbol', 'type', 'amount'], { symbol, type: { type: 'string', enum: [...MARGIN_ADJUSTMENTS] }, amount: decimal });
const orderIdBody = object(['order_id'], { order_id: id });
const planBody = object(['symbol', 'kind', 'trigger_by', 'trigger_value', 'exec_type'], {
  symbol,
  kind: { type: 'string', enum: [...PLAN_KINDS] },
  trigger_by: { type: 'string', enum: [...TRIGGER_BY] },
  trigger_value: decimal,
  exec_type: orderType,
  exec_price: decimal,
  quantity: decimal,
});
const planIdBody = object(['plan_id'], { plan_id: id });
const currentBody = object(['page'], { symbol, ...pages });
const historyBody = object(['days', 'page'], { days: recordDays(RECORD_DAYS), symbol, ...pages });
const plansBody = object(['page'], { waiting: { type: 'boolean' }, ...pages });

/** The futures calls (docs/API.md "Futures"). Trading calls need a verified identity (§6). */
export function futuresRoutes(ex: () => FuturesExchange, service: () => FuturesService) {
  const done = (request: FastifyRequest, key: MessageKey, data: unknown, vars?: Record<string, string>) => ({ code: ResultCode.ok, msg: translate(request.lang, key, vars), data });
  const user = { auth: 'user' } as const;
  const mayTrade = async (request: FastifyRequest) => {
    if (!(await service().canTrade(request.user.id))) throw new ApiFailure(ResultCode.badRequest, 'futuresNoTradingPermission');
  };
  const placed = (request: FastifyRequest, data: { unfilled: string }) =>
    data.unfilled !== '0' ? done(request, 'futuresCloseRest', data, { unfilled: numberVar(data.unfilled) }) : done(request, 'futuresOrderPlaced', data);

  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { pair: string; interval: KlineInterval; to?: number; limit?: number } }>(
      FUTURES_PATHS.kline,
      {
        schema: {
          querystring: object(['pair', 'interval'], { pair: symbol, interval: { type: 'string', enum: [...KLINE_INTERVALS] }, ...KLINE_QUERY_LIMITS }),
        },
      },
      async (request) => {
        const pair = service().pairOf(request.query.pair);
        if (!pair) throw new ApiFailure(ResultCode.notFound, 'futuresUnknownPair');
        const q = request.query;
        return ok(request.lang, await readKlines(ex().db, 'futures_candle', pair.spec.left, pair.spec.right, q.interval, q.to ?? Number.MAX_SAFE_INTEGER, q.limit ?? 300));
      },
    );

    // Public: the schedule's tier-0 rates (issue 52 §2); with a user's token, the user's own, as their fills pay them.
    app.post<{ Body: { symbol: string } }>(FUTURES_PATHS.config, { schema: { body: symbolBody } }, async (request) => {
      const config = unwrap(service().config(request.body.symbol), ResultCode.notFound);
      const principal = await principalForToken(ex().db, request.token);
      const { accounts, db } = ex();
      const now = ex().clock();
      const fees = principal?.kind === 'user' ? await ownRates(accounts, db, config.symbol, principal.id, now) : await scheduleRates(accounts, db, config.symbol, now);
      return ok(request.lang, { ...config, fees });
    });

    app.post(FUTURES_PATHS.account, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, await service().account(request.user.id)));
    app.post(FUTURES_PATHS.positions, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, service().positions(request.user.id)));
    // The signed-in form's settings carry the user's own rates (issue 52 §2), as their fills pay them.
    app.post<{ Body: { symbol: string } }>(FUTURES_PATHS.settings, { config: user, schema: { body: symbolBody } }, async (request) => {
      const config = unwrap(service().config(request.body.symbol, request.user.id), ResultCode.notFound);
      return ok(request.lang, { ...config, fees: await ownRates(ex().accounts, ex().db, config.symbol, request.user.id, ex().clock()) });
    });

    app.post<{ Body: { symbol: string; leverage: number; margin_mode: MarginMode } }>(FUTURES_PATHS.leverage, { config: user, schema: { body: leverageBody } }, async (request) => {
      await mayTrade(request);
      return done(request, 'futuresLeverageSet', unwrap(await service().setLeverage(request.user.id, request.body.symbol, request.body.leverage, request.body.margin_mode)));
    });

    app.post<{ Body: FuturesOrderRequest }>(FUTURES_PATHS.order, { config: user, schema: { body: orderBody } }, async (request) => {
      await mayTrade(request);
      const b = request.body;
      const pair = unwrap(service().pairOf(b.symbol) ? { ok: true as const, data: service().pairOf(b.symbol)! } : { ok: false as const, key: 'futuresUnknownPair' as const });
      const side = positionSideOf(b.action);
      // TP/SL given with an opening order are checked before the order, and wait for its position.
      const plans = [
        ...(b.take_profit ? [unwrap(service().checkPlan(pair, 'take_profit', side, b.take_profit))] : []),
        ...(b.stop_loss ? [unwrap(service().checkPlan(pair, 'stop_loss', side, b.stop_loss))] : []),
      ];
      // A TP/SL waits for the position an order opens: never on a close, a reduce-only order or one that reduces the opposite position.
      const reduces = b.reduce_only === true || ex().positionOf(request.user.id, pair.spec.symbol).side === -side;
      if (plans.length > 0 && (!b.action.startsWith('open') || reduces)) throw new ApiFailure(ResultCode.badRequest, 'futuresPlanInvalid', { field: 'action' });
      const key = submissionKey(PLACE_SCOPE, request.headers[IDEMPOTENCY_HEADER], b);
      const outcome = unwrap(
        await ex().place({ userId: request.user.id, symbol: pair.spec.symbol, action: b.action, type: b.type, price: b.price, quantity: b.quantity, source: 'user', key, reduceOnly: b.reduce_only === true }),
      );
      if (plans.length > 0) await service().addPlans(request.user.id, plans);
      return placed(request, outcome);
    });

    app.post<{ Body: FuturesCloseRequest }>(FUTURES_PATHS.close, { config: user, schema: { body: closeBody } }, async (request) => {
      await mayTrade(request);
      const b = request.body;
      const symbolName = normaliseSymbol(b.symbol);
      const pos = ex().positionOf(request.user.id, symbolName);
      if (pos.side === 0) throw new ApiFailure(ResultCode.badRequest, 'futuresNoPosition');
      const action: FuturesAction = pos.side === 1 ? 'close_long' : 'close_short';
      const key = submissionKey(PLACE_SCOPE, request.headers[IDEMPOTENCY_HEADER], b);
      return placed(request, unwrap(await ex().place({ userId: request.user.id, symbol: symbolName, action, type: b.type, price: b.price, quantity: b.quantity, source: 'user', key })));
    });

    app.post<{ Body: { symbol: string } }>(FUTURES_PATHS.flashClose, { config: user, schema: { body: symbolBody } }, async (request) => {
      await mayTrade(request);
      const symbolName = normaliseSymbol(request.body.symbol);
      const pos = ex().positionOf(request.user.id, symbolName);
      if (pos.side === 0) throw new ApiFailure(ResultCode.badRequest, 'futuresNoPosition');
      const key = submissionKey(`${PLACE_SCOPE}:flash`, request.headers[IDEMPOTENCY_HEADER], request.body);
      const action: FuturesAction = pos.side === 1 ? 'close_long' : 'close_short';
      return placed(request, unwrap(await ex().place({ userId: request.user.id, symbol: symbolName, action, type: 'market', quantity: 'closable', source: 'flash', key })));
    });

    app.post<{ Body: FuturesMarginRequest }>(FUTURES_PATHS.margin, { config: user, schema: { body: marginBody } }, async (request) => {
      await mayTrade(request);
      const b = request.body;
      const symbolName = normaliseSymbol(b.symbol);
      unwrap(await ex().adjustMargin(request.user.id, symbolName, b.type, b.amount));
      const position = service().positions(request.user.id).find((p) => p.symbol === symbolName);
      return done(request, b.type === 'add' ? 'futuresMarginAdded' : 'futuresMarginRemoved', position);
    });

    app.post<{ Body: { order_id: number } }>(FUTURES_PATHS.cancel, { config: user, schema: { body: orderIdBody } }, async (request) =>
      done(request, 'futuresOrderCancelled', unwrap(await ex().cancel(request.user.id, request.body.order_id))),
    );

    app.post<{ Body: FuturesPlanCreate }>(FUTURES_PATHS.plan, { config: user, schema: { body: planBody } }, async (request) => {
      await mayTrade(request);
      return done(request, 'futuresPlanSet', unwrap(await service().createPlan(request.user.id, request.body)));
    });

    app.post<{ Body: { plan_id: number } }>(FUTURES_PATHS.planCancel, { config: user, schema: { body: planIdBody } }, async (request) =>
      done(request, 'futuresPlanCancelled', unwrap(await service().cancelPlan(request.user.id, request.body.plan_id))),
    );

    app.post<{ Body: { page: number; size?: number; symbol?: string } }>(FUTURES_PATHS.current, { config: user, schema: { body: currentBody } }, async (request) =>
      ok(request.lang, await service().orders(request.user.id, { ...request.body, open: true })),
    );
    app.post<{ Body: { days: number; page: number; size?: number; symbol?: string } }>(FUTURES_PATHS.history, { config: user, schema: { body: historyBody } }, async (request) =>
      ok(request.lang, await service().orders(request.user.id, { ...request.body, open: false })),
    );
    // The user's finished orders that traded, as a CSV file (docs/API.md "Statements").
    statementRoute(app, STATEMENT_PATHS.futuresOrders, futuresOrdersStatement(() => ex().db));
    app.post<{ Body: { page: number; size?: number; waiting?: boolean } }>(FUTURES_PATHS.plans, { config: user, schema: { body: plansBody } }, async (request) =>
      ok(request.lang, await service().plans(request.user.id, { page: request.body.page, size: request.body.size, waiting: request.body.waiting ?? true })),
    );
    app.post<{ Body: { order_id: number } }>(FUTURES_PATHS.orderDetail, { config: user, schema: { body: orderIdBody } }, async (request) =>
      ok(request.lang, unwrap(await service().order(request.user.id, request.body.order_id))),
    );
  };
}

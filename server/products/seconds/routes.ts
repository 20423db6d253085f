import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { SECONDS_DIRECTIONS, SECONDS_PATHS, type SecondsBuyRequest, type SecondsHistoryQuery, type SecondsPeriodUpdate } from '../../../domain/seconds.js';
import { IDEMPOTENCY_HEADER, RECORD_DAYS } from '../../../domain/wallet.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, decimal, paging, pairSymbol as symbol, recordDays, strictObject as object, operatorCode, type OperatorCodeBody } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { BUY_SCOPE, MAX_PAGE_SIZE, type SecondsContracts } from './contracts.js';
import './messages.js';

const period = { type: 'integer', minimum: 1, maximum: 3600 } as const;
const pages = paging(MAX_PAGE_SIZE);

const configBody = object(['symbol'], { symbol });
const buyBody = object(['symbol', 'direction', 'period', 'quantity'], { symbol, direction: { type: 'string', enum: [...SECONDS_DIRECTIONS] }, period, quantity: decimal });
const currentBody = object(['page'], { symbol, ...pages });
const historyBody = object(['days', 'page'], { days: recordDays(RECORD_DAYS), symbol, ...pages });
const updateBody = object(['symbol', 'period'], {
  symbol,
  period,
  payout_rate: decimal,
  min_stake: decimal,
  max_stake: decimal,
  max_exposure: decimal,
  enabled: { type: 'boolean' },
  // The operator's own code: asked when the change names a payout rate (contracts.ts).
  ...operatorCode,
});

/**
 * Seconds contracts (docs/API.md "Seconds contracts"). With the product switched off
 * (SECONDS_CONTRACTS=off) every call answers body code 404 `secondsDisabled` and changes nothing.
 */
export function secondsRoutes(contracts: SecondsContracts, enabled: boolean) {
  const done = (request: FastifyRequest, key: MessageKey, data: unknown) => ({ code: ResultCode.ok, msg: translate(request.lang, key), data });
  const user = { auth: 'user' } as const;
  const operator = { auth: 'operator' } as const;

  return async (app: FastifyInstance) => {
    if (!enabled) {
      // Schemas first (bad input is still a 400), then the refusal.
      app.addHook('preHandler', async () => {
        throw new ApiFailure(ResultCode.notFound, 'secondsDisabled');
      });
    }

    app.post<{ Body: { symbol: string } }>(SECONDS_PATHS.config, { schema: { body: configBody } }, async (request) =>
      ok(request.lang, unwrap(await contracts.config(request.body.symbol), ResultCode.notFound)),
    );

    app.post(SECONDS_PATHS.account, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, await contracts.account(request.user.id)));

    app.post(SECONDS_PATHS.acknowledge, { config: user, schema: { body: anyBody } }, async (request) =>
      done(request, 'secondsAcknowledged', await contracts.acknowledge(request.user.id)),
    );

    app.post<{ Body: SecondsBuyRequest }>(SECONDS_PATHS.buy, { config: user, schema: { body: buyBody } }, async (request) => {
      const key = submissionKey(BUY_SCOPE, request.headers[IDEMPOTENCY_HEADER], request.body);
      return done(request, 'secondsBought', unwrap(await contracts.buy(request.user.id, request.body, key)));
    });

    app.post<{ Body: { page: number; size?: number; symbol?: string } }>(SECONDS_PATHS.current, { config: user, schema: { body: currentBody } }, async (request) =>
      ok(request.lang, await contracts.current(request.user.id, request.body)),
    );

    app.post<{ Body: SecondsHistoryQuery }>(SECONDS_PATHS.history, { config: user, schema: { body: historyBody } }, async (request) =>
      ok(request.lang, await contracts.history(request.user.id, request.body)),
    );

    app.post(SECONDS_PATHS.operatorPeriods, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await contracts.periods()));

    app.post<{ Body: SecondsPeriodUpdate & OperatorCodeBody }>(SECONDS_PATHS.operatorUpdatePeriod, { config: operator, schema: { body: updateBody } }, async (request) => {
      const { totp_code, code, ...change } = request.body;
      return done(request, 'secondsPeriodUpdated', unwrap(await contracts.updatePeriod(request.operator, change, code ?? totp_code, request.lang)));
    });
  };
}

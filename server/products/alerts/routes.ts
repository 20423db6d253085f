import type { FastifyInstance } from 'fastify';
import { ALERT_CONDITIONS, ALERT_MARKETS, ALERT_PATHS, type AlertCondition, type AlertMarket } from '../../../domain/alerts.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { decimal, pairSymbol, rowId, strictObject } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import type { AlertsService } from './alerts.js';
import './messages.js';

const emptyBody = { anyOf: [strictObject([], {}), { type: 'null' }] } as const;

/** The price alerts' routes (docs/API.md "Price alerts"), each the signed-in user's own. */
export function alertsRoutes(service: AlertsService) {
  return async (app: FastifyInstance) => {
    const user = { auth: 'user' } as const;

    app.post(ALERT_PATHS.list, { config: user, schema: { body: emptyBody } }, async (request) => ok(request.lang, await service.list(request.user.id)));

    app.post<{ Body: { market?: AlertMarket; symbol: string; condition: AlertCondition; price: string } }>(
      ALERT_PATHS.create,
      {
        config: user,
        schema: {
          body: strictObject(['symbol', 'condition', 'price'], { market: { type: 'string', enum: [...ALERT_MARKETS] }, symbol: pairSymbol, condition: { type: 'string', enum: [...ALERT_CONDITIONS] }, price: decimal }),
        },
      },
      async (request) => okWith(request.lang, 'alertCreated', unwrap(await service.create(request.user.id, request.body))),
    );

    app.post<{ Body: { id: number } }>(
      ALERT_PATHS.cancel,
      { config: user, schema: { body: strictObject(['id'], { id: rowId }) } },
      async (request) => okWith(request.lang, 'alertCancelled', unwrap(await service.cancel(request.user.id, request.body.id))),
    );
  };
}

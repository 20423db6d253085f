import type { FastifyInstance } from 'fastify';
import { RECURRING_FREQUENCIES, RECURRING_PATHS, type RecurringPlanInput } from '../../../domain/recurring.js';
import { IDEMPOTENCY_HEADER } from '../../../domain/wallet.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { decimal, page, pairSymbol, rowId, strictObject } from '../../kernel/platform/http/schemas.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { CREATE_SCOPE, type RecurringPlans } from './plans.js';
import './messages.js';

const emptyBody = { anyOf: [strictObject([], {}), { type: 'null' }] } as const;
const planBody = { body: strictObject(['plan_id'], { plan_id: rowId }) } as const;

/** The recurring buys' routes (docs/API.md "Recurring buys"), each the signed-in user's own. */
export function recurringRoutes(plans: RecurringPlans) {
  return async (app: FastifyInstance) => {
    const user = { auth: 'user' } as const;

    app.post<{ Body: RecurringPlanInput }>(
      RECURRING_PATHS.create,
      {
        config: user,
        schema: { body: strictObject(['symbol', 'amount', 'frequency'], { symbol: pairSymbol, amount: decimal, frequency: { type: 'string', enum: [...RECURRING_FREQUENCIES] } }) },
      },
      async (request) => {
        const key = submissionKey(CREATE_SCOPE, request.headers[IDEMPOTENCY_HEADER], request.body);
        return okWith(request.lang, 'recurringCreated', unwrap(await plans.create(request.user.id, request.body, key, request.lang)));
      },
    );

    app.post(RECURRING_PATHS.list, { config: user, schema: { body: emptyBody } }, async (request) => ok(request.lang, await plans.list(request.user.id, request.lang)));

    app.post<{ Body: { plan_id: number } }>(RECURRING_PATHS.pause, { config: user, schema: planBody }, async (request) =>
      okWith(request.lang, 'recurringPaused', unwrap(await plans.pause(request.user.id, request.body.plan_id, request.lang))),
    );
    app.post<{ Body: { plan_id: number } }>(RECURRING_PATHS.resume, { config: user, schema: planBody }, async (request) =>
      okWith(request.lang, 'recurringResumed', unwrap(await plans.resume(request.user.id, request.body.plan_id, request.lang))),
    );
    app.post<{ Body: { plan_id: number } }>(RECURRING_PATHS.cancel, { config: user, schema: planBody }, async (request) =>
      okWith(request.lang, 'recurringCancelled', unwrap(await plans.cancel(request.user.id, request.body.plan_id, request.lang))),
    );

    app.post<{ Body: { plan_id: number; page?: number } }>(
      RECURRING_PATHS.runs,
      { config: user, schema: { body: strictObject(['plan_id'], { plan_id: rowId, page }) } },
      async (request) => ok(request.lang, unwrap(await plans.runs(request.user.id, request.body.plan_id, request.body.page ?? 1, request.lang))),
    );
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { ICO_DESCRIPTION_MAX, ICO_ORDER_TABS, ICO_PATHS, ICO_RECORD_TYPES, type IcoOrderTab, type IcoProjectInput, type IcoRecordType, type IcoSubscribeRequest, type IcoThawRequest } from '../../../domain/ico.js';
import { LOCALE_CODES } from '../../../domain/languages.js';
import { IDEMPOTENCY_HEADER, RECORD_DAYS, type RecordDays } from '../../../domain/wallet.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import { ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, decimal, paging, recordDays, strictObject as object, rowId as id, text, operatorCode, type OperatorCodeBody } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { MAX_PAGE_SIZE, SUBSCRIBE_SCOPE, THAW_SCOPE, type IcoService } from './subscriptions.js';
import './messages.js';

const time = { type: 'integer', minimum: 0, maximum: 8_640_000_000_000 } as const;
const pages = paging(MAX_PAGE_SIZE);

const subscribeBody = object(['project_id', 'quantity'], { project_id: id, quantity: decimal });
const thawBody = object(['project_id'], { project_id: id });
const ordersBody = object(['tab', 'page'], { tab: { type: 'string', enum: [...ICO_ORDER_TABS] }, ...pages });
const recordsBody = object(['type', 'days', 'page'], { type: { type: 'string', enum: [...ICO_RECORD_TYPES] }, days: recordDays(RECORD_DAYS), ...pages });
const saveBody = object([], {
  id,
  symbol: text(10, 1),
  name: text(60, 1),
  // Known language codes only ("Unknown field: description.xx"); a blank text removes that language.
  description: object([], Object.fromEntries(LOCALE_CODES.map((l) => [l, text(ICO_DESCRIPTION_MAX)]))),
  total: decimal,
  price: decimal,
  token_places: { type: 'integer', minimum: 0, maximum: 8 },
  start_at: time,
  end_at: time,
  min_quantity: decimal,
  max_quantity: decimal,
  release_rate: decimal,
  release_period_ms: { type: 'integer', minimum: 1000, maximum: 31_622_400_000 },
  listed: { type: 'boolean' },
  // The operator's own code: asked when the save lists the project (subscriptions.ts `save`).
  ...operatorCode,
});

/** ICO subscription (docs/API.md "ICO subscription"). */
export function icoRoutes(ico: IcoService) {
  const done = (request: FastifyRequest, key: MessageKey, data: unknown) => ({ code: ResultCode.ok, msg: translate(request.lang, key), data });
  const user = { auth: 'user' } as const;
  const operator = { auth: 'operator' } as const;

  return async (app: FastifyInstance) => {
    app.post(ICO_PATHS.projects, { schema: { body: anyBody } }, async (request) => ok(request.lang, await ico.projects(request.lang)));
    app.post(ICO_PATHS.mine, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, await ico.mine(request.user.id)));
    app.post(ICO_PATHS.account, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, await ico.account(request.user.id)));

    app.post<{ Body: IcoSubscribeRequest }>(ICO_PATHS.subscribe, { config: user, schema: { body: subscribeBody } }, async (request) => {
      const key = submissionKey(SUBSCRIBE_SCOPE, request.headers[IDEMPOTENCY_HEADER], request.body);
      return done(request, 'icoSubscribed', unwrap(await ico.subscribe(request.user.id, request.body, key)));
    });

    app.post<{ Body: IcoThawRequest }>(ICO_PATHS.thaw, { config: user, schema: { body: thawBody } }, async (request) => {
      const key = submissionKey(THAW_SCOPE, request.headers[IDEMPOTENCY_HEADER], request.body);
      return done(request, 'icoThawed', unwrap(await ico.thaw(request.user.id, request.body.project_id, key)));
    });

    app.post<{ Body: { tab: IcoOrderTab; page: number; size?: number } }>(ICO_PATHS.orders, { config: user, schema: { body: ordersBody } }, async (request) =>
      ok(request.lang, await ico.orders(request.user.id, request.body)),
    );

    app.post<{ Body: { type: IcoRecordType; days: RecordDays; page: number; size?: number } }>(ICO_PATHS.records, { config: user, schema: { body: recordsBody } }, async (request) =>
      ok(request.lang, await ico.records(request.user.id, request.body)),
    );

    app.post(ICO_PATHS.operatorProjects, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await ico.operatorProjects(request.lang)));

    app.post<{ Body: IcoProjectInput & OperatorCodeBody }>(ICO_PATHS.operatorSave, { config: operator, schema: { body: saveBody } }, async (request) => {
      const { totp_code, code, ...input } = request.body;
      return done(request, 'icoProjectSaved', unwrap(await ico.save(input, request.lang, request.operator, code ?? totp_code), ResultCode.badRequest));
    });
  };
}

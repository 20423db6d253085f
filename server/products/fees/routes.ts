import type { FastifyInstance } from 'fastify';
import { FEE_PATHS, FEE_PRODUCTS, type FeeOverrideEdit, type FeeProduct, type FeeScheduleEdit, type FeeTier } from '../../../domain/fees.js';
import { feeRateOf } from '../../kernel/platform/fees/feeRates.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { decimal, epochMs, pairSymbol, rowId, strictObject, text, operatorCode, operatorCodeOf, type OperatorCodeBody } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import type { Fees } from './fees.js';
import './messages.js';

const product = { type: 'string', enum: [...FEE_PRODUCTS] } as const;
/** A product's market (`BTC_USDT`) or its default (`*`). */
const market = { anyOf: [pairSymbol, { type: 'string', const: '*' }] } as const;
const rate = { ...decimal, maxLength: 12 } as const;
const tier = { type: 'integer', minimum: 0, maximum: 99 } as const;
const emptyBody = { anyOf: [strictObject([], {}), { type: 'null' }] } as const;
const upper = (symbol: string) => symbol.toUpperCase();

/**
 * The fee schedules' routes (docs/API.md "Fees"): the signed-in user's page and own rate in a
 * market; the operator desk's read (`fees.read`), the tiers, schedule rows and volumes
 * (`fees.write`), and a user's override (`fees.override`, with the operator's 2FA code) — the
 * permission table is server/products/operator/permissions.ts.
 */
export function feesRoutes(service: Fees, db: Database) {
  return async (app: FastifyInstance) => {
    const user = { auth: 'user' } as const;
    const operator = { auth: 'operator' } as const;

    app.post(FEE_PATHS.mine, { config: user, schema: { body: emptyBody } }, async (request) => ok(request.lang, await service.mine(request.user.id)));

    app.post<{ Body: { product: FeeProduct; symbol: string } }>(
      FEE_PATHS.rate,
      { config: user, schema: { body: strictObject(['product', 'symbol'], { product, symbol: pairSymbol }) } },
      async (request) => {
        const { maker, taker } = await feeRateOf(db, db, request.body.product, upper(request.body.symbol), request.user.id);
        return ok(request.lang, { maker, taker });
      },
    );

    app.post(FEE_PATHS.operatorRead, { config: operator, schema: { body: emptyBody } }, async (request) => ok(request.lang, await service.desk()));

    app.post<{ Body: { tiers: FeeTier[] } & OperatorCodeBody }>(
      FEE_PATHS.operatorTiers,
      {
        config: operator,
        schema: {
          body: strictObject(['tiers'], {
            tiers: { type: 'array', minItems: 1, maxItems: 20, items: strictObject(['tier', 'min_volume_usdt'], { tier, min_volume_usdt: decimal }) },
            ...operatorCode,
          }),
        },
      },
      async (request) => okWith(request.lang, 'feesTiersSaved', unwrap(await service.setTiers(request.operator, request.body.tiers, operatorCodeOf(request.body), request.lang))),
    );

    app.post<{ Body: FeeScheduleEdit & OperatorCodeBody }>(
      FEE_PATHS.operatorSchedule,
      {
        config: operator,
        schema: {
          body: strictObject(['product', 'market', 'tier', 'maker', 'taker'], { product, market, tier, maker: rate, taker: rate, remove: { type: 'boolean' }, ...operatorCode }),
        },
      },
      async (request) => {
        const { totp_code, code, ...body } = request.body;
        const edit = { ...body, market: upper(body.market) };
        return okWith(request.lang, 'feesScheduleSaved', unwrap(await service.setSchedule(request.operator, edit, code ?? totp_code, request.lang)));
      },
    );

    app.post<{ Body: FeeOverrideEdit & OperatorCodeBody }>(
      FEE_PATHS.operatorOverride,
      {
        config: operator,
        schema: {
          body: strictObject(['user_id', 'product', 'market'], {
            user_id: rowId,
            product,
            market,
            maker: rate,
            taker: rate,
            ends_ms: epochMs,
            note: text(200),
            end: { type: 'boolean' },
            ...operatorCode,
          }),
        },
      },
      async (request) => {
        const { totp_code, code, ...edit } = request.body;
        const saved = await service.setOverride(request.operator, { ...edit, market: upper(edit.market) }, code ?? totp_code, request.lang);
        return okWith(request.lang, 'feesOverrideSaved', unwrap(saved));
      },
    );

    app.post(FEE_PATHS.operatorVolumes, { config: operator, schema: { body: emptyBody } }, async (request) =>
      okWith(request.lang, 'feesVolumesComputed', unwrap(await service.computeByOperator(request.operator))),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { requireAuthForAll } from '../../kernel/platform/auth/authPlugin.js';
import type { Wallet } from './wallet.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import { ok } from '../../kernel/platform/http/envelope.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { operatorReason, paging, rowId, strictObject } from '../../kernel/platform/http/schemas.js';

const body = (required: string[], properties: Record<string, unknown>) => ({ schema: { body: strictObject(required, properties) } }) as const;

/** The operator's side of withdrawals (operator token only, body code 403 otherwise): list, approve, fail. */
export function operatorWalletRoutes(wallet: Wallet) {
  return async (app: FastifyInstance) => {
    requireAuthForAll(app, 'operator');

    app.post<{ Body: { status?: number; page: number; size?: number } }>(
      WALLET_PATHS.operatorWithdrawals,
      body(['page'], { status: { type: 'integer', minimum: 1, maximum: 5 }, ...paging() }),
      async (request) => ok(request.lang, await wallet.operatorWithdrawals(request.body.status, request.body.page, request.body.size ?? 20)),
    );
    app.post<{ Body: { id: number } }>(WALLET_PATHS.operatorApproveWithdrawal, body(['id'], { id: rowId }), async (request) => ({
      code: ResultCode.ok,
      msg: translate(request.lang, 'walletWithdrawApproved'),
      data: unwrap(await wallet.withdrawals.approve(request.body.id, request.operator)),
    }));
    app.post<{ Body: { id: number; reason: string } }>(
      WALLET_PATHS.operatorFailWithdrawal,
      body(['id', 'reason'], { id: rowId, reason: operatorReason }),
      async (request) => ({
        code: ResultCode.ok,
        msg: translate(request.lang, 'walletWithdrawFailed'),
        data: unwrap(await wallet.withdrawals.fail(request.body.id, request.operator, request.body.reason)),
      }),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { requireAuthForAll } from '../../kernel/platform/auth/authPlugin.js';
import type { Wallet } from './wallet.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { operatorReason, paging, rowId, strictObject, text, operatorCode, operatorCodeOf, type OperatorCodeBody } from '../../kernel/platform/http/schemas.js';

const body = (required: string[], properties: Record<string, unknown>) => ({ schema: { body: strictObject(required, properties) } }) as const;

/**
 * The operator's side of withdrawals (operator token only, body code 403 otherwise): list, approve,
 * fail; and of held deposits: list, credit, return. Approve, credit and return move money out or
 * in: each asks the operator's 2FA code (`code`; `totp_code` still taken for one release). Each route's
 * permission is in server/products/operator/permissions.ts.
 */
export function operatorWalletRoutes(wallet: Wallet) {
  return async (app: FastifyInstance) => {
    requireAuthForAll(app, 'operator');

    app.post<{ Body: { status?: number; page: number; size?: number } }>(
      WALLET_PATHS.operatorWithdrawals,
      body(['page'], { status: { type: 'integer', minimum: 1, maximum: 5 }, ...paging() }),
      async (request) => ok(request.lang, await wallet.operatorWithdrawals(request.body.status, request.body.page, request.body.size ?? 20)),
    );
    app.post<{ Body: { id: number } & OperatorCodeBody }>(WALLET_PATHS.operatorApproveWithdrawal, body(['id'], { id: rowId, ...operatorCode }), async (request) => ({
      code: ResultCode.ok,
      msg: translate(request.lang, 'walletWithdrawApproved'),
      data: unwrap(await wallet.withdrawals.approve(request.body.id, request.operator, operatorCodeOf(request.body), request.lang)),
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
    app.post<{ Body: { page: number; size?: number } }>(WALLET_PATHS.operatorHeldDeposits, body(['page'], paging()), async (request) =>
      ok(request.lang, await wallet.heldDeposits.list(request.body.page, request.body.size ?? 20)),
    );
    app.post<{ Body: { id: number } & OperatorCodeBody }>(WALLET_PATHS.operatorCreditHeldDeposit, body(['id'], { id: rowId, ...operatorCode }), async (request) =>
      okWith(request.lang, 'walletHeldDepositCredited', unwrap(await wallet.heldDeposits.credit(request.body.id, request.operator, operatorCodeOf(request.body), request.lang))),
    );
    app.post<{ Body: { id: number; address: string } & OperatorCodeBody }>(
      WALLET_PATHS.operatorReturnHeldDeposit,
      body(['id', 'address'], { id: rowId, address: text(128, 1), ...operatorCode }),
      async (request) =>
        okWith(request.lang, 'walletHeldDepositReturned', unwrap(await wallet.heldDeposits.return(request.body.id, request.body.address, request.operator, operatorCodeOf(request.body), request.lang))),
    );
  };
}

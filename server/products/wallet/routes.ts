import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, RECORD_DAYS, WALLET_PATHS, type RecordQuery, type TransferRequest, type WalletAccount, type WithdrawRequest } from '../../../domain/wallet.js';
import { STATEMENT_PATHS } from '../../../domain/statements.js';
import { statementRoute } from '../../kernel/platform/http/statementRoute.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { requireAuthForAll } from '../../kernel/platform/auth/authPlugin.js';
import type { Wallet } from './wallet.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { anyBody, currency, decimal, paging, password, recordDays, rowId, secondFactorCode, strictObject, text } from '../../kernel/platform/http/schemas.js';

const object = (required: string[], properties: Record<string, unknown>) => ({ schema: { body: strictObject(required, properties) } }) as const;
// Lengths here only keep junk out; the wallet checks the values and answers translated messages.
const network = text(32, 1);
const recordQuery = { days: recordDays(RECORD_DAYS), ...paging(), currency };

/**
 * The wallet (docs/API.md "Wallet"). Every call needs a user token, checked before the body is
 * read (body code 403 otherwise), and acts only on that user. Submissions that move money take an
 * Idempotency-Key header: a repeat of the same key answers the first result and changes nothing.
 */
export function walletRoutes(wallet: Wallet) {
  const userOf = (request: FastifyRequest) => request.user.id;
  const keyOf = (request: FastifyRequest, scope: string) => submissionKey(scope, request.headers[IDEMPOTENCY_HEADER], request.body);
  // The accounts the products declare (kernel.accounts.kinds); any other is refused with a translated 400.
  const account = { type: 'string', enum: [...wallet.accountKinds] } as const;

  return async (app: FastifyInstance) => {
    requireAuthForAll(app, 'user');

    app.post(WALLET_PATHS.overview, { schema: { body: anyBody } }, async (request) => ok(request.lang, await wallet.overview.summary(userOf(request))));
    app.post<{ Body: { account: WalletAccount } }>(WALLET_PATHS.balances, object(['account'], { account }), async (request) =>
      ok(request.lang, await wallet.overview.balances(userOf(request), request.body.account)),
    );
    app.post<{ Body: { currency: string } }>(WALLET_PATHS.networks, object(['currency'], { currency }), async (request) =>
      ok(request.lang, await wallet.networks(request.body.currency)),
    );
    app.post<{ Body: { currency: string; network: string } }>(WALLET_PATHS.depositAddress, object(['currency', 'network'], { currency, network }), async (request) =>
      ok(request.lang, unwrap(await wallet.depositAddress(userOf(request), request.body.currency, request.body.network))),
    );

    app.post<{ Body: { currency: string } }>(WALLET_PATHS.withdrawQuota, object(['currency'], { currency }), async (request) =>
      ok(request.lang, unwrap(await wallet.withdrawals.quota(userOf(request), request.body.currency))),
    );
    app.post<{ Body: WithdrawRequest }>(
      WALLET_PATHS.withdraw,
      object(['currency', 'network', 'address', 'quantity', 'funds_password'], {
        currency,
        network,
        address: text(256, 1),
        quantity: decimal,
        funds_password: password,
        totp_code: secondFactorCode,
      }),
      async (request) => {
        // The funds password and the 2FA code never become part of a stored key.
        const { funds_password: _, totp_code: __, ...keyed } = request.body;
        const key = submissionKey('wallet.withdraw', request.headers[IDEMPOTENCY_HEADER], keyed);
        return okWith(request.lang, 'walletWithdrawSucceeded', unwrap(await wallet.withdrawals.submit(userOf(request), request.body, key, request.ip)));
      },
    );
    app.post<{ Body: { funds_password: string } }>(WALLET_PATHS.checkFundsPassword, object(['funds_password'], { funds_password: password }), async (request) =>
      ok(request.lang, unwrap(await wallet.withdrawals.checkFundsPassword(userOf(request), request.body.funds_password, request.ip))),
    );
    app.post<{ Body: { id: number } }>(WALLET_PATHS.cancelWithdrawal, object(['id'], { id: rowId }), async (request) =>
      okWith(request.lang, 'walletWithdrawCancelled', unwrap(await wallet.withdrawals.cancel(userOf(request), request.body.id))),
    );
    app.post<{ Body: TransferRequest }>(WALLET_PATHS.transfer, object(['currency', 'from', 'to', 'quantity'], { currency, from: account, to: account, quantity: decimal }), async (request) =>
      okWith(request.lang, 'walletTransferSucceeded', unwrap(await wallet.transfers.transfer(userOf(request), request.body, keyOf(request, 'wallet.transfer')))),
    );

    // The ledger as a CSV file (docs/API.md "Statements").
    statementRoute(app, STATEMENT_PATHS.ledger, wallet.records.statement);

    const list = object(['days', 'page'], recordQuery);
    app.post<{ Body: RecordQuery }>(WALLET_PATHS.deposits, list, async (request) => ok(request.lang, await wallet.records.deposits(userOf(request), request.body)));
    app.post<{ Body: RecordQuery }>(WALLET_PATHS.withdrawals, list, async (request) => ok(request.lang, await wallet.records.withdrawals(userOf(request), request.body)));
    app.post<{ Body: RecordQuery }>(WALLET_PATHS.transfers, list, async (request) => ok(request.lang, await wallet.records.transfers(userOf(request), request.body)));
    app.post<{ Body: RecordQuery & { account?: WalletAccount } }>(WALLET_PATHS.ledger, object(['days', 'page'], { ...recordQuery, account }), async (request) =>
      ok(request.lang, await wallet.records.ledger(userOf(request), request.body)),
    );
  };
}

import type { TransferRecord, TransferRequest } from '../../../domain/wallet.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import { once, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import { changeBalance, readBalance } from '../../kernel/platform/ledger/ledger.js';
import { transferProblem } from '../../../domain/walletValidation.js';
import { compareDecimal } from '../../../domain/decimal.js';
import type { WalletContext } from './context.js';
import { currencyRules } from './networks.js';
import { outcome, Refusal } from './refusal.js';
import { isQuantity, quantityRefusal } from './rules.js';
import { lockUserWallet } from './userLock.js';

export const TRANSFER_COLUMNS = `id, currency, from_account as "from", to_account as "to", trim_scale(quantity)::text as quantity, created_ms as created_at`;

export function toTransferRecord(row: TransferRecord): TransferRecord {
  return { ...row, id: Number(row.id), created_at: Number(row.created_at) };
}

/**
 * Internal transfer between two of a user's five accounts (spec §6): no fee, instant. The row and
 * both ledger entries (transfer_out, transfer_in) commit together or not at all, once per key.
 */
export function transfers(ctx: WalletContext) {
  return {
    async transfer(userId: number, input: TransferRequest, key: SubmissionKey): Promise<Outcome<TransferRecord>> {
      return outcome(async () => {
        const { currency, from, to, quantity } = input;
        if (from === to) throw new Refusal('walletTransferSameAccount');
        if (!isQuantity(quantity)) throw new Refusal(quantityRefusal(quantity));
        if (!(await currencyRules(ctx.db, currency))) throw new Refusal('walletCurrencyUnknown', { currency });
        const now = ctx.now();
        const record = await once(
          ctx.db,
          userId,
          'wallet.transfer',
          key,
          async (tx) => {
            await lockUserWallet(tx, userId);
            // The transfer form's rule, on the balance as it is under the lock.
            const { available } = await readBalance(tx, userId, currency, from);
            const problem = transferProblem({ available, from, to }, { quantity });
            if (problem === 'wallet.validation.insufficient') throw new Refusal('walletInsufficientBalance');
            if (problem === 'wallet.validation.sameAccount') throw new Refusal('walletTransferSameAccount');
            if (problem) throw new Refusal('walletQuantityInvalid');
            // What the positions on the account need stays there (futures: cross margin's unrealised loss).
            const transferable = await ctx.accounts.transferable(tx, userId, currency, from);
            if (transferable !== undefined && compareDecimal(quantity, transferable) > 0) throw new Refusal('walletTransferBeyondFree', { max: numberVar(transferable), currency });
            const [row] = await tx.query<TransferRecord>(
              `insert into wallet_transfer (user_id, currency, from_account, to_account, quantity, created_ms)
               values ($1, $2, $3, $4, $5::numeric, $6) returning ${TRANSFER_COLUMNS}`,
              [userId, currency, from, to, quantity, now],
            );
            const ref = { refType: 'transfer', refId: Number(row!.id) };
            await changeBalance(tx, { userId, currency, account: from, available: `-${quantity}`, frozen: '0', kind: 'transfer_out', ...ref });
            await changeBalance(tx, { userId, currency, account: to, available: quantity, frozen: '0', kind: 'transfer_in', ...ref });
            return toTransferRecord(row!);
          },
          now,
        );
        ctx.balancesChanged(userId, [
          { currency, account: from },
          { currency, account: to },
        ]);
        ctx.accounts.moved(userId, from);
        ctx.accounts.moved(userId, to);
        return record;
      });
    },
  };
}

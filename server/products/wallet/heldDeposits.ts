import type { OperatorAuditKind } from '../../../domain/operatorAuditKinds.js';
import { isAddressOf } from '../../../domain/addressFormats.js';
import { compareDecimal, trimZeros } from '../../../domain/decimal.js';
import { DepositStatus, type DepositHeldReason, type HeldDeposit, type HeldDepositResolution, type Page } from '../../../domain/wallet.js';
import { requireNotFrozen } from '../../kernel/platform/accountFreeze/index.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../kernel/platform/auth/operators/operatorAction.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import { withdrawalsLockedUntil } from '../../kernel/platform/auth/withdrawalLock.js';
import { momentVar, numberVar } from '../../kernel/platform/i18n/messages.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import type { WalletContext } from './context.js';
import { credit } from './deposits.js';
import { outcome, Refusal } from './refusal.js';
import { isPlausibleAddress } from './rules.js';

/** A held deposit as its row stands, locked by the action's transaction. */
interface HeldRow {
  id: number;
  user_id: number;
  currency: string;
  network: string;
  quantity: string;
  tx_hash: string;
  status: number;
  held_reason: DepositHeldReason;
}

/** The audit row's "before" of either action: the held deposit as it stood. */
const heldBefore = (row: HeldRow) => ({
  status: DepositStatus.held,
  held_reason: row.held_reason,
  user_id: row.user_id,
  currency: row.currency,
  network: row.network,
  quantity: row.quantity,
  tx_hash: row.tx_hash,
});

/**
 * Held deposits resolved by a finance operator (docs/OPERATOR.md "Held deposits"): a deposit that
 * reached the chain below the network's minimum, or for a currency being delisted, was recorded as
 * held (status 4, deposits.ts) and never credited. The desk lists them; an operator, with their own
 * 2FA code, either credits one (below the minimum only: a delisted currency's deposit must leave,
 * not land) exactly as a confirmed deposit is credited — the deposit ledger kind across the chain
 * boundary, the network's deposit fee of now, the user's notice — or returns it on the chain to an
 * address they type (the chain adapter's `returnDeposit`; no balance moves, none was ever credited).
 * Each action locks the row `for update`, so of two operators at once one resolves it and the other
 * is refused as "already resolved"; the audit row is the transaction's last statement, and every
 * refusal writes one 'refused' row instead.
 */
export function heldDeposits(ctx: WalletContext) {
  const { db } = ctx;

  /** Runs a step of an operator action: done → its own audit row (written by `work`); refused → one 'refused' row, then the refusal. */
  const audited = async <T>(operator: OperatorActor, kind: OperatorAuditKind, id: number, work: () => Promise<T>): Promise<Outcome<T>> =>
    auditRefusal(db, { operator, kind, object: { type: 'deposit', id } }, await outcome(work));

  /**
   * The operator's own 2FA code (kernel rules): both actions move money across the chain boundary. A
   * refusal is audited. An approval queue's actions: within the session's step-up window no new code
   * is needed (stepUp.ts), and the action's audit row records the window.
   */
  const operatorCode = (operator: OperatorActor, kind: OperatorAuditKind, id: number, code: string | undefined, lang: string | undefined) =>
    askOperatorCode(db, { operator, kind, object: { type: 'deposit', id }, code, now: ctx.now(), lang, notEnabled: 'walletHeldTwoFactorRequired', stepUp: 'allowed' });

  /** The deposit locked for this transaction, still held; else the refusal. */
  async function lockHeld(tx: Queryable, id: number): Promise<HeldRow> {
    const [row] = await tx.query<HeldRow>(
      `select id, user_id, currency, network, trim_scale(quantity)::text as quantity, tx_hash, status, held_reason from deposit where id = $1 for update`,
      [id],
    );
    if (!row) throw new Refusal('walletHeldDepositNotFound');
    if (Number(row.status) !== DepositStatus.held) throw new Refusal('walletHeldDepositResolved');
    return { ...row, id: Number(row.id), user_id: Number(row.user_id), status: Number(row.status) };
  }

  return {
    /** Every held deposit, newest first, with whose it is. */
    async list(page: number, size: number): Promise<Page<HeldDeposit>> {
      const rows = await db.query<HeldDeposit>(
        `select d.id, d.user_id, u.account, d.currency, d.network, trim_scale(d.quantity)::text as quantity, d.tx_hash, d.held_reason, d.created_ms as created_at
         from deposit d join app_user u on u.id = d.user_id where d.status = 4 order by d.id desc limit $1 offset $2`,
        [size, (page - 1) * size],
      );
      const [{ total }] = (await db.query<{ total: number }>('select count(*)::int as total from deposit where status = 4')) as [{ total: number }];
      const list = rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), created_at: Number(r.created_at) }));
      return { list, total: Number(total), page, size };
    },

    /** Credits a held deposit below the minimum, as a confirmed one is credited (deposits.ts `credit`). */
    async credit(id: number, operator: OperatorActor, code: string | undefined, lang?: string): Promise<Outcome<HeldDepositResolution>> {
      const proven = await operatorCode(operator, 'deposit.credit', id, code, lang);
      if (!proven.ok) return proven;
      const result = await audited(operator, 'deposit.credit', id, () =>
        db.transaction(async (tx) => {
          const row = await lockHeld(tx, id);
          if (row.held_reason === 'delisted') throw new Refusal('walletHeldDepositDelisted', { currency: row.currency });
          const [network] = await tx.query<{ fee: string }>('select trim_scale(deposit_fee)::text as fee from currency_network where currency = $1 and network = $2', [
            row.currency,
            row.network,
          ]);
          const fee = trimZeros(network?.fee ?? '0');
          // What the fee would take it all: nothing to credit, it can only be returned.
          if (compareDecimal(fee, '0') > 0 && compareDecimal(row.quantity, fee) <= 0) throw new Refusal('walletHeldDepositBelowFee', { fee: numberVar(fee), currency: row.currency });
          const at = ctx.now();
          await tx.query('update deposit set status = 3, fee = $2::numeric, resolved_by = $3, resolved_ms = $4, updated_ms = $4 where id = $1', [id, fee, operator.id, at]);
          const kept = await credit(tx, row.user_id, { id, currency: row.currency, quantity: row.quantity, fee });
          await notify(tx, row.user_id, { kind: 'deposit_credited', params: { currency: row.currency, quantity: kept, network: row.network } });
          const after = { status: DepositStatus.success, fee, credited: kept };
          await writeOperatorAudit(tx, { operator, kind: 'deposit.credit', object: { type: 'deposit', id }, before: heldBefore(row), after: { ...after, ...proven.data } });
          return { userId: row.user_id, currency: row.currency, resolution: { id, ...after } };
        }),
      );
      if (!result.ok) return result;
      const { userId, currency, resolution } = result.data;
      ctx.balancesChanged(userId, [{ currency, account: 'spot' }]);
      ctx.recordChanged(userId, { record: 'deposit', id, status: DepositStatus.success, notice: true });
      return { ok: true, data: resolution };
    },

    /** Returns a held deposit on the chain to `address` (checked as a withdrawal's is for its network). */
    async return(id: number, address: string, operator: OperatorActor, code: string | undefined, lang?: string): Promise<Outcome<HeldDepositResolution>> {
      const to = address.trim();
      const checked = await audited(operator, 'deposit.return', id, async () => {
        const [found] = await db.query<{ network: string }>('select network from deposit where id = $1', [id]);
        if (!found) throw new Refusal('walletHeldDepositNotFound');
        if (!isPlausibleAddress(to) || !isAddressOf(found.network, to)) throw new Refusal('walletAddressInvalid');
      });
      if (!checked.ok) return checked;
      const proven = await operatorCode(operator, 'deposit.return', id, code, lang);
      if (!proven.ok) return proven;
      const result = await audited(operator, 'deposit.return', id, () =>
        db.transaction(async (tx) => {
          const row = await lockHeld(tx, id);
          // As a withdrawal's approval: a frozen account's funds are not sent (issue 51 §3).
          await requireNotFrozen(tx, row.user_id, { locked: true });
          // Nor while the owner's withdrawals are locked after a security change: the address is
          // typed by the operator as the owner asks (no sender is kept), so the return is money out
          // the owner chooses, as a withdrawal is. Read under the row lock just taken, which a
          // security change's write of the lock conflicts with.
          const until = await withdrawalsLockedUntil(tx, row.user_id, ctx.now());
          if (until !== undefined) throw new Refusal('walletHeldDepositOwnerLocked', { until: momentVar(until) });
          const txHash = await ctx.chain.returnDeposit({ id, currency: row.currency, network: row.network, address: to, quantity: row.quantity });
          const at = ctx.now();
          await tx.query('update deposit set status = 5, return_address = $2, return_tx_hash = $3, resolved_by = $4, resolved_ms = $5, updated_ms = $5 where id = $1', [
            id,
            to,
            txHash,
            operator.id,
            at,
          ]);
          await notify(tx, row.user_id, { kind: 'deposit_returned', params: { currency: row.currency, quantity: row.quantity, network: row.network, address: to } });
          const after = { status: DepositStatus.returned, return_address: to, return_tx_hash: txHash };
          await writeOperatorAudit(tx, { operator, kind: 'deposit.return', object: { type: 'deposit', id }, before: heldBefore(row), after: { ...after, ...proven.data } });
          return { userId: row.user_id, resolution: { id, ...after } };
        }),
      );
      if (!result.ok) return result;
      ctx.recordChanged(result.data.userId, { record: 'deposit', id, status: DepositStatus.returned, notice: true });
      return { ok: true, data: result.data.resolution };
    },
  };
}

export type HeldDeposits = ReturnType<typeof heldDeposits>;

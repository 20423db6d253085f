import { addDecimal, compareDecimal, divDecimal, mulDecimal } from '../../../domain/decimal.js';
import { withdrawalProblem, type WithdrawLimits } from '../../../domain/walletValidation.js';
import type { WithdrawalRecord, WithdrawQuota, WithdrawRequest } from '../../../domain/wallet.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { once, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import { changeBalance, readBalance } from '../../kernel/platform/ledger/ledger.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import { systemAccountId } from '../../kernel/platform/ledger/systemAccounts.js';
import type { WalletContext } from './context.js';
import { requireFundsPassword } from './fundsPassword.js';
import { currencyRules, delistingEnded, findNetwork } from './networks.js';
import { limitPrice } from '../../kernel/platform/limitPrice.js';
import { outcome, Refusal } from './refusal.js';
import { isPlausibleAddress, isQuantity, quantityRefusal } from './rules.js';
import { lockUserWallet } from './userLock.js';
import { allowlistOn, requireWithdrawalAllowed, withdrawalsLockedUntil } from '../../kernel/platform/auth/withdrawalLock.js';
import { momentVar, numberVar } from '../../kernel/platform/i18n/messages.js';
import { withdrawLimit } from './withdrawLimit.js';
import { requireSecondFactor, twoFactorEnabled } from '../../kernel/platform/auth/twoFactor.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../kernel/platform/auth/operators/operatorAction.js';
import { requireNotFrozen } from '../../kernel/platform/accountFreeze/index.js';
import { announceSecurityNotice, recordSecurityNotice, type SecurityNotice } from '../../kernel/platform/auth/securityNotices.js';

export const WITHDRAWAL_COLUMNS = `w.id, w.currency, w.network, w.address, trim_scale(w.quantity)::text as quantity,
  trim_scale(w.fee)::text as fee, w.tx_hash, w.status, w.reason, w.created_ms as created_at, w.updated_ms as updated_at`;

export function toWithdrawalRecord<T extends WithdrawalRecord>(row: T): T {
  return { ...row, id: Number(row.id), status: Number(row.status) as WithdrawalRecord['status'], created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

interface Settled {
  id: number;
  user_id: number;
  currency: string;
  quantity: string;
  fee: string;
}

/**
 * Withdrawals (spec §4): 1 not disbursed (quantity + fee frozen) → 2 pending confirmation (the
 * operator approved, the chain adapter broadcast it) → 3 completed after its confirmations; or
 * 4 release failed / 5 cancelled by the user, both giving the funds back. Every move is an update
 * guarded by the status it leaves, so a repeated or concurrent call applies at most once.
 */
export function withdrawals(ctx: WalletContext) {
  const { db } = ctx;

  async function returnFunds(tx: Queryable, w: Settled, kind: string) {
    const total = addDecimal(w.quantity, w.fee);
    await changeBalance(tx, { userId: Number(w.user_id), currency: w.currency, account: 'spot', available: total, frozen: `-${total}`, kind, refType: 'withdrawal', refId: Number(w.id) });
  }

  /** Moves a not-disbursed withdrawal to `status` (4 or 5) and gives its funds back, in one transaction. */
  async function release(where: { id: number; userId?: number }, status: 4 | 5, reason: string | null, operator: OperatorActor | null) {
    const row = await db.transaction(async (tx) => {
      const [w] = await tx.query<Settled & WithdrawalRecord>(
        `update withdrawal w set status = $3, reason = $4, operator_id = coalesce($5, operator_id), updated_ms = $6
         where id = $1 and ($2::bigint is null or user_id = $2) and status = 1
         returning ${WITHDRAWAL_COLUMNS}, w.user_id`,
        [where.id, where.userId ?? null, status, reason, operator?.id ?? null, ctx.now()],
      );
      if (!w) return undefined;
      await returnFunds(tx, w, 'withdraw_unfreeze');
      // The user cancelled it themselves; a refusal by the operator is news, with the reason.
      if (status === 4) await notify(tx, Number(w.user_id), { kind: 'withdrawal_failed', params: { currency: w.currency, quantity: w.quantity, network: w.network, reason: reason ?? '' } });
      // An operator's refusal is audited in its transaction, last (issue 51 §2).
      if (operator) await writeOperatorAudit(tx, { operator, kind: 'withdrawal.fail', object: { type: 'withdrawal', id: Number(w.id) }, before: { status: 1 }, after: { status, reason } });
      return w;
    });
    if (row) {
      ctx.balancesChanged(Number(row.user_id), [{ currency: row.currency, account: 'spot' }]);
      ctx.recordChanged(Number(row.user_id), { record: 'withdrawal', id: Number(row.id), status, notice: status === 4 });
    }
    return row;
  }

  /**
   * The limits the withdrawal form checks against (domain/walletValidation.ts), read here from
   * the database: the network's minimum and fee, the spot balance, and what the 24-hour quota still
   * allows in this currency, cut (not rounded) to 8 decimals so it never exceeds the limit.
   */
  async function limitsOf(db: Queryable, userId: number, currency: string, places: number, network: { network: string; withdraw_min: string; withdraw_fee: string } | undefined, now: number) {
    const limit = await withdrawLimit(db, userId, now);
    // Counted at the limit's price (prices.ts limitPrice): one trade far below the market cannot make a quantity look small.
    const price = await limitPrice(db, currency, now);
    const { available } = await readBalance(db, userId, currency, 'spot');
    // A currency with no price cannot be counted against the limit: nothing of it fits (walletNoPrice says why).
    const remaining = price ? divDecimal(limit.left_usdt, price, 8) : '0';
    const limits: WithdrawLimits = { min: network?.withdraw_min ?? '0', fee: network?.withdraw_fee ?? '0', available, remaining, places, ...(network ? { network: network.network } : {}) };
    return { limit, price, limits };
  }

  /** The form's own rules, applied by the server with the server's translated refusals. */
  function refuseUnlessValid(limits: WithdrawLimits, limit: { left_usdt: string; limit_usdt: string }, values: { address: string; quantity: string; currency: string }) {
    const problem = withdrawalProblem(limits, values);
    if (!problem) return;
    if (problem === 'wallet.validation.addressRequired' || problem === 'wallet.validation.addressInvalid') throw new Refusal('walletAddressInvalid');
    if (problem === 'wallet.validation.tooManyPlaces') throw new Refusal('walletQuantityPlaces', { currency: values.currency, places: String(limits.places ?? 8) });
    if (problem === 'wallet.validation.belowMinimum') throw new Refusal('walletWithdrawBelowMinimum', { min: numberVar(limits.min), currency: values.currency });
    if (problem === 'wallet.validation.overQuota') throw new Refusal('walletWithdrawLimitExceeded', { left: numberVar(limit.left_usdt), limit: numberVar(limit.limit_usdt) });
    if (problem === 'wallet.validation.insufficient') throw new Refusal('walletInsufficientBalance');
    throw new Refusal(quantityRefusal(values.quantity));
  }

  return {
    async quota(userId: number, currency: string): Promise<Outcome<WithdrawQuota>> {
      return outcome(async () => {
        const rules = await currencyRules(db, currency);
        if (!rules) throw new Refusal('walletCurrencyUnknown', { currency });
        const { limit, limits, price } = await limitsOf(db, userId, currency, rules.amount_places, undefined, ctx.now());
        const { available, remaining } = limits;
        // Issue 50 M16: the form says at the address field, before the funds password, that allowlist
        // mode only lets saved, matured addresses through.
        // A security change's hold is said with the form too, not only after the funds password and the code.
        const [allowlist, twoFactor, lockedUntil] = await Promise.all([allowlistOn(db, userId), twoFactorEnabled(db, userId), withdrawalsLockedUntil(db, userId, ctx.now())]);
        return {
          currency,
          limit_usdt: limit.limit_usdt,
          used_usdt: limit.used_usdt,
          remaining,
          available,
          verified: limit.verified,
          allowlist,
          two_factor: twoFactor,
          places: rules.amount_places,
          withdrawals_locked_until: lockedUntil ?? 0,
          priced: price !== undefined,
        };
      });
    },

    /**
     * The withdrawal's security step (issue 37 §11): the funds password is checked when it is
     * typed, with the same count of wrong guesses and the same lock as the submission's check, so
     * a wrong one is refused before the confirmation, not after "Withdraw now".
     */
    async checkFundsPassword(userId: number, password: string, client: string): Promise<Outcome<{ ok: true }>> {
      return outcome(async () => {
        await requireFundsPassword(db, userId, password, ctx.now(), client);
        return { ok: true as const };
      });
    },

    /** Checks everything, then freezes quantity + fee in spot, once per submission key. */
    async submit(userId: number, input: WithdrawRequest, key: SubmissionKey, client = ''): Promise<Outcome<WithdrawalRecord>> {
      return outcome(async () => {
        const { currency, network, address, quantity } = input;
        if (!isQuantity(quantity)) throw new Refusal('walletQuantityInvalid');
        if (!isPlausibleAddress(address)) throw new Refusal('walletAddressInvalid');
        const rules = await currencyRules(db, currency);
        if (!rules) throw new Refusal('walletCurrencyUnknown', { currency });
        const now = ctx.now();
        const found = await findNetwork(db, currency, network, now);
        if (!found) throw new Refusal('walletNetworkUnknown', { currency, network });
        // A delisted currency's withdrawals close at its announced end (issue 52 §1).
        if (delistingEnded(rules.delist_at, now)) throw new Refusal('walletCurrencyDelisted', { currency });
        if (!found.withdraw_enabled) throw new Refusal('walletWithdrawClosed', { currency, network });
        // Locked for 24 h after a security change; in allowlist mode, only to saved, matured
        // addresses. First (issue 49): a locked user is told of the lock, not of a balance or
        // quota that would not let them out either.
        await requireWithdrawalAllowed(db, userId, { currency, network, address }, now);
        const early = await limitsOf(db, userId, currency, rules.amount_places, found, now);
        if (!early.price) throw new Refusal('walletNoPrice', { currency });
        refuseUnlessValid(early.limits, early.limit, { address, quantity, currency });
        // Outside the transaction: scrypt takes ~50 ms and holds no lock, and a wrong guess must
        // stay counted towards the lockout although nothing else of this submission happens.
        await requireFundsPassword(db, userId, input.funds_password, now, client);
        // 2FA on: a code too (kernel/platform/auth/twoFactor.ts).
        await requireSecondFactor(db, { userId, code: input.totp_code, client, now });
        let submitted: SecurityNotice | undefined;
        const record = await once(
          db,
          userId,
          'wallet.withdraw',
          key,
          async (tx) => {
            // One submission of a user at a time, so two at once cannot both fit under the limit.
            await lockUserWallet(tx, userId);
            // The lock and the allowlist again, under the user's row lock that a security change's
            // write of the lock waits on (or holds): one committed since the check above is seen.
            await requireWithdrawalAllowed(tx, userId, { currency, network, address }, now);
            // Again under the lock: another submission may have used the quota or the balance meanwhile.
            const { limit, price, limits } = await limitsOf(tx, userId, currency, rules.amount_places, found, now);
            if (!price) throw new Refusal('walletNoPrice', { currency });
            refuseUnlessValid(limits, limit, { address, quantity, currency });
            const value = mulDecimal(quantity, price);
            const [row] = await tx.query<WithdrawalRecord>(
              `insert into withdrawal as w (user_id, currency, network, address, quantity, fee, value_usdt, confirmations_required, created_ms, updated_ms)
               values ($1, $2, $3, $4, $5::numeric, $6::numeric, $7::numeric, $8, $9, $9) returning ${WITHDRAWAL_COLUMNS}`,
              [userId, currency, network, address, quantity, found.withdraw_fee, value, found.confirmations, now],
            );
            const total = addDecimal(quantity, found.withdraw_fee);
            await changeBalance(tx, { userId, currency, account: 'spot', available: `-${total}`, frozen: total, kind: 'withdraw_freeze', refType: 'withdrawal', refId: Number(row!.id) });
            // Issue 49 §4: the owner is told of every withdrawal, in its transaction; emailed after the commit, once.
            await recordSecurityNotice(tx, userId, (submitted = { kind: 'withdrawal_submitted', params: { quantity, currency, network, address } }));
            return toWithdrawalRecord(row!);
          },
          now,
        );
        if (submitted) void announceSecurityNotice(userId, submitted);
        ctx.balancesChanged(userId, [{ currency, account: 'spot' }]);
        return record;
      });
    },

    /** The user takes back a withdrawal that has not been processed yet. */
    async cancel(userId: number, id: number): Promise<Outcome<WithdrawalRecord>> {
      return outcome(async () => {
        const row = await release({ id, userId }, 5, null, null);
        if (!row) throw new Refusal('walletWithdrawalNotCancellable');
        return toWithdrawalRecord(row);
      });
    },

    /** Operator: release refused (reason required); the funds go back to the user. */
    async fail(id: number, operator: OperatorActor, reason: string): Promise<Outcome<WithdrawalRecord>> {
      const failed = await outcome(async () => {
        const why = reason.trim();
        if (!why) throw new Refusal('walletFailReasonRequired');
        const row = await release({ id }, 4, why, operator);
        if (!row) throw new Refusal('walletWithdrawalNotWaiting');
        return toWithdrawalRecord(row);
      });
      // A refused attempt is a row of its own, outside the rolled-back work (every attempt is in the log).
      return auditRefusal(db, { operator, kind: 'withdrawal.fail', object: { type: 'withdrawal', id } }, failed);
    },

    /**
     * Operator: approve. The status moves to 2 and the chain adapter broadcasts in the same
     * transaction; if broadcasting fails, nothing moves and the withdrawal stays waiting.
     */
    async approve(id: number, operator: OperatorActor, code: string | undefined, lang?: string): Promise<Outcome<WithdrawalRecord>> {
      // Money leaves the platform: the operator's own code (kernel rules), on the database before the
      // transaction so a wrong one stays counted; its refusal is the record of the attempt (issue 51 §2).
      const proven = await askOperatorCode(db, {
        operator,
        kind: 'withdrawal.approve',
        object: { type: 'withdrawal', id },
        code,
        now: ctx.now(),
        lang,
        notEnabled: 'walletApproveTwoFactorRequired',
        // An approval queue's action: within the session's step-up window no new code is needed (stepUp.ts).
        stepUp: 'allowed',
      });
      if (!proven.ok) return proven;
      const approved = await outcome(() =>
        db.transaction(async (tx) => {
          const [w] = await tx.query<WithdrawalRecord>(
            `update withdrawal w set status = 2, operator_id = $2, updated_ms = $3 where id = $1 and status = 1 returning ${WITHDRAWAL_COLUMNS}, w.user_id`,
            [id, operator.id, ctx.now()],
          );
          if (!w) throw new Refusal('walletWithdrawalNotWaiting');
          // A frozen account's withdrawal is not sent (issue 51 §3): refused until the user is unfrozen (or it is failed).
          await requireNotFrozen(tx, Number((w as WithdrawalRecord & { user_id: number }).user_id), { locked: true });
          // Nor while the owner's withdrawals are locked after a security change: one submitted just
          // before a password reset (maybe by whoever the reset locks out) waits for the lock's end.
          const until = await withdrawalsLockedUntil(tx, Number((w as WithdrawalRecord & { user_id: number }).user_id), ctx.now());
          if (until !== undefined) throw new Refusal('walletWithdrawalOwnerLocked', { until: momentVar(until) });
          const txHash = await ctx.chain.broadcast({ id: Number(w.id), currency: w.currency, network: w.network, address: w.address, quantity: w.quantity });
          await tx.query('update withdrawal set tx_hash = $2 where id = $1', [id, txHash]);
          await writeOperatorAudit(tx, {
            operator,
            kind: 'withdrawal.approve',
            object: { type: 'withdrawal', id },
            before: { status: 1 },
            // Whose money went where: the owner and the network with the address, so the row reads without the withdrawal table.
            after: { status: 2, tx_hash: txHash, user_id: Number((w as WithdrawalRecord & { user_id: number }).user_id), currency: w.currency, quantity: w.quantity, network: w.network, address: w.address, ...proven.data },
          });
          return { ...toWithdrawalRecord({ ...w, tx_hash: txHash }), userId: Number((w as WithdrawalRecord & { user_id: number }).user_id) };
        }),
      );
      // A refusal after the code (the owner frozen or locked since, no longer waiting) rolled back with
      // the approval: it is written on its own, as the code's refusals are, so every attempt is a row.
      if (!approved.ok) return auditRefusal(db, { operator, kind: 'withdrawal.approve', object: { type: 'withdrawal', id } }, approved);
      const { userId, ...record } = approved.data;
      ctx.recordChanged(userId, { record: 'withdrawal', id: record.id, status: record.status });
      return { ok: true, data: record };
    },

    /**
     * A broadcast withdrawal now has `confirmations`. On reaching its required number it completes:
     * quantity leaves the user's frozen spot (withdraw_out), the fee moves from it to the platform's
     * fee account (withdraw_fee on both sides), all in one transaction with the status change.
     */
    async confirmed(txHash: string, confirmations: number): Promise<void> {
      const done = await db.transaction(async (tx) => {
        const [w] = await tx.query<Settled & { status: number; network: string; address: string }>(
          `update withdrawal set confirmations = greatest(confirmations, $2),
             status = case when greatest(confirmations, $2) >= confirmations_required then 3 else 2 end, updated_ms = $3
           where tx_hash = $1 and status = 2
           returning id, user_id, currency, network, address, trim_scale(quantity)::text as quantity, trim_scale(fee)::text as fee, status`,
          [txHash, confirmations, ctx.now()],
        );
        if (!w) return undefined;
        const userId = Number(w.user_id);
        if (Number(w.status) !== 3) return { userId, id: Number(w.id), status: Number(w.status), currency: undefined };
        const ref = { refType: 'withdrawal', refId: Number(w.id) };
        await changeBalance(tx, { userId, currency: w.currency, account: 'spot', available: '0', frozen: `-${w.quantity}`, kind: 'withdraw_out', ...ref });
        if (compareDecimal(w.fee, '0') > 0) {
          await changeBalance(tx, { userId, currency: w.currency, account: 'spot', available: '0', frozen: `-${w.fee}`, kind: 'withdraw_fee', ...ref });
          const fees = await systemAccountId(tx, 'fees');
          await changeBalance(tx, { userId: fees, currency: w.currency, account: 'spot', available: w.fee, frozen: '0', kind: 'withdraw_fee', ...ref });
        }
        await notify(tx, userId, { kind: 'withdrawal_completed', params: { currency: w.currency, quantity: w.quantity, network: w.network, address: w.address } });
        return { userId, id: Number(w.id), status: 3, currency: w.currency };
      });
      if (!done) return;
      if (done.currency) ctx.balancesChanged(done.userId, [{ currency: done.currency, account: 'spot' }]);
      ctx.recordChanged(done.userId, { record: 'withdrawal', id: done.id, status: done.status, notice: done.status === 3 });
    },
  };
}

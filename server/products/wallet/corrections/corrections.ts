import type { OperatorAuditKind } from '../../../../domain/operatorAuditKinds.js';
import { CORRECTION_INTEGER_DIGITS, CORRECTION_PLACES, CORRECTION_TTL_MS, type CorrectionProposal, type CorrectionQuery, type CorrectionView } from '../../../../domain/corrections.js';
import { NOTICE_PUSH } from '../../../../domain/informHelp.js';
import { decimalUnits } from '../../../../domain/decimalRule.js';
import type { Page, WalletAccount } from '../../../../domain/wallet.js';
import type { OperatorActor } from '../../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode } from '../../../kernel/platform/auth/operators/operatorAction.js';
import type { Database, Queryable } from '../../../kernel/platform/db/database.js';
import { compareDecimal } from '../../../../domain/decimal.js';
import { InsufficientFunds, readBalance } from '../../../kernel/platform/ledger/ledger.js';
import { lockBalances } from '../../../kernel/platform/ledger/ledgerBatch.js';
import { noAccountRules, type AccountRules } from '../../../kernel/platform/ledger/accountRules.js';
import { notify } from '../../../kernel/platform/notifications/notify.js';
import { Refusal, type Outcome } from '../../../kernel/platform/outcome.js';
import type { UserFeed } from '../../../kernel/platform/realtime/userFeed.js';
import { correctionsAccount, postCorrection } from './account.js';
import type { CorrectionMessageKey } from './messages.js';
import { correctionPage, correctionById, type StoredCorrection } from './reads.js';

export interface CorrectionDeps {
  db: Database;
  /** The private user channel: balances and the bell after an executed correction. */
  feed?: UserFeed;
  /** What the products with positions on an account let out of it (a debit of `contract` respects it). */
  accounts?: AccountRules;
  /** The clock (proposals' times and expiry, the 2FA code's step); tests move it. */
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

/** A refusal of this product's own keys (or the kernel's 2FA ones, which pass through). */
const refusal = (key: CorrectionMessageKey, vars?: Record<string, string>) => new Refusal(key, vars);

const NUMERIC_OUT_OF_RANGE = '22003';

function asRefusal(error: unknown): Refusal | undefined {
  if (error instanceof Refusal) return error;
  if (error instanceof InsufficientFunds) return refusal('correctionInsufficient', { currency: error.currency });
  if ((error as { code?: string }).code === NUMERIC_OUT_OF_RANGE) return refusal('correctionQuantityInvalid');
  return undefined;
}

/**
 * Balance corrections with four eyes (issue 51 §4; docs/OPERATOR.md "Balance corrections"):
 * propose (nothing moves), approve by a different operator with their own 2FA code (one
 * double-entry posting against the "operator corrections" account, the state change, the user's
 * notice and the audit row in one transaction), reject by another operator or withdraw by the
 * proposer (both with a reason). Every action writes exactly one audit row: in the action's
 * transaction when it is done, or alone (outcome 'refused') when a refusal ended it.
 */
export function corrections(deps: CorrectionDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // The accounts the products declare (kernel.accounts.kinds); without rules, the kernel's spot alone.
  const accountKinds: readonly string[] = (deps.accounts ?? noAccountRules).kinds;

  /** Runs an operator action: done → its own row (written by `work`); refused → one 'refused' row, then the refusal. */
  async function audited<T>(operator: OperatorActor, kind: OperatorAuditKind, id: number | undefined, work: () => Promise<T>): Promise<Outcome<T>> {
    try {
      return { ok: true, data: await work() };
    } catch (error) {
      const refused = asRefusal(error);
      if (!refused) throw error;
      await writeOperatorAudit(db, { operator, kind, ...(id === undefined ? {} : { object: { type: 'balance_correction', id } }), outcome: 'refused', detail: refused.key });
      return { ok: false, key: refused.key, ...(refused.vars ? { vars: refused.vars } : {}) };
    }
  }

  /** The proposal, or the refusal: missing, decided already, or expired at `at`. */
  async function open(q: Queryable, id: number, at: number): Promise<StoredCorrection> {
    const found = await correctionById(q, id, at);
    if (!found) throw refusal('correctionNotFound');
    if (found.state === 'expired') throw refusal('correctionExpired');
    if (found.state !== 'proposed') throw refusal('correctionNotProposed');
    return found;
  }

  const afterCommit = (userId: number, currency: string, account: WalletAccount) => {
    try {
      deps.feed?.balancesChanged(userId, [{ currency, account }]);
      deps.feed?.message?.(userId, NOTICE_PUSH);
      deps.accounts?.moved(userId, account);
    } catch (error) {
      deps.log?.('corrections: user feed failed', error);
    }
  };

  /**
   * The approval's transaction: the guarded update (only a proposal still open and not expired
   * moves, so of concurrent approvals exactly one goes on; the others find nothing and are
   * refused), the posting, the user's notice, the audit row last.
   */
  async function execute(id: number, operator: OperatorActor): Promise<Outcome<CorrectionView>> {
    return audited(operator, 'correction.approve', id, async () => {
      const at = now();
      const done = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ user_id: number; currency: string; account: WalletAccount; direction: 'credit' | 'debit'; quantity: string; reason: string; proposed_by: number }>(
          `update balance_correction set state = 'executed', decided_by = $2, decided_ms = $3
           where id = $1 and state = 'proposed' and expires_ms > $3 and proposed_by <> $2
           returning user_id, currency, account, direction, trim_scale(quantity)::text as quantity, reason, proposed_by`,
          [id, operator.id, at],
        );
        if (!row) {
          // Nothing moved: say why (decided meanwhile, expired, or the proposer's own).
          const found = await open(tx, id, at);
          if (Number(found.proposed_by) === operator.id) throw refusal('correctionOwnProposal');
          throw refusal('correctionNotProposed');
        }
        const userId = Number(row.user_id);
        if (row.direction === 'debit') {
          // The user's balance row locked first, as a transfer does, so no order or transfer moves it
          // between this check and the posting. What may leave an account with positions on it
          // (futures: margin in use), else its available balance.
          await lockBalances(tx, [{ userId, currency: row.currency, account: row.account }]);
          const allowed = (await deps.accounts?.transferable(tx, userId, row.currency, row.account)) ?? (await readBalance(tx, userId, row.currency, row.account)).available;
          if (compareDecimal(row.quantity, allowed) > 0) throw refusal('correctionInsufficient', { currency: row.currency });
        }
        await postCorrection(tx, { id, userId, currency: row.currency, account: row.account, direction: row.direction, quantity: row.quantity });
        await notify(tx, userId, { kind: row.direction === 'credit' ? 'balance_correction_credit' : 'balance_correction_debit', params: { quantity: row.quantity, currency: row.currency, reason: row.reason } });
        await writeOperatorAudit(tx, {
          operator,
          kind: 'correction.approve',
          object: { type: 'balance_correction', id },
          before: { state: 'proposed' },
          after: { state: 'executed', user_id: userId, currency: row.currency, account: row.account, direction: row.direction, quantity: row.quantity },
        });
        return { userId, currency: row.currency, account: row.account };
      });
      afterCommit(done.userId, done.currency, done.account);
      return (await correctionById(db, id, at))!;
    });
  }

  return {
    /** The accounts a correction may name (the proposal route's enum). */
    accountKinds,
    list: (query: CorrectionQuery): Promise<Page<CorrectionView>> => correctionPage(db, query, now()),

    /** The corrections account per currency (corrections.read; the treasury of issue 52 reads it too). */
    account: () => correctionsAccount(db),

    /** A proposal: checked, stored as proposed with its expiry, audited. Nothing moves. */
    async propose(input: CorrectionProposal, operator: OperatorActor): Promise<Outcome<CorrectionView>> {
      return audited(operator, 'correction.propose', undefined, async () => {
        const reason = input.reason.trim();
        const reference = (input.reference ?? '').trim();
        if (!reason) throw refusal('correctionReasonRequired');
        const units = decimalUnits(input.quantity, CORRECTION_PLACES, { integerDigits: CORRECTION_INTEGER_DIGITS });
        if (units === undefined || units <= 0n) throw refusal('correctionQuantityInvalid');
        if (!accountKinds.includes(input.account)) throw refusal('correctionAccountUnknown');
        const [user] = await db.query<{ id: number }>(`select id from app_user where id = $1 and kind = 'user'`, [input.user_id]);
        if (!user) throw refusal('correctionUserUnknown', { id: String(input.user_id) });
        const [currency] = await db.query<{ symbol: string }>('select symbol from currency where symbol = $1', [input.currency.trim().toUpperCase()]);
        if (!currency) throw refusal('correctionCurrencyUnknown', { currency: input.currency });
        const at = now();
        const id = await db.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number; quantity: string }>(
            `insert into balance_correction (user_id, currency, account, direction, quantity, reason, reference, proposed_by, proposed_ms, expires_ms)
             values ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $9, $10) returning id, trim_scale(quantity)::text as quantity`,
            [input.user_id, currency.symbol, input.account, input.direction, input.quantity, reason, reference, operator.id, at, at + CORRECTION_TTL_MS],
          );
          const made = Number(row!.id);
          await writeOperatorAudit(tx, {
            operator,
            kind: 'correction.propose',
            object: { type: 'balance_correction', id: made },
            after: { state: 'proposed', user_id: input.user_id, currency: currency.symbol, account: input.account, direction: input.direction, quantity: row!.quantity, reference },
            detail: reason,
          });
          return made;
        });
        return (await correctionById(db, id, at))!;
      });
    },

    /**
     * Approval by a different operator: refused to the proposer, for a decided or expired proposal,
     * without 2FA on the approver's account, or for a wrong code (the code is checked on the
     * database, not in the transaction, so a wrong one stays counted); then `execute`.
     */
    async approve(id: number, operator: OperatorActor, code: string | undefined, lang?: string): Promise<Outcome<CorrectionView>> {
      const checked = await audited(operator, 'correction.approve', id, async () => {
        const found = await open(db, id, now());
        if (Number(found.proposed_by) === operator.id) throw refusal('correctionOwnProposal');
      });
      if (!checked.ok) return checked;
      const object = { type: 'balance_correction', id };
      const proven = await askOperatorCode(db, { operator, kind: 'correction.approve', object, code, now: now(), lang, notEnabled: 'correctionTwoFactorRequired' });
      if (!proven.ok) return proven;
      return execute(id, operator);
    },

    /** The posting step alone (after the 2FA check): what 20 concurrent approvals race on. */
    execute,

    /** Rejection by another operator, or withdrawal by the proposer; a reason either way. */
    async reject(id: number, operator: OperatorActor, reason: string): Promise<Outcome<CorrectionView>> {
      const why = reason.trim();
      const proposer = (await correctionById(db, id, now()))?.proposed_by;
      const kind = proposer !== undefined && Number(proposer) === operator.id ? 'correction.withdraw' : 'correction.reject';
      return audited(operator, kind, id, async () => {
        if (!why) throw refusal('correctionReasonRequired');
        const at = now();
        const state = kind === 'correction.withdraw' ? 'withdrawn' : 'rejected';
        await db.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number }>(
            `update balance_correction set state = $4, decided_by = $2, decided_ms = $3, decision_reason = $5
             where id = $1 and state = 'proposed' and expires_ms > $3 returning id`,
            [id, operator.id, at, state, why],
          );
          if (!row) {
            await open(tx, id, at);
            throw refusal('correctionNotProposed');
          }
          await writeOperatorAudit(tx, { operator, kind, object: { type: 'balance_correction', id }, before: { state: 'proposed' }, after: { state }, detail: why });
        });
        return (await correctionById(db, id, at))!;
      });
    },
  };
}

export type Corrections = ReturnType<typeof corrections>;

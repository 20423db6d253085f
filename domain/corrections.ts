/**
 * Balance corrections with four eyes (issue 51 §4; docs/OPERATOR.md "Balance corrections",
 * docs/API.md "Balance corrections"): wire types and paths shared by the server and the console.
 * A finance operator proposes a credit or a debit of one user's account; nothing moves until a
 * different operator with `corrections.approve` approves it with their own 2FA code. Amounts are
 * exact decimal strings; times are epoch milliseconds.
 */
import { decimalUnits } from './decimalRule';
import type { WalletAccount } from './wallet';

/**
 * A correction's state: `proposed` (waiting for a second operator), `executed` (approved: the
 * posting is done), `rejected` (by another operator, with a reason), `withdrawn` (by its proposer,
 * with a reason), `expired` (proposed and not decided within CORRECTION_TTL_MS). `expired` is never
 * stored: a proposal past its expiry reads as expired and is refused at approval, so no timer runs.
 */
export const CORRECTION_STATES = ['proposed', 'executed', 'rejected', 'withdrawn', 'expired'] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];

/** Credit: the user's account receives the quantity from the corrections account; debit: the other way. */
export const CORRECTION_DIRECTIONS = ['credit', 'debit'] as const;
export type CorrectionDirection = (typeof CORRECTION_DIRECTIONS)[number];

/** A proposal not decided within 24 hours expires (read-time; approval refuses it). */
export const CORRECTION_TTL_MS = 24 * 60 * 60 * 1000;

/** Corrections move wallet quantities: at most 8 decimals, like withdrawals and transfers. */
export const CORRECTION_PLACES = 8;
/** …and at most 15 digits before the point (the wallet forms' amount shape, domain/walletValidation.ts). */
export const CORRECTION_INTEGER_DIGITS = 15;
/** Longest reason and reference the server keeps. */
export const CORRECTION_REASON_MAX = 200;
export const CORRECTION_REFERENCE_MAX = 128;

/** The ledger entry kinds a correction writes (the user's entry and the corrections account's). */
export const CORRECTION_LEDGER_KINDS = { credit: 'correction_credit', debit: 'correction_debit' } as const;

/** POST …/corrections/propose body. */
export interface CorrectionProposal {
  user_id: number;
  currency: string;
  account: WalletAccount;
  direction: CorrectionDirection;
  quantity: string;
  reason: string;
  /** A chain transaction, a ticket number … (optional). */
  reference?: string;
}

/** One correction as the desk lists it. */
export interface CorrectionView {
  id: number;
  user_id: number;
  /** The user's account name (email or phone). */
  user_account: string;
  currency: string;
  account: WalletAccount;
  direction: CorrectionDirection;
  quantity: string;
  reason: string;
  reference: string;
  state: CorrectionState;
  proposed_by: number;
  proposed_by_account: string;
  proposed_at: number;
  expires_at: number;
  decided_by: number | null;
  decided_by_account: string | null;
  decided_at: number | null;
  /** The rejection's or withdrawal's reason. */
  decision_reason: string | null;
}

/** POST …/corrections body: one page, optionally one state. */
export interface CorrectionQuery {
  state?: CorrectionState;
  page: number;
  size?: number;
}

/** The "operator corrections" system account, per currency (the desk's and, later, the treasury's). */
export interface CorrectionsAccountRow {
  currency: string;
  /** What the account holds now (debits taken in, not yet given out again). */
  balance: string;
  /** What was brought in from outside the books to pay credits beyond its balance, in total. */
  funded: string;
  /** Net of every executed correction: credited to users minus debited from them. */
  net_credited: string;
}

export const CORRECTION_PATHS = {
  list: '/api/operator/corrections',
  propose: '/api/operator/corrections/propose',
  approve: '/api/operator/corrections/approve',
  reject: '/api/operator/corrections/reject',
  account: '/api/operator/corrections/account',
} as const;

/**
 * What the proposal form checks before sending (the server checks the same, with its translated
 * refusals): a user id, a currency, an account's kind, a direction, a quantity above 0 with
 * at most 8 decimals by the one decimal rule (domain/decimalRule.ts), and a reason.
 */
export function proposalProblem(p: Partial<CorrectionProposal>): 'user' | 'currency' | 'account' | 'direction' | 'quantity' | 'reason' | undefined {
  if (!Number.isSafeInteger(p.user_id) || (p.user_id ?? 0) < 1) return 'user';
  if (!p.currency?.trim()) return 'currency';
  // Which accounts there are, the products declare (the form offers those; the server checks against them).
  if (!/^[a-z_]{1,32}$/.test(p.account ?? '')) return 'account';
  if (!(CORRECTION_DIRECTIONS as readonly string[]).includes(p.direction ?? '')) return 'direction';
  const units = decimalUnits(p.quantity?.trim(), CORRECTION_PLACES, { integerDigits: CORRECTION_INTEGER_DIGITS });
  if (units === undefined || units <= 0n) return 'quantity';
  if (!p.reason?.trim() || p.reason.trim().length > CORRECTION_REASON_MAX) return 'reason';
  return undefined;
}

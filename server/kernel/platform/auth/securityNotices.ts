import { EMAILED_TRADING_KINDS, type EmailedTradingKind, type NotificationKind } from '../../../../domain/informHelp.js';
import type { Queryable } from '../db/database.js';
import { notify } from '../notifications/notify.js';

/**
 * Telling the owner of every security change (issue 49 §4): a login or funds password changed,
 * the account's email or phone changed (told at the old address too), 2FA on, off, reset by an operator or locked by wrong codes, an API key created or deleted, the
 * withdrawal allowlist on or off, a withdrawal address saved (what allowlist mode lets withdrawals
 * reach a day later), a withdrawal submitted. Here because several products make such changes
 * (accounts, API keys, the wallet) and only the accounts product can send email: products never
 * import each other.
 *
 * Two halves, so the notice never reports a change that rolled back:
 * - `recordSecurityNotice(tx, …)` writes the in-app notice in the change's own transaction;
 * - `announceSecurityNotice(…)` after the commit pushes "the bell has news" and sends the email,
 *   through the outlet the accounts product registers when it is created (`setSecurityOutlet`).
 *   In a process without the accounts product (a product process apart) there is no outlet: the
 *   in-app notice is still written, only the email and the push are skipped. Never throws.
 */
export type SecurityNoticeKind = Extract<
  NotificationKind,
  | 'password_changed'
  | 'funds_password_changed'
  | 'email_changed'
  | 'phone_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_reset'
  | 'two_factor_locked'
  | 'api_key_created'
  | 'api_key_deleted'
  | 'allowlist_enabled'
  | 'allowlist_disabled'
  | 'withdrawal_address_added'
  | 'withdrawal_submitted'
>;

export interface SecurityNotice {
  /** A security change's, or a trading notice the user has emailed too (mailTradingNotices). */
  kind: SecurityNoticeKind | EmailedTradingKind;
  params?: Record<string, string>;
  /**
   * An address the email goes to as well as the account's: the one an email or phone change
   * replaced, where the real owner reads when it was not them. Not part of the in-app notice.
   */
  previousAccount?: string;
}

export interface SecurityOutlet {
  /** The email of a notice to the user's account, in `lang` (the request's; en_US when unknown). */
  mail(userId: number, notice: SecurityNotice, lang: string): Promise<void>;
  /** Tells the user's open pages that a notification arrived (the private channel's `notice`). */
  push(userId: number): void;
}

let outlet: SecurityOutlet | undefined;

/** The accounts product's way out (email, private channel); the last registration wins. Tests register their own. */
export function setSecurityOutlet(next: SecurityOutlet | undefined): void {
  outlet = next;
}

/** The in-app notice, in the caller's transaction (it commits with the change or not at all). */
export async function recordSecurityNotice(tx: Queryable, userId: number, notice: SecurityNotice): Promise<void> {
  await notify(tx, userId, { kind: notice.kind, params: notice.params ?? {} });
}

/**
 * After the commit: the push and the email. Not awaited by callers that answer the request first;
 * answers a promise that settles when the email has gone (or failed), for tests.
 */
export function announceSecurityNotice(userId: number, notice: SecurityNotice, lang = 'en_US'): Promise<void> {
  const current = outlet;
  if (!current) return Promise.resolve();
  try {
    current.push(userId);
  } catch {
    // A push failure must not turn a committed change into an error.
  }
  // An email that cannot go out must not undo or fail the change: the in-app notice is there anyway.
  return current.mail(userId, notice, lang).catch(() => undefined);
}

/** A trading notice as its product wrote it (notify), for the email that may follow it. */
export interface TradingNotice {
  userId: number;
  kind: NotificationKind;
  params: Record<string, string>;
}

const EMAILED = new Set<NotificationKind>(EMAILED_TRADING_KINDS);
const isEmailed = (n: TradingNotice): n is TradingNotice & { kind: EmailedTradingKind } => EMAILED.has(n.kind);

/**
 * After the commit that wrote them: the notices of EMAILED_TRADING_KINDS (the risk to a futures
 * position, a price alert reached) emailed too, to each user whose `trading_emails` is on, in the
 * language of their last sign-in (app_user.lang; English before any). The in-app notice and
 * its push are the writer's; this only mails, through the accounts product's outlet (none in a
 * process without it: nothing is sent). One read for all the notices' users. Never throws; answers
 * when every email has gone or failed (tests).
 */
export async function mailTradingNotices(db: Queryable, notices: readonly TradingNotice[]): Promise<void> {
  const current = outlet;
  const mailed = notices.filter(isEmailed);
  if (!current || mailed.length === 0) return;
  try {
    const rows = await db.query<{ id: string; lang: string | null }>(`select id::text, lang from app_user where id = any($1::bigint[]) and trading_emails and kind = 'user'`, [[...new Set(mailed.map((n) => n.userId))]]);
    const langOf = new Map(rows.map((r) => [Number(r.id), r.lang ?? 'en_US']));
    await Promise.all(
      mailed.flatMap((n) => {
        const lang = langOf.get(n.userId);
        return lang === undefined ? [] : [current.mail(n.userId, { kind: n.kind, params: n.params }, lang).catch(() => undefined)];
      }),
    );
  } catch {
    // An email that cannot go out must not fail what was committed: the notice is in the bell anyway.
  }
}

import { ANTI_PHISHING_MAX, ANTI_PHISHING_MIN, antiPhishingProblem } from '../../../../domain/sessions.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import type { Outcome } from '../../../kernel/platform/outcome.js';
import type { CodeDelivery } from '../delivery.js';
import './messages.js';

/** The user's anti-phishing code ('' when none). */
export async function antiPhishingCode(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.query<{ anti_phishing: string }>('select anti_phishing from app_user where id = $1', [userId]);
  return row?.anti_phishing ?? '';
}

/** What the rule says of a phrase, as a refusal's key and placeholders, or undefined. */
export function antiPhishingRefusal(raw: string): { key: NonNullable<ReturnType<typeof antiPhishingProblem>>; vars: Record<string, string> } | undefined {
  const problem = antiPhishingProblem(raw);
  return problem ? { key: problem, vars: { min: String(ANTI_PHISHING_MIN), max: String(ANTI_PHISHING_MAX) } } : undefined;
}

/** Sets (or, with '', clears) the user's anti-phishing code; a phrase the rule refuses changes nothing. */
export async function setAntiPhishingCode(db: Queryable, userId: number, raw: string): Promise<Outcome<{ code: string }>> {
  const problem = antiPhishingRefusal(raw);
  if (problem) return { ok: false, ...problem };
  const code = raw.trim();
  await db.query('update app_user set anti_phishing = $2 where id = $1', [userId, code]);
  return { ok: true, data: { code } };
}

/**
 * Every message the accounts product sends passes through this: it looks up the addressee's
 * anti-phishing code and hands it on with the message, so each delivery (the outbox, SMTP) prints
 * it in the same place (emails.ts). A message that already carries one, or an address no account
 * holds (the new address of an email change), goes on as it is.
 */
export function withAntiPhishing(db: Queryable, inner: CodeDelivery): CodeDelivery {
  return {
    async deliver(message) {
      if (message.anti_phishing !== undefined) return inner.deliver(message);
      const [row] = await db.query<{ anti_phishing: string }>(
        `select anti_phishing from app_user where account = $1 or (email <> '' and email = $1) order by (account = $1) desc limit 1`,
        [message.to],
      );
      return inner.deliver(row?.anti_phishing ? { ...message, anti_phishing: row.anti_phishing } : message);
    },
  };
}

import { LOCALE_CODES, type LocaleCode } from '../../../domain/languages.js';
import { MESSAGES } from '../../kernel/platform/i18n/messages.js';
import './messages.js';

/**
 * The verification-code email in each display language (codeEmailSubject and codeEmailBody of
 * locales/<locale>.json); {site}, {code} and {minutes} are filled in.
 */
export const CODE_EMAIL: Record<LocaleCode, { subject: string; body: string }> = Object.fromEntries(
  LOCALE_CODES.map((code) => [code, { subject: MESSAGES[code]['codeEmailSubject'], body: MESSAGES[code]['codeEmailBody'] }]),
) as Record<LocaleCode, { subject: string; body: string }>;

/** A message the accounts product sends (delivery.ts carries it; sessions/emails.ts renders it). */
export interface CodeMessage {
  to: string;
  purpose: string;
  code: string;
  lang: string;
  time: string;
  /** The addressee's anti-phishing code, added on the way out (sessions/antiPhishing.ts: withAntiPhishing). */
  anti_phishing?: string;
  /** What a message other than a code says (a new-device sign-in: device, ip, time). */
  params?: Record<string, string>;
}

/** The purpose of a security notice's email; its text is the notification's (sessions/emails.ts). */
export const SECURITY_NOTICE = 'security_notice';

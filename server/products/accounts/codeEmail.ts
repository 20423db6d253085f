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

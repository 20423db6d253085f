import { PASSWORD_RULE } from '../../../../domain/passwordRule.js';

/**
 * Account rules shared by the routes and their tests. Accounts are an email address or a phone
 * number (digits with an area code); both are normalised before any lookup so one person cannot
 * register twice by changing letter case or spacing.
 */
export const CODE_TTL_MINUTES = 10;
export { CODE_RESEND_SECONDS } from '../../../../domain/constants.js';
export const CODES_PER_TARGET_PER_HOUR = 5;
export const CODE_MAX_ATTEMPTS = 5;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,24}$/;
const PHONE = /^\d{5,15}$/;
const AREA_CODE = /^\+?\d{1,4}$/;

export type AccountKind = 'email' | 'phone';

export function normaliseAccount(raw: string, areaCode?: string): { account: string; kind: AccountKind } | undefined {
  const value = raw.trim();
  if (value.includes('@')) {
    const email = value.toLowerCase();
    return EMAIL.test(email) ? { account: email, kind: 'email' } : undefined;
  }
  const digits = value.replace(/[\s-]/g, '');
  if (!PHONE.test(digits)) return undefined;
  const area = (areaCode ?? '').trim();
  if (area && !AREA_CODE.test(area)) return undefined;
  return { account: area ? `+${area.replace('+', '')}-${digits}` : digits, kind: 'phone' };
}

/** The forms' rule (domain/validation.ts): 8 to 64 characters, with letters and digits. */
export function passwordProblem(password: string): 'passwordWeak' | undefined {
  return PASSWORD_RULE.test(password) ? undefined : 'passwordWeak';
}

/**
 * Two-factor authentication's wire shapes (docs/API.md "Two-factor authentication"), shared by the
 * server and the client. RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps.
 */
export const TWO_FACTOR_PATHS = {
  status: '/api/user/2fa/status',
  begin: '/api/user/2fa/begin',
  confirm: '/api/user/2fa/confirm',
  disable: '/api/user/2fa/disable',
  login: '/api/login_2fa',
  /** Wrong codes locked the checks (issue 49 §3): a code emailed to the account unlocks them, from the sign-in's step … */
  loginUnlockSend: '/api/login_2fa/unlock_send',
  loginUnlock: '/api/login_2fa/unlock',
  /** … or signed in, from the security settings. */
  unlockSend: '/api/user/2fa/unlock_send',
  unlock: '/api/user/2fa/unlock',
  operatorUsers: '/api/operator/users',
  operatorReset: '/api/operator/user_reset_2fa',
} as const;

/** A 6-digit TOTP code, or a recovery code (XXXXX-XXXXX, dash optional). */
export const SECOND_FACTOR_PATTERN = '^(\\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$';
export const isSecondFactorCode = (code: string): boolean => new RegExp(SECOND_FACTOR_PATTERN).test(code.trim());
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.trim());

export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes (0 when 2FA is off). */
  recovery_codes_left: number;
  /** Epoch ms until which withdrawals are held after a security change (2FA on or off, an operator's reset…); 0 when none. */
  withdrawals_locked_until: number;
  /** Too many wrong codes: every code is refused until the code emailed to the account unlocks them. */
  locked: boolean;
}

/** /api/user/2fa/begin's body: the login password, so a stolen session alone cannot enrol another authenticator. */
export interface TwoFactorBegin {
  password: string;
}

/** /api/user/2fa/confirm's answer: the recovery codes (shown once) and the withdrawal lock it started. */
export interface TwoFactorConfirmed {
  recovery_codes: string[];
  withdrawals_locked_until: number;
}

/** /api/user/2fa/begin: the secret to type or scan, and its otpauth:// URI for the QR code. */
export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
  issuer: string;
  account: string;
}

/** /api/login when 2FA is on: no session yet, a challenge for /api/login_2fa. */
export interface TwoFactorChallenge {
  second_factor: true;
  challenge: string;
  /** Epoch ms; the challenge is refused after it. It works only from the address that obtained it. */
  expires_at: number;
  /** The account's codes are locked by wrong guesses: the step offers the emailed unlock first. */
  locked?: boolean;
}

export const isTwoFactorChallenge = (answer: unknown): answer is TwoFactorChallenge =>
  typeof answer === 'object' && answer !== null && (answer as { second_factor?: unknown }).second_factor === true;

/** A row of the operator's user desk. */
export interface OperatorUserRow {
  id: number;
  account: string;
  created_at: number;
  two_factor: boolean;
  withdrawals_locked_until: number;
}

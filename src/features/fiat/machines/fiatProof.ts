import type { FiatProof } from '../../../../domain/fiat';

/**
 * The proof a P2P step that sends the user's crypto carries (issue 49 §2: a release, a sale into a
 * buy ad, a sell ad published or resumed), as the machines make it from what the dialog's fields
 * hold: the funds password, and with 2FA on the authenticator's code (or a recovery code).
 */

/** The proof as the wire takes it: the code only when one was typed. */
export const proofOf = (fundsPassword: string, totpCode: string): FiatProof => ({ funds_password: fundsPassword, ...(totpCode.trim() ? { totp_code: totpCode.trim() } : {}) });

/**
 * Why a typed proof cannot be sent yet (a catalogue key), or undefined: the funds password always,
 * the code when the user has 2FA on (`twoFactor` undefined: not known, the server says). The server
 * applies the same rule (kernel/platform/auth/outflow).
 */
export function proofProblem(fundsPassword: string, totpCode: string, twoFactor: boolean | undefined): string | undefined {
  if (!fundsPassword) return 'fiat.proof.passwordRequired';
  if (twoFactor === true && !totpCode.trim()) return 'fiat.proof.codeRequired';
  return undefined;
}

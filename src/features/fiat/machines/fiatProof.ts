import { assign } from 'xstate';
import { messageForError } from '../../../../domain/errors';
import type { FiatProof } from '../../../../domain/fiat';
import { toastError } from '../../../app/machines/toast/toastError';
import type { SetupContext, SetupEventType, StateConfig } from '../../../app/machines/loadStates/setupTypes';

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

export interface ProofConfirmingConfig<S> {
  /** The confirmation, carrying the proof's fields (`fundsPassword`, `totpCode`). */
  confirm: SetupEventType<S>;
  /** Back to `editing`, the refusal forgotten. */
  back: SetupEventType<S>;
  /** The state that sends the step, with its key minted and its proof in the context. */
  next: string;
  /** Whether this step sends the user's crypto (only then is a proof needed and carried). */
  sends: (context: SetupContext<S>) => boolean;
  /** What the refused confirmation says of itself. */
  missing: string;
}

/** A state of transitions only: typed as one, so that the machine's own types stay exact (no state of unknown shape). */
type TransitionsOnly = { on: Record<string, StateConfig> };

/**
 * The confirmation of a step that may send the user's crypto (a take into a buy ad, a sell ad
 * published), said once for both (issue 54): without its proof (`proofMissing`, the machine's
 * guard) nothing is sent and the dialog says what is missing; with it the key is minted
 * (`mintIdempotencyKey`, the machine's action) and the proof kept for the request.
 */
export function proofConfirming<S>(_machineSetup: S, config: ProofConfirmingConfig<S>): TransitionsOnly {
  const sends = config.sends as (context: unknown) => boolean;
  return {
    on: {
      [config.confirm]: [
        {
          guard: 'proofMissing',
          actions: assign({ refusal: ({ context, event }) => ({ key: proofProblem(event.fundsPassword ?? '', event.totpCode ?? '', context.data?.twoFactor)! }) }),
          description: config.missing,
        },
        {
          target: config.next,
          actions: ['mintIdempotencyKey', assign({ refusal: undefined, proof: ({ context, event }) => (sends(context) ? proofOf(event.fundsPassword ?? '', event.totpCode ?? '') : undefined) })],
        },
      ],
      [config.back]: { target: 'editing', actions: assign({ refusal: undefined }) },
    },
  };
}

/**
 * Where a refused step of the two goes (its invoke's `onError`): one that sends crypto (`sells`, the
 * machine's guard) stays in its confirmation with the server's reason, for a corrected password or
 * code, its key kept; any other back to `editing`.
 */
export function proofRefused(description: string): StateConfig {
  return [
    { guard: 'sells', target: 'confirming', actions: [toastError, assign({ refusal: ({ event }) => messageForError(event.error) })], description },
    { target: 'editing', actions: toastError },
  ];
}

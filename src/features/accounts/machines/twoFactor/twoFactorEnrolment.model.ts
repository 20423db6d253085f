import type { MachineModel, ModelEvent } from '../../../../app/machines/model.types';
import { twoFactorEnrolmentMachine } from './twoFactorEnrolment.machine';

const refused = { kind: 'server', serverMessage: 'Wrong or already used authentication code' };

/** The 2FA status read, off, on, locked by wrong codes, or failed: the enrolment starts from it, and so do the API keys (a key then takes a code). */
export const STATUS_READS: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchStatus', output: { enabled: false, recovery_codes_left: 0, withdrawals_locked_until: 0, locked: false } },
  { type: 'xstate.done.actor.fetchStatus', output: { enabled: true, recovery_codes_left: 10, withdrawals_locked_until: 0, locked: false } },
  { type: 'xstate.done.actor.fetchStatus', output: { enabled: true, recovery_codes_left: 10, withdrawals_locked_until: 0, locked: true } },
  { type: 'xstate.error.actor.fetchStatus', error: { kind: 'network' } },
];

export const twoFactorEnrolmentModel: MachineModel<typeof twoFactorEnrolmentMachine> = {
  machine: twoFactorEnrolmentMachine,
  variants: [{ name: 'security settings' }],
  events: [
    ...STATUS_READS,
    { type: 'enrol.password', password: 'Trader2026!' },
    { type: 'xstate.done.actor.begin', output: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/OpenEx:ada%40example.org?secret=JBSWY3DPEHPK3PXP', issuer: 'OpenEx', account: 'ada@example.org' } },
    { type: 'xstate.error.actor.begin', error: { kind: 'server', serverMessage: 'The login password is wrong' } },
    { type: 'enrol.confirm', code: '123456' },
    { type: 'xstate.done.actor.confirm', output: { recovery_codes: ['ABCDE-FGHJK'], withdrawals_locked_until: 1_800_000_000_000 } },
    { type: 'xstate.error.actor.confirm', error: refused },
    { type: 'disable.submit', code: '123456' },
    { type: 'xstate.done.actor.disable', output: null },
    { type: 'xstate.error.actor.disable', error: refused },
    { type: 'xstate.done.actor.sendUnlock', output: null },
    { type: 'xstate.error.actor.sendUnlock', error: { kind: 'server', serverMessage: 'Please wait a minute before asking for another code' } },
    { type: 'unlock.submit', code: '654321' },
    // A field changed: the refusal written under the step goes (issue 50 S3).
    { type: 'twoFactor.edit' },
    { type: 'xstate.done.actor.unlock', output: null },
    { type: 'xstate.error.actor.unlock', error: { kind: 'server', serverMessage: 'The verification code is wrong or has expired' } },
  ],
  abstract: (snapshot) => [snapshot.context.status?.enabled ?? null, snapshot.context.status?.locked ?? null, snapshot.context.unlockSent, snapshot.context.refusal !== undefined],
};

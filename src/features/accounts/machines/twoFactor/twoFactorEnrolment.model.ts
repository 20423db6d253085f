import type { MachineModel, ModelEvent } from '../../../../app/machines/model.types';
import { twoFactorEnrolmentMachine } from './twoFactorEnrolment.machine';

const refused = { kind: 'server', serverMessage: 'Wrong or already used authentication code' };

/** The 2FA status read, off, on, or failed: the enrolment starts from it, and so do the API keys (a key then takes a code). */
export const STATUS_READS: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchStatus', output: { enabled: false, recovery_codes_left: 0, withdrawals_locked_until: 0 } },
  { type: 'xstate.done.actor.fetchStatus', output: { enabled: true, recovery_codes_left: 10, withdrawals_locked_until: 0 } },
  { type: 'xstate.error.actor.fetchStatus', error: { kind: 'network' } },
];

export const twoFactorEnrolmentModel: MachineModel<typeof twoFactorEnrolmentMachine> = {
  machine: twoFactorEnrolmentMachine,
  variants: [{ name: 'security settings' }],
  events: [
    ...STATUS_READS,
    { type: 'xstate.done.actor.begin', output: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/OpenEx:ada%40example.org?secret=JBSWY3DPEHPK3PXP', issuer: 'OpenEx', account: 'ada@example.org' } },
    { type: 'xstate.error.actor.begin', error: refused },
    { type: 'enrol.confirm', code: '123456' },
    { type: 'xstate.done.actor.confirm', output: { recovery_codes: ['ABCDE-FGHJK'] } },
    { type: 'xstate.error.actor.confirm', error: refused },
    { type: 'disable.submit', code: '123456' },
    { type: 'xstate.done.actor.disable', output: null },
    { type: 'xstate.error.actor.disable', error: refused },
  ],
};

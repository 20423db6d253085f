import type { ModelEvent } from '../../../../app/machines/model.types';
import { twoFactorEnrolmentMachine } from './twoFactorEnrolment.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const refused = { kind: 'server', serverMessage: 'Wrong or already used authentication code' };

/** The 2FA status read, off, on, locked by wrong codes, or failed: the enrolment starts from it, and so do the API keys (a key then takes a code). */
export const STATUS_READS: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchStatus', output: { enabled: false, recovery_codes_left: 0, withdrawals_locked_until: 0, locked: false } },
  { type: 'xstate.done.actor.fetchStatus', output: { enabled: true, recovery_codes_left: 10, withdrawals_locked_until: 0, locked: false } },
  ...actorAnswers('fetchStatus', { enabled: true, recovery_codes_left: 10, withdrawals_locked_until: 0, locked: true }),
];

export const twoFactorEnrolmentModel = machineModel(twoFactorEnrolmentMachine, [{ name: 'security settings' }], [
  ...STATUS_READS,
  { type: 'enrol.password', password: 'Trader2026!' },
  ...actorAnswers('begin', { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/OpenEx:ada%40example.org?secret=JBSWY3DPEHPK3PXP', issuer: 'OpenEx', account: 'ada@example.org' }, { kind: 'server', serverMessage: 'The login password is wrong' }),
  { type: 'enrol.confirm', code: '123456' },
  ...actorAnswers('confirm', { recovery_codes: ['ABCDE-FGHJK'], withdrawals_locked_until: 1_800_000_000_000 }, refused),
  { type: 'disable.submit', code: '123456' },
  ...actorAnswers('disable', null, refused),
  ...actorAnswers('sendUnlock', null, { kind: 'server', serverMessage: 'Please wait a minute before asking for another code' }),
  { type: 'unlock.submit', code: '654321' },
  // A field changed: the refusal written under the step goes (issue 50 S3).
  { type: 'twoFactor.edit' },
  ...actorAnswers('unlock', null, { kind: 'server', serverMessage: 'The verification code is wrong or has expired' }),
], (snapshot) => [snapshot.context.status?.enabled ?? null, snapshot.context.status?.locked ?? null, snapshot.context.unlockSent, snapshot.context.refusal !== undefined]);

import type { SecurityLevel } from '../../../../../domain/accountSafety';
import { securityLevelMachine } from './securityLevel.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const level = (allowlist: boolean, twoFactor = false): SecurityLevel => ({
  items: [
    { id: 'two_factor', on: twoFactor },
    { id: 'identity', on: true },
    { id: 'anti_phishing', on: false },
    { id: 'allowlist', on: allowlist },
  ],
  score: allowlist ? 2 : 1,
  level: allowlist ? 'medium' : 'low',
  next: 'two_factor',
  allowlist,
  withdrawals_locked_until: allowlist ? 0 : 1_800_000_000_000,
});

export const securityLevelModel = machineModel(securityLevelMachine, [{ name: 'security level and allowlist' }], [
  { type: 'xstate.done.actor.fetchLevel', output: level(false) },
  ...actorAnswers('fetchLevel', level(true, true)),
  { type: 'securityLevel.retry' },
  ...typedValues('securityLevel.setAllowlist', [true, false], 'enabled'),
  { type: 'xstate.done.actor.setAllowlist', output: level(true) },
  ...actorAnswers('setAllowlist', level(false), { kind: 'server', serverMessage: 'Wrong or already used authentication code' }),
  { type: 'allowlistOff.confirm', totpCode: '123456' },
  { type: 'allowlistOff.confirm' },
  { type: 'allowlistOff.cancel' },
  { type: 'security.changed' },
  ...actorAnswers('refreshLevel', level(false, true)),
], (snapshot) => [snapshot.context.level?.allowlist === true, snapshot.context.wanted]);

import type { MachineModel } from '../../../../app/machines/model.types';
import type { SecurityLevel } from '../../../../../domain/accountSafety';
import { securityLevelMachine } from './securityLevel.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

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

export const securityLevelModel: MachineModel<typeof securityLevelMachine> = {
  machine: securityLevelMachine,
  variants: [{ name: 'security level and allowlist' }],
  events: [
    { type: 'xstate.done.actor.fetchLevel', output: level(false) },
    ...actorAnswers('fetchLevel', level(true, true)),
    { type: 'securityLevel.retry' },
    { type: 'securityLevel.setAllowlist', enabled: true },
    { type: 'securityLevel.setAllowlist', enabled: false },
    { type: 'xstate.done.actor.setAllowlist', output: level(true) },
    ...actorAnswers('setAllowlist', level(false), { kind: 'server', serverMessage: 'Wrong or already used authentication code' }),
    { type: 'allowlistOff.confirm', totpCode: '123456' },
    { type: 'allowlistOff.confirm' },
    { type: 'allowlistOff.cancel' },
    { type: 'security.changed' },
    ...actorAnswers('refreshLevel', level(false, true)),
  ],
  abstract: (snapshot) => [snapshot.context.level?.allowlist === true, snapshot.context.wanted],
};

import type { MachineModel } from '../../../../app/machines/model.types';
import { profileMachine } from './profile.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const profileModel: MachineModel<typeof profileMachine> = {
  machine: profileMachine,
  variants: [{ name: 'personal info and settings' }],
  events: [
    ...actorAnswers('fetchAvatar', { data_url: '' }),
    { type: 'profile.saveNickname', nickname: 'Ada' },
    { type: 'guard.accepted', payload: 'Ada' },
    ...actorAnswers('saveNickname', null, { kind: 'server', serverMessage: 'Nickname is required' }),
    { type: 'profile.uploadAvatar', file: { size: 1000, type: 'image/png' } },
    { type: 'profile.uploadAvatar', file: { size: 300 * 1024, type: 'image/png' } },
    { type: 'profile.uploadAvatar', file: { size: 1000, type: 'image/gif' } },
    ...actorAnswers('uploadAvatar', null),
    { type: 'profile.copy', text: 'AB12CD34' },
    { type: 'xstate.done.actor.copyText', output: true },
    ...actorAnswers('copyText', false, new Error('no clipboard')),
  ],
};

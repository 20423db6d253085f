import type { MachineModel } from '../../../../app/machines/model.types';
import { profileMachine } from './profile.machine';

export const profileModel: MachineModel<typeof profileMachine> = {
  machine: profileMachine,
  variants: [{ name: 'personal info and settings' }],
  events: [
    { type: 'xstate.done.actor.fetchAvatar', output: { data_url: '' } },
    { type: 'xstate.error.actor.fetchAvatar', error: { kind: 'network' } },
    { type: 'profile.saveNickname', nickname: 'Ada' },
    { type: 'guard.accepted', payload: 'Ada' },
    { type: 'xstate.done.actor.saveNickname', output: null },
    { type: 'xstate.error.actor.saveNickname', error: { kind: 'server', serverMessage: 'Nickname is required' } },
    { type: 'profile.uploadAvatar', file: { size: 1000, type: 'image/png' } },
    { type: 'profile.uploadAvatar', file: { size: 300 * 1024, type: 'image/png' } },
    { type: 'profile.uploadAvatar', file: { size: 1000, type: 'image/gif' } },
    { type: 'xstate.done.actor.uploadAvatar', output: null },
    { type: 'xstate.error.actor.uploadAvatar', error: { kind: 'network' } },
    { type: 'profile.copy', text: 'AB12CD34' },
    { type: 'xstate.done.actor.copyText', output: true },
    { type: 'xstate.done.actor.copyText', output: false },
    { type: 'xstate.error.actor.copyText', error: new Error('no clipboard') },
  ],
};

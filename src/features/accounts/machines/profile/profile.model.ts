import { profileMachine } from './profile.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const profileModel = machineModel(profileMachine, [{ name: 'personal info and settings' }], [
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
]);

import { antiPhishingMachine } from './antiPhishing.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const antiPhishingModel = machineModel(antiPhishingMachine, [{ name: 'anti-phishing code' }], [
  { type: 'xstate.done.actor.fetchCode', output: { code: '', two_factor: false } },
  ...actorAnswers('fetchCode', { code: 'Blue Otter', two_factor: true }),
  { type: 'antiPhishing.retry' },
  { type: 'antiPhishing.save', code: 'Blue Otter', proof: '123456' },
  { type: 'antiPhishing.save', code: 'Blue Otter', proof: '' },
  { type: 'antiPhishing.save', code: 'ab', proof: '123456' },
  { type: 'antiPhishing.save', code: 'Atlas\u202eCTO', proof: '123456' },
  { type: 'antiPhishing.save', code: '', proof: '123456' },
  ...actorAnswers('sendCode', null, { kind: 'server', serverMessage: 'Please wait a minute before asking for another code' }),
  { type: 'xstate.done.actor.saveCode', output: { code: 'Blue Otter' } },
  ...actorAnswers('saveCode', { code: '' }, { kind: 'server', serverMessage: 'The anti-phishing code needs 4 to 20 characters' }),
], (snapshot) => [snapshot.context.code !== '', snapshot.context.twoFactor]);

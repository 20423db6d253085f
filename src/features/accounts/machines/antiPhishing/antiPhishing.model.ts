import type { MachineModel } from '../../../../app/machines/model.types';
import { antiPhishingMachine } from './antiPhishing.machine';

export const antiPhishingModel: MachineModel<typeof antiPhishingMachine> = {
  machine: antiPhishingMachine,
  variants: [{ name: 'anti-phishing code' }],
  events: [
    { type: 'xstate.done.actor.fetchCode', output: { code: '', two_factor: false } },
    { type: 'xstate.done.actor.fetchCode', output: { code: 'Blue Otter', two_factor: true } },
    { type: 'xstate.error.actor.fetchCode', error: { kind: 'network' } },
    { type: 'antiPhishing.retry' },
    { type: 'antiPhishing.save', code: 'Blue Otter', proof: '123456' },
    { type: 'antiPhishing.save', code: 'Blue Otter', proof: '' },
    { type: 'antiPhishing.save', code: 'ab', proof: '123456' },
    { type: 'antiPhishing.save', code: 'Atlas\u202eCTO', proof: '123456' },
    { type: 'antiPhishing.save', code: '', proof: '123456' },
    { type: 'xstate.done.actor.sendCode', output: null },
    { type: 'xstate.error.actor.sendCode', error: { kind: 'server', serverMessage: 'Please wait a minute before asking for another code' } },
    { type: 'xstate.done.actor.saveCode', output: { code: 'Blue Otter' } },
    { type: 'xstate.done.actor.saveCode', output: { code: '' } },
    { type: 'xstate.error.actor.saveCode', error: { kind: 'server', serverMessage: 'The anti-phishing code needs 4 to 20 characters' } },
  ],
  abstract: (snapshot) => [snapshot.context.code !== '', snapshot.context.twoFactor],
};

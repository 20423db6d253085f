import type { MachineModel } from '../../../../app/machines/model.types';
import { antiPhishingMachine } from './antiPhishing.machine';

export const antiPhishingModel: MachineModel<typeof antiPhishingMachine> = {
  machine: antiPhishingMachine,
  variants: [{ name: 'anti-phishing code' }],
  events: [
    { type: 'xstate.done.actor.fetchCode', output: { code: '' } },
    { type: 'xstate.error.actor.fetchCode', error: { kind: 'network' } },
    { type: 'antiPhishing.retry' },
    { type: 'antiPhishing.save', code: 'Blue Otter' },
    { type: 'antiPhishing.save', code: 'ab' },
    { type: 'antiPhishing.save', code: 'Atlas\u202eCTO' },
    { type: 'antiPhishing.save', code: '' },
    { type: 'xstate.done.actor.saveCode', output: { code: 'Blue Otter' } },
    { type: 'xstate.done.actor.saveCode', output: { code: '' } },
    { type: 'xstate.error.actor.saveCode', error: { kind: 'server', serverMessage: 'The anti-phishing code needs 4 to 20 characters' } },
  ],
  abstract: (snapshot) => snapshot.context.code !== '',
};

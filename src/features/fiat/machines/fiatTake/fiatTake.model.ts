import type { MachineModel } from '../../../../app/machines/model.types';
import { AD, METHOD, ORDER } from '../fiatFixtures';
import { fiatTakeMachine } from './fiatTake.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const fiatTakeModel: MachineModel<typeof fiatTakeMachine> = {
  machine: fiatTakeMachine,
  variants: [
    { name: 'buying by amount', input: { adId: AD.id, by: 'amount', value: '101' } },
    { name: 'selling into a buy ad', input: { adId: 12 } },
  ],
  events: [
    { type: 'xstate.done.actor.loadTake', output: { ad: AD, methods: [], twoFactor: false } },
    ...actorAnswers('loadTake', { ad: { ...AD, id: 12, side: 'buy' }, methods: [METHOD], twoFactor: true }),
    { type: 'take.value', value: '5' },
    { type: 'take.value', value: '202' },
    { type: 'take.by', by: 'quantity' },
    // A purchase's confirmation carries nothing; a sale's the dialog's proof fields (issue 49 §2).
    { type: 'take.confirm' },
    { type: 'take.confirm', fundsPassword: 'Funds-1', totpCode: '' },
    { type: 'take.confirm', fundsPassword: 'Funds-1', totpCode: '123456' },
    ...actorAnswers('submitTake', ORDER, { kind: 'server', serverMessage: 'This ad has only 50 USDT left' }),
  ],
  abstract: (s) => [s.context.by, s.context.value, s.context.data?.ad.side, s.context.refusal !== undefined],
};

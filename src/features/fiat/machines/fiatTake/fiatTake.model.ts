import { AD, METHOD, ORDER } from '../fiatFixtures';
import { fiatTakeMachine } from './fiatTake.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const fiatTakeModel = machineModel(
  fiatTakeMachine,
  [
    { name: 'buying by amount', input: { adId: AD.id, by: 'amount', value: '101' } },
    { name: 'selling into a buy ad', input: { adId: 12 } },
  ],
  [
    { type: 'xstate.done.actor.loadTake', output: { ad: AD, methods: [], twoFactor: false } },
    ...actorAnswers('loadTake', { ad: { ...AD, id: 12, side: 'buy' }, methods: [METHOD], twoFactor: true }),
    ...typedValues('take.value', ['5', '202']),
    { type: 'take.by', by: 'quantity' },
    // A purchase's confirmation carries nothing; a sale's the dialog's proof fields (issue 49 §2).
    { type: 'take.confirm' },
    { type: 'take.confirm', fundsPassword: 'Funds-1', totpCode: '' },
    { type: 'take.confirm', fundsPassword: 'Funds-1', totpCode: '123456' },
    ...actorAnswers('submitTake', ORDER, { kind: 'server', serverMessage: 'This ad has only 50 USDT left' }),
  ],
  (s) => [s.context.by, s.context.value, s.context.data?.ad.side, s.context.refusal !== undefined],
);

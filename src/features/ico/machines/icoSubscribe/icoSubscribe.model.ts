import { MINE, PROJECT } from '../icoFixtures';
import { icoSubscribeMachine } from './icoSubscribe.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const icoSubscribeModel = machineModel(
  icoSubscribeMachine,
  [
    { name: 'participate', input: { project: PROJECT, available: '1000' } },
    { name: 'add more', input: { project: PROJECT, mine: '1000', available: '1000' } },
  ],
  [
    ...typedValues('subscribe.quantity', ['500', '50', '1.001'], 'quantity'),
    ...actorAnswers('submitSubscription', { ...MINE, status: 'in_progress', allocated: null }, { kind: 'server', serverMessage: 'This project is not open for subscription' }),
  ],
  (s) => [s.context.quantity, s.context.idempotencyKey !== undefined, s.context.result !== undefined],
);

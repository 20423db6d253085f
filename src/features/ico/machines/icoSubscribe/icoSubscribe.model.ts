import type { MachineModel } from '../../../../app/machines/model.types';
import { MINE, PROJECT } from '../icoFixtures';
import { icoSubscribeMachine } from './icoSubscribe.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const icoSubscribeModel: MachineModel<typeof icoSubscribeMachine> = {
  machine: icoSubscribeMachine,
  variants: [
    { name: 'participate', input: { project: PROJECT, available: '1000' } },
    { name: 'add more', input: { project: PROJECT, mine: '1000', available: '1000' } },
  ],
  events: [
    { type: 'subscribe.quantity', quantity: '500' },
    { type: 'subscribe.quantity', quantity: '50' },
    { type: 'subscribe.quantity', quantity: '1.001' },
    ...actorAnswers('submitSubscription', { ...MINE, status: 'in_progress', allocated: null }, { kind: 'server', serverMessage: 'This project is not open for subscription' }),
  ],
  abstract: (s) => [s.context.quantity, s.context.idempotencyKey !== undefined, s.context.result !== undefined],
};

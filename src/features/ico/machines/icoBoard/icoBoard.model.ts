import type { MachineModel } from '../../../../app/machines/model.types';
import { ACCOUNT, MINE, PROJECT } from '../icoFixtures';
import { icoBoardMachine } from './icoBoard.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

const DATA = { projects: [PROJECT, { ...PROJECT, id: 2, symbol: 'ORBT', status: 'holding' as const }], mine: [{ ...MINE, project_id: 2 }], account: ACCOUNT, receivedAt: 0 };

export const icoBoardModel: MachineModel<typeof icoBoardMachine> = {
  machine: icoBoardMachine,
  variants: [{ name: 'projects' }],
  events: [
    ...actorAnswers('loadBoard', DATA),
    ...actorAnswers('refreshBoard', DATA),
    { type: 'board.join', projectId: 1 },
    { type: 'board.join', projectId: 2 },
    { type: 'board.thaw', projectId: 2 },
    { type: 'board.thaw', projectId: 1 },
    { type: 'xstate.done.actor.subscribe', output: { subscribed: true } },
    { type: 'xstate.done.actor.subscribe', output: { subscribed: false } },
    { type: 'xstate.done.actor.thaw', output: { thawed: true } },
    { type: 'xstate.done.actor.thaw', output: { thawed: false } },
    { type: 'board.pushed', event: 'settled', subscription: { ...MINE, project_id: 2, allocated: '100', refund: '0' } },
    { type: 'board.pushed', event: 'subscribed', subscription: { ...MINE, project_id: 1 } },
    { type: 'board.resync' },
    { type: 'board.languageChanged' },
  ],
  abstract: (s) => [s.context.selected, s.context.data !== undefined],
};

import { ACCOUNT, MINE, PROJECT } from '../icoFixtures';
import { icoBoardMachine } from './icoBoard.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const DATA = { projects: [PROJECT, { ...PROJECT, id: 2, symbol: 'ORBT', status: 'holding' as const }], mine: [{ ...MINE, project_id: 2 }], account: ACCOUNT, receivedAt: 0 };

export const icoBoardModel = machineModel(icoBoardMachine, [{ name: 'projects' }], [
  ...actorAnswers('loadBoard', DATA),
  ...actorAnswers('refreshBoard', DATA),
  ...typedValues('board.join', [1, 2], 'projectId'),
  ...typedValues('board.thaw', [2, 1], 'projectId'),
  { type: 'xstate.done.actor.subscribe', output: { subscribed: true } },
  { type: 'xstate.done.actor.subscribe', output: { subscribed: false } },
  { type: 'xstate.done.actor.thaw', output: { thawed: true } },
  { type: 'xstate.done.actor.thaw', output: { thawed: false } },
  { type: 'board.pushed', event: 'settled', subscription: { ...MINE, project_id: 2, allocated: '100', refund: '0' } },
  { type: 'board.pushed', event: 'subscribed', subscription: { ...MINE, project_id: 1 } },
  { type: 'board.resync' },
  { type: 'board.languageChanged' },
], (s) => [s.context.selected, s.context.data !== undefined]);

import { NOTICE_LIST } from './noticeFixtures';
import { noticeBoardMachine } from './noticeBoard.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const noticeBoardModel = machineModel(noticeBoardMachine, [{ name: 'notice list opened' }], [
  ...actorAnswers('fetchNotices', NOTICE_LIST),
  { type: 'board.page', page: 2 },
  { type: 'board.pushed', notice: { id: 3, published: true, at: 1_700_000_000_000 } },
], (s) => [s.context.page, s.context.result !== undefined]);

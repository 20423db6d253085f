import type { MachineModel } from '../../../../app/machines/model.types';
import { NOTICE_LIST } from './noticeFixtures';
import { noticeBoardMachine } from './noticeBoard.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const noticeBoardModel: MachineModel<typeof noticeBoardMachine> = {
  machine: noticeBoardMachine,
  variants: [{ name: 'notice list opened' }],
  events: [
    ...actorAnswers('fetchNotices', NOTICE_LIST),
    { type: 'board.page', page: 2 },
    { type: 'board.pushed', notice: { id: 3, published: true, at: 1_700_000_000_000 } },
  ],
  abstract: (s) => [s.context.page, s.context.result !== undefined],
};

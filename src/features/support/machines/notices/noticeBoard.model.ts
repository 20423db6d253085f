import type { MachineModel } from '../../../../app/machines/model.types';
import { NOTICE_LIST } from './noticeFixtures';
import { noticeBoardMachine } from './noticeBoard.machine';

export const noticeBoardModel: MachineModel<typeof noticeBoardMachine> = {
  machine: noticeBoardMachine,
  variants: [{ name: 'notice list opened' }],
  events: [
    { type: 'xstate.done.actor.fetchNotices', output: NOTICE_LIST },
    { type: 'xstate.error.actor.fetchNotices', error: { kind: 'network' } },
    { type: 'board.page', page: 2 },
    { type: 'board.pushed', notice: { id: 3, published: true, at: 1_700_000_000_000 } },
  ],
  abstract: (s) => [s.context.page, s.context.result !== undefined],
};

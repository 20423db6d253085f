import { NOTICE_DETAIL } from './noticeFixtures';
import { noticeDetailMachine } from './noticeDetail.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const noticeDetailModel = machineModel(noticeDetailMachine, [{ name: 'notice opened', input: { id: 2 } }], [
  ...actorAnswers('fetchNotice', NOTICE_DETAIL, { kind: 'server', serverMessage: 'Notice not found' }),
  { type: 'detail.pushed', notice: { id: 2, published: false, at: 1_700_000_000_000 } },
  { type: 'detail.pushed', notice: { id: 9, published: true, at: 1_700_000_000_000 } },
], (s) => s.context.notice !== undefined);

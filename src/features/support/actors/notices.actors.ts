import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { NOTICE_CHANNEL, NOTICE_PATHS, type NoticeDetail, type NoticeList, type NoticePush, type OperatorNotice, type OperatorPlatNote } from '../../../../domain/notices';
import type { ApiClient } from '../../../services/api';
import type { SocketClient } from '../../../services/socket';
import type { NoticesDeskData } from '../machines/noticesDesk/noticesDesk.machine';
import type { EditorRequest } from '../machines/noticesDesk/noticesDesk.form';

/** The public notice list and detail; each honours the abort signal. */
export function createNoticeActors(api: ApiClient, socket: SocketClient) {
  return {
    fetchNotices: fromPromise<NoticeList, { page: number; size: number }>(({ input, signal }) => api.post<NoticeList>(NOTICE_PATHS.list, input, signal)),
    fetchNotice: fromPromise<NoticeDetail, { id: number }>(({ input, signal }) => api.post<NoticeDetail>(NOTICE_PATHS.detail, { id: input.id }, signal)),
    /**
     * The public notice channel while a notice page is open: each publish or unpublish, and each
     * reconnect (a push may have been missed meanwhile), is `pushed` with the channel's payload.
     */
    noticeUpdates: (pushed: string) =>
      fromCallback<EventObject>(({ sendBack }) => {
        const leave = socket.subscribe(NOTICE_CHANNEL, (payload) => {
          const notice = (payload as { notice?: NoticePush } | null)?.notice;
          if (notice && typeof notice.id === 'number') sendBack({ type: pushed, notice });
        });
        let first = true;
        const off = socket.onConnection((event) => {
          if (event.type !== 'connected') return;
          if (!first) sendBack({ type: pushed });
          first = false;
        });
        return () => {
          off();
          leave();
        };
      }),
  };
}

/** The console's notices desk calls (operator session). */
export function createNoticesDeskActors(operatorApi: ApiClient) {
  return {
    fetchDesk: fromPromise<NoticesDeskData>(async ({ signal }) => {
      const [notices, notes] = await Promise.all([
        operatorApi.post<OperatorNotice[]>(NOTICE_PATHS.operatorList, {}, signal),
        operatorApi.post<OperatorPlatNote[]>(NOTICE_PATHS.operatorNotes, {}, signal),
      ]);
      return { notices, notes };
    }),
    saveEditor: fromPromise<unknown, EditorRequest>(({ input, signal }) =>
      input.kind === 'note' ? operatorApi.post(NOTICE_PATHS.operatorNoteSave, input.input, signal) : operatorApi.post(NOTICE_PATHS.operatorSave, input.input, signal),
    ),
    setPublished: fromPromise<unknown, { id: number; published: boolean }>(({ input, signal }) =>
      operatorApi.post(input.published ? NOTICE_PATHS.operatorPublish : NOTICE_PATHS.operatorUnpublish, { id: input.id }, signal),
    ),
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { NoticeList, OperatorNotice } from '../../domain/notices';
import { noticeBoardMachine } from '../../src/features/support/machines/notices/noticeBoard.machine';
import { noticeBoardModel } from '../../src/features/support/machines/notices/noticeBoard.model';
import { noticeDetailMachine } from '../../src/features/support/machines/notices/noticeDetail.machine';
import { noticeDetailModel } from '../../src/features/support/machines/notices/noticeDetail.model';
import { NOTICE_DETAIL, NOTICE_LIST, OPERATOR_NOTE, OPERATOR_NOTICE } from '../../src/features/support/machines/notices/noticeFixtures';
import { noticesDeskMachine } from '../../src/features/support/machines/noticesDesk/noticesDesk.machine';
import { noticesDeskModel } from '../../src/features/support/machines/noticesDesk/noticesDesk.model';
import { previewOf, type EditorRequest } from '../../src/features/support/machines/noticesDesk/noticesDesk.form';
import { describeModels } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describeModels([noticeBoardModel, noticeDetailModel, noticesDeskModel]);

/** A hand-driven notice channel: `push` is what the socket would hand the page's actor. */
function channel<E extends EventObject>() {
  let push: (event: E) => void = () => undefined;
  const actor = fromCallback<EventObject>(({ sendBack }) => {
    push = (event) => sendBack(event);
    return () => undefined;
  });
  return { actor, push: (event: E) => push(event) };
}

/** A page's read that counts its calls and answers what `answer` gives (or throws) at the time. */
function countedRead<T, I>(answer: () => T) {
  const read = {
    count: 0,
    logic: fromPromise<T, I>(async () => {
      read.count += 1;
      return answer();
    }),
  };
  return read;
}

describe('notice list page: live', () => {
  it('reads the list again when a notice is published or unpublished, keeping the shown list meanwhile', async () => {
    let answer: NoticeList = NOTICE_LIST;
    const read = countedRead<NoticeList, { page: number; size: number }>(() => answer);
    const live = channel<{ type: 'board.pushed'; notice?: { id: number; published: boolean; at: number } }>();
    const actor = createActor(noticeBoardMachine.provide({ actors: { fetchNotices: read.logic, noticeUpdates: live.actor } }), { input: {} }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(read.count).toBe(1);
    expect(actor.getSnapshot().context.result?.list.map((n) => n.id)).toEqual([2, 1]);

    answer = { list: [{ id: 3, title: 'New', fallback: false, published_at: 1 }, ...NOTICE_LIST.list], total: 3 };
    live.push({ type: 'board.pushed', notice: { id: 3, published: true, at: 1 } });
    // While it reads, the list shown is still the old one (no blank flash).
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.result?.total).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(read.count).toBe(2);
    expect(actor.getSnapshot().context.result?.list.map((n) => n.id)).toEqual([3, 2, 1]);

    answer = NOTICE_LIST;
    live.push({ type: 'board.pushed', notice: { id: 3, published: false, at: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.result?.list.map((n) => n.id)).toEqual([2, 1]);
    actor.stop();
  });

  it('a notice page reads itself again only for a push about it (its unpublish shows it gone)', async () => {
    let gone = false;
    const read = countedRead<typeof NOTICE_DETAIL, { id: number }>(() => {
      if (gone) throw { kind: 'server', serverMessage: 'Notice not found' };
      return NOTICE_DETAIL;
    });
    const live = channel<{ type: 'detail.pushed'; notice?: { id: number; published: boolean; at: number } }>();
    const actor = createActor(noticeDetailMachine.provide({ actors: { fetchNotice: read.logic, noticeUpdates: live.actor } }), { input: { id: 2 } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice?.fallback).toBe(true);
    live.push({ type: 'detail.pushed', notice: { id: 9, published: true, at: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(read.count).toBe(1);
    gone = true;
    live.push({ type: 'detail.pushed', notice: { id: 2, published: false, at: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(read.count).toBe(2);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeUndefined();
    actor.stop();
  });
});

describe('notices desk', () => {
  function desk() {
    const saved: EditorRequest[] = [];
    const switched: Array<{ id: number; published: boolean }> = [];
    let notices: OperatorNotice[] = [OPERATOR_NOTICE];
    const actor = createActor(
      noticesDeskMachine.provide({
        actors: {
          fetchDesk: fromPromise(async () => ({ notices, notes: [OPERATOR_NOTE] })),
          saveEditor: fromPromise(async ({ input }: { input: EditorRequest }): Promise<unknown> => {
            saved.push(input);
            return {};
          }),
          setPublished: fromPromise(async ({ input }: { input: { id: number; published: boolean } }): Promise<unknown> => {
            switched.push(input);
            notices = notices.map((n) => (n.id === input.id ? { ...n, published: input.published } : n));
            return {};
          }),
        },
      }),
    ).start();
    return { actor, saved, switched };
  }

  it('a new notice needs the English title and text first; the problem opens the English tab', async () => {
    const { actor, saved } = desk();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'desk.new' });
    actor.send({ type: 'desk.tab', lang: 'ja_JP' });
    actor.send({ type: 'desk.title', value: 'メンテナンス' });
    actor.send({ type: 'desk.body', value: '日曜' });
    actor.send({ type: 'desk.save' });
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().context.problem?.key).toBe('noticesDesk.defaultRequired');
    expect(actor.getSnapshot().context.editor?.lang).toBe('en_US');
    actor.send({ type: 'desk.title', value: 'Maintenance' });
    actor.send({ type: 'desk.body', value: 'Sunday' });
    actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ kind: 'notice', input: { titles: { en_US: 'Maintenance', ja_JP: 'メンテナンス', de_DE: '' }, bodies: { en_US: 'Sunday', ja_JP: '日曜' } } });
    expect(saved[0]!.input).not.toHaveProperty('id');
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('the preview shows what a language’s readers see: its own text, or English marked', async () => {
    const { actor } = desk();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'desk.editNotice', id: 2 });
    actor.send({ type: 'desk.preview' });
    actor.send({ type: 'desk.tab', lang: 'ja_JP' });
    expect(previewOf(actor.getSnapshot().context.editor!)).toEqual({ title: 'メンテナンス', body: '日曜 02:00 UTC。', fallback: false });
    actor.send({ type: 'desk.tab', lang: 'ko_KR' });
    expect(previewOf(actor.getSnapshot().context.editor!)).toEqual({ title: 'Scheduled maintenance', body: 'Sunday 02:00 UTC.', fallback: true });
  });

  it('editing a platform note sends its type and contents; publish and unpublish go to the server and the list is read back', async () => {
    const { actor, saved, switched } = desk();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'desk.editNote', noteType: 5 });
    actor.send({ type: 'desk.tab', lang: 'de_DE' });
    actor.send({ type: 'desk.title', value: 'Über uns' });
    actor.send({ type: 'desk.save' });
    expect(actor.getSnapshot().context.problem).toEqual({ key: 'noticesDesk.incomplete', lang: 'de_DE' });
    actor.send({ type: 'desk.body', value: 'Wir betreiben eine Börse.' });
    actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved[0]).toMatchObject({ kind: 'note', input: { type: 5, titles: { de_DE: 'Über uns' }, contents: { de_DE: 'Wir betreiben eine Börse.' } } });

    actor.send({ type: 'desk.publish', id: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(switched).toEqual([{ id: 2, published: true }]);
    expect(actor.getSnapshot().context.notices[0]!.published).toBe(true);
    actor.send({ type: 'desk.unpublish', id: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(switched).toEqual([{ id: 2, published: true }, { id: 2, published: false }]);
    // An unknown id does nothing.
    actor.send({ type: 'desk.publish', id: 99 });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { helpModel } from '../../src/features/support/machines/help/help.model';
import { helpArticleModel } from '../../src/features/support/machines/help/helpArticle.model';
import { languageChanges } from '../../src/app/machines/language/languageChanges';
import { INFORM_POLL_MS } from '../../src/features/support/machines/inform/inform.machine';
import { informModel } from '../../src/features/support/machines/inform/inform.model';
import { standInsFor, type SettleEvent } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const welcome = { id: 7, kind: 'welcome' as const, title: 'Welcome', body: 'Ready', created_at: '2026-01-01T00:00:00.000Z', read: false };
const login = { ...welcome, id: 8, kind: 'login_new_device' as const };

function startInform() {
  const deferred = standInsFor(informModel.machine);
  const actor = createActor(informModel.machine.provide({ actors: deferred.actors })).start();
  return { deferred, actor };
}
const settle = async (deferred: { settle: (event: SettleEvent) => void }, event: SettleEvent) => {
  deferred.settle(event);
  await vi.advanceTimersByTimeAsync(0);
};
/** The bell's machine with its first page read: `welcome`, unread. */
async function startInformRead() {
  const started = startInform();
  started.actor.send({ type: 'inform.load' });
  await settle(started.deferred, { type: 'xstate.done.actor.fetchNotifications', output: { list: [welcome], total: 1, unread: 1, page: 1, size: 20 } });
  return started;
}

describe('inform machine (scenarios)', () => {

  it('fetch → list → marking one: only that one turns read and the bell takes the server count', async () => {
    const { deferred, actor } = startInform();
    actor.send({ type: 'inform.load', page: 2 });
    expect(deferred.inputsOf('fetchNotifications')).toEqual([{ page: 2 }]);
    await settle(deferred, { type: 'xstate.done.actor.fetchNotifications', output: { list: [login, welcome], total: 2, unread: 2, page: 2, size: 20 } });
    actor.send({ type: 'inform.markRead', id: 7 });
    expect(actor.getSnapshot().value).toBe('marking');
    expect(deferred.inputsOf('markRead')).toEqual([{ id: 7 }]);
    await settle(deferred, { type: 'xstate.done.actor.markRead', output: { unread: 1 } });
    expect(actor.getSnapshot().context.items.map((n) => n.read)).toEqual([false, true]);
    expect(actor.getSnapshot().context.unread).toBe(1);
    actor.send({ type: 'inform.markAll' });
    await settle(deferred, { type: 'xstate.done.actor.markAllRead', output: { unread: 0 } });
    expect(actor.getSnapshot().context.items.every((n) => n.read)).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ unread: 0, page: 2 });
  });

  it('refreshes the shown page once a minute, and forgets everything when the session ends', async () => {
    const { deferred, actor } = await startInformRead();
    await vi.advanceTimersByTimeAsync(INFORM_POLL_MS);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    expect(deferred.inputsOf('fetchNotifications')).toEqual([{ page: 1 }, { page: 1 }]);
    actor.send({ type: 'inform.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ items: [], unread: 0 });
  });
});

describe('inform machine: live notifications (issue 37)', () => {
  it('a notice pushed on the private channel reads the list at once, not a minute later', async () => {
    const { deferred, actor } = await startInformRead();
    actor.send({ type: 'inform.pushed' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(deferred.inputsOf('fetchNotifications')).toHaveLength(2);
    await settle(deferred, { type: 'xstate.done.actor.fetchNotifications', output: { list: [login, welcome], total: 2, unread: 2, page: 1, size: 20 } });
    expect(actor.getSnapshot().context.unread).toBe(2);
  });
});

describe('inform machine: while the shown list is read again', () => {
  it('takes a mark-read click, and reads again for a notice pushed during the read', async () => {
    const { deferred, actor } = await startInformRead();
    await vi.advanceTimersByTimeAsync(INFORM_POLL_MS);
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'inform.pushed' });
    expect(deferred.inputsOf('fetchNotifications')).toHaveLength(3);
    actor.send({ type: 'inform.markRead', id: 7 });
    expect(actor.getSnapshot().value).toBe('marking');
    expect(deferred.inputsOf('markRead')).toEqual([{ id: 7 }]);
  });
});

describe('help search machine (scenarios)', () => {

  it('a new search replaces a running one, and a retry repeats the last query', async () => {
    const deferred = standInsFor(helpModel.machine);
    const actor = createActor(helpModel.machine.provide({ actors: deferred.actors }), { input: {} }).start();
    actor.send({ type: 'help.search', query: { search: 'pass', category: '' } });
    actor.send({ type: 'help.search', query: { search: 'password', category: 'security' } });
    expect(deferred.inputsOf('searchHelp')).toEqual([
      // The page's first search, on start: nothing typed, the common questions.
      { search: '', category: '' },
      { search: 'pass', category: '' },
      { search: 'password', category: 'security' },
    ]);
    await settle(deferred, { type: 'xstate.error.actor.searchHelp', error: { kind: 'network' } });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'help.retry' });
    expect(deferred.inputsOf('searchHelp').at(-1)).toEqual({ search: 'password', category: 'security' });
  });
});

describe('help machines follow the display language', () => {
  /** A stand-in for the app actor: its language, changed by the test. */
  function languageSource(lang: string) {
    let snapshot = { context: { language: { lang } } };
    const observers = new Set<(s: typeof snapshot) => void>();
    return {
      getSnapshot: () => snapshot,
      subscribe: (observer: (s: typeof snapshot) => void) => (observers.add(observer), { unsubscribe: () => observers.delete(observer) }),
      change: (next: string) => ((snapshot = { context: { language: { lang: next } } }), observers.forEach((o) => o(snapshot))),
      listening: () => observers.size,
    };
  }

  it('the help search runs its last query again in a new language, and stops listening when stopped', async () => {
    const deferred = standInsFor(helpModel.machine);
    const languages = languageSource('en_US');
    const actor = createActor(helpModel.machine.provide({ actors: { ...deferred.actors, languageChanges } }), { input: { languages } }).start();
    actor.send({ type: 'help.search', query: { search: 'password', category: '' } });
    languages.change('en_US');
    expect(deferred.inputsOf('searchHelp')).toHaveLength(2);
    languages.change('zh_CN');
    expect(deferred.inputsOf('searchHelp').at(-1)).toEqual({ search: 'password', category: '' });
    expect(deferred.inputsOf('searchHelp')).toHaveLength(3);
    actor.stop();
    expect(languages.listening()).toBe(0);
  });

  it('a help article is read on start and again in a new language', async () => {
    const deferred = standInsFor(helpArticleModel.machine);
    const languages = languageSource('en_US');
    createActor(helpArticleModel.machine.provide({ actors: { ...deferred.actors, languageChanges } }), { input: { id: 'register-account', languages } }).start();
    expect(deferred.inputsOf('fetchArticle')).toEqual([{ id: 'register-account' }]);
    languages.change('ja_JP');
    expect(deferred.inputsOf('fetchArticle')).toEqual([{ id: 'register-account' }, { id: 'register-account' }]);
  });

  it('the bell\'s notifications read the shown page again in a new language, once signed in; not before', async () => {
    const deferred = standInsFor(informModel.machine);
    const languages = languageSource('en_US');
    const actor = createActor(informModel.machine.provide({ actors: { ...deferred.actors, languageChanges } }), { input: { languages } }).start();
    languages.change('ja_JP');
    expect(deferred.inputsOf('fetchNotifications')).toHaveLength(0);
    actor.send({ type: 'inform.load', page: 2 });
    await settle(deferred, { type: 'xstate.done.actor.fetchNotifications', output: { list: [welcome], total: 21, unread: 1, page: 2, size: 20 } });
    languages.change('zh_CN');
    expect(actor.getSnapshot().value).toBe('loading');
    expect(deferred.inputsOf('fetchNotifications')).toEqual([{ page: 2 }, { page: 2 }]);
    actor.stop();
    expect(languages.listening()).toBe(0);
  });
});

/**
 * Scenarios of the users desk (issue 51 §3; its machines' generated paths run in
 * machines.model.test.ts): the search's filters reach the shared list whole and trimmed, the export
 * saves what the server answered, and a user's page sends no action without a reason and — where
 * money or access change — the operator's 6-digit code; done, the page is read again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { pagedListMachine } from '../../src/app/machines/pagedList/pagedList.machine';
import { operatorUsersMachine } from '../../src/features/accounts/machines/operatorUsers/operatorUsers.machine';
import { operatorUserMachine } from '../../src/features/accounts/machines/operatorUser/operatorUser.machine';
import { USER_PAGE } from '../../src/features/accounts/machines/operatorUser/operatorUser.model';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

// The user has 2FA on, unlike the model's.
const PAGE = { ...USER_PAGE, profile: { ...USER_PAGE.profile, account: 'ada@example.org', email: 'ada@example.org', two_factor: true } };

describe('users desk: the search', () => {
  it('sends the whole filter, trimmed, from page 1; the export saves the CSV and says so', async () => {
    const loader = standInsFor(pagedListMachine);
    const own = standInsFor(operatorUsersMachine);
    const toasts: unknown[] = [];
    const saved: unknown[] = [];
    const machine = operatorUsersMachine.provide({
      actors: { ...own.actors, list: pagedListMachine.provide({ actors: loader.actors }) },
      actions: { showToast: (_, p) => void toasts.push(p), saveFile: (_, file) => void saved.push(file) },
    });
    const actor = createActor(machine).start();
    expect(loader.inputsOf('loadPage')).toEqual([{ filter: {}, page: 1, size: 20 }]);
    loader.settle({ type: 'xstate.done.actor.loadPage', output: { list: [], total: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'users.search', query: { text: '  ada ', frozen: 'yes' } });
    expect(loader.inputsOf('loadPage').at(-1)).toMatchObject({ filter: { text: 'ada', frozen: 'yes', two_factor: undefined }, page: 1 });
    loader.settle({ type: 'xstate.done.actor.loadPage', output: { list: [], total: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    // A second search replaces the first: the frozen filter is gone.
    actor.send({ type: 'users.search', query: { text: '' } });
    expect(loader.inputsOf('loadPage').at(-1)).toMatchObject({ filter: { text: undefined, frozen: undefined } });
    actor.send({ type: 'users.export' });
    expect(actor.getSnapshot().value).toBe('exporting');
    expect(own.inputsOf('exportUsers')).toHaveLength(1);
    own.settle({ type: 'xstate.done.actor.exportUsers', output: { filename: 'users.csv', rows: 0, csv: 'id\r\n' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(saved).toEqual([{ filename: 'users.csv', rows: 0, csv: 'id\r\n' }]);
    expect(toasts).toEqual([{ tone: 'success', message: { key: 'usersDesk.exported' } }]);
  });
});

describe("users desk: a user's page", () => {
  function start() {
    const own = standInsFor(operatorUserMachine);
    const toasts: unknown[] = [];
    const actor = createActor(operatorUserMachine.provide({ actors: own.actors, actions: { showToast: (_, p) => void toasts.push(p) } })).start();
    return { actor, own, toasts };
  }

  it('asks a reason and the code before a freeze, sends them, and reads the page again', async () => {
    const { actor, own, toasts } = start();
    actor.send({ type: 'user.open', userId: 7 });
    expect(own.inputsOf('loadUser')).toEqual([{ user_id: 7 }]);
    own.settle({ type: 'xstate.done.actor.loadUser', output: PAGE });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.page).toEqual(PAGE);
    actor.send({ type: 'action.start', action: 'freeze' });
    actor.send({ type: 'action.submit', reason: '  ', code: '123456' });
    expect(actor.getSnapshot().context.problem).toBe('reasonRequired');
    actor.send({ type: 'action.submit', reason: 'Reported stolen', code: '12' });
    expect(actor.getSnapshot().context.problem).toBe('codeRequired');
    expect(own.inputsOf('runAction')).toEqual([]);
    actor.send({ type: 'action.submit', reason: ' Reported stolen ', code: '123456' });
    expect(own.inputsOf('runAction')).toEqual([{ action: 'freeze', user_id: 7, reason: 'Reported stolen', code: '123456' }]);
    // Refused (a wrong code): the dialog stays open, the server's message is said.
    own.settle({ type: 'xstate.error.actor.runAction', error: { kind: 'server', serverMessage: 'Wrong code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ shown: 'asking' })).toBe(true);
    expect(toasts).toEqual([{ tone: 'error', message: { text: 'Wrong code' } }]);
    actor.send({ type: 'action.submit', reason: 'Reported stolen', code: '654321' });
    own.settle({ type: 'xstate.done.actor.runAction', output: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.action).toBeUndefined();
    expect(own.inputsOf('loadUser')).toHaveLength(2);
    expect(toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'usersDesk.done.freeze' } });
  });

  it('says so when a product could not release what it holds after a freeze', async () => {
    const { actor, own, toasts } = start();
    actor.send({ type: 'user.open', userId: 7 });
    own.settle({ type: 'xstate.done.actor.loadUser', output: PAGE });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'action.start', action: 'freeze' });
    actor.send({ type: 'action.submit', reason: 'Reported stolen', code: '123456' });
    own.settle({ type: 'xstate.done.actor.runAction', output: { sessions_ended: 1, api_keys_suspended: 0, released: {}, failed: ['spot'] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.at(-1)).toEqual({ tone: 'error', message: { key: 'usersDesk.releaseFailed' } });
  });

  it('adds a note without a code; the identity change carries its level; cancel sends nothing', async () => {
    const { actor, own } = start();
    actor.send({ type: 'user.open', userId: 7 });
    own.settle({ type: 'xstate.done.actor.loadUser', output: PAGE });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'action.start', action: 'unfreeze' });
    actor.send({ type: 'action.cancel' });
    expect(actor.getSnapshot().matches({ shown: 'idle' })).toBe(true);
    actor.send({ type: 'action.start', action: 'note' });
    actor.send({ type: 'action.submit', reason: 'Called about a lost phone' });
    expect(own.inputsOf('runAction')).toEqual([{ action: 'note', user_id: 7, reason: 'Called about a lost phone' }]);
    own.settle({ type: 'xstate.done.actor.runAction', output: { id: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    own.settle({ type: 'xstate.done.actor.loadUser', output: PAGE });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'action.start', action: 'identity' });
    actor.send({ type: 'action.submit', reason: 'Checked by video call', code: '123456', name_status: 3 });
    expect(own.inputsOf('runAction').at(-1)).toEqual({ action: 'identity', user_id: 7, reason: 'Checked by video call', code: '123456', name_status: 3 });
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context.userId).toBeUndefined();
  });

  it('says when the user cannot be read, and reads again on reload', async () => {
    const { actor, own, toasts } = start();
    actor.send({ type: 'user.open', userId: 9 });
    own.settle({ type: 'xstate.error.actor.loadUser', error: { kind: 'server', serverMessage: 'There is no such user' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(toasts).toEqual([{ tone: 'error', message: { text: 'There is no such user' } }]);
    actor.send({ type: 'user.reload' });
    expect(own.inputsOf('loadUser')).toHaveLength(2);
  });
});

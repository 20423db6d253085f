import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { IcoProjectInput, IcoSubscription } from '../../domain/ico';
import { LOCALE_CODES } from '../../domain/languages';
import { icoBoardMachine, type BoardData, type IcoBoardEvent } from '../../src/features/ico/machines/icoBoard/icoBoard.machine';
import { icoDeskMachine } from '../../src/features/ico/machines/icoDesk/icoDesk.machine';
import { ACCOUNT, MINE, OPERATOR_PROJECT, PROJECT } from '../../src/features/ico/machines/icoFixtures';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The board over a counting loader and a hand-driven private channel. */
function board() {
  let loads = 0;
  let push: (event: IcoBoardEvent) => void = () => undefined;
  // Each read answers what the server has then: the account and the project's progress move on.
  const data = (): BoardData => ({ projects: [{ ...PROJECT, progress: String(loads) } as typeof PROJECT], mine: [MINE], account: { ...ACCOUNT, available: String(1000 - loads) }, receivedAt: 0 });
  const machine = icoBoardMachine.provide({
    actors: {
      loadBoard: fromPromise(async () => {
        loads += 1;
        return data();
      }),
      icoUpdates: fromCallback(({ sendBack }) => {
        push = (event) => sendBack(event);
        return () => undefined;
      }),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, loads: () => loads, push: (e: IcoBoardEvent) => push(e) };
}

const settled: IcoSubscription = { ...MINE, allocated: '100', refund: '5', status: 'holding' };

describe('ICO board: the private channel instead of a 15 s poll', () => {
  it('a pushed subscription replaces the shown one at once and the board is read back; the poll is a minute', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(1);
    b.push({ type: 'board.pushed', event: 'settled', subscription: settled });
    expect(b.actor.getSnapshot().context.data?.mine[0]).toMatchObject({ allocated: '100', refund: '5' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(2);
    // No other read until the fallback poll.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(b.loads()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(b.loads()).toBe(3);
  });

  it('during a popup the card is updated at once and the balance and progress behind the popup are read again, the popup staying open (issue 37 §12)', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    b.actor.send({ type: 'board.join', projectId: PROJECT.id });
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    const popup = b.actor.getSnapshot().children.subscribe;
    expect(popup).toBeDefined();
    b.push({ type: 'board.pushed', event: 'subscribed', subscription: { ...MINE, quantity: '999' } });
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    // The popup is the same actor, not a new one: its "Subscription succeeded" stays on screen.
    expect(b.actor.getSnapshot().children.subscribe).toBe(popup);
    expect(b.actor.getSnapshot().context.data?.mine[0]?.quantity).toBe('999');
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(2);
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    expect(b.actor.getSnapshot().context.selected).toBe(PROJECT.id);
    expect(b.actor.getSnapshot().context.data?.account).toMatchObject({ available: '998' });
    expect((b.actor.getSnapshot().context.data?.projects[0] as unknown as { progress: string }).progress).toBe('2');
  });

  it('"Add more" clicked while the board reads again after a subscription opens its popup once the read is in', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    // A push makes the board read again; the cards stay on screen meanwhile.
    b.push({ type: 'board.pushed', event: 'subscribed', subscription: MINE });
    expect(b.actor.getSnapshot().matches('loading')).toBe(true);
    b.actor.send({ type: 'board.join', projectId: PROJECT.id });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    expect(b.actor.getSnapshot().context.selected).toBe(PROJECT.id);
    expect(b.actor.getSnapshot().context.pending).toBeUndefined();
  });

  it('a resync after a dropped channel reads the board again', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    b.push({ type: 'board.resync' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(2);
  });
});

describe('ICO board: descriptions in the display language (issue 37 defect 17)', () => {
  it('a language change reads the board again; during a popup the board behind it is read again and the popup stays', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    b.actor.send({ type: 'board.languageChanged' });
    expect(b.actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(2);
    b.actor.send({ type: 'board.join', projectId: PROJECT.id });
    const popup = b.actor.getSnapshot().children.subscribe;
    b.actor.send({ type: 'board.languageChanged' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(3);
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    expect(b.actor.getSnapshot().children.subscribe).toBe(popup);
  });
});

/** The desk over a project list and a save that records what it was sent. */
function desk(projects = [OPERATOR_PROJECT]) {
  const sent: IcoProjectInput[] = [];
  const machine = icoDeskMachine.provide({
    actors: {
      fetchProjects: fromPromise(async () => projects),
      saveProject: fromPromise(async ({ input }: { input: IcoProjectInput }) => {
        sent.push(input);
        return OPERATOR_PROJECT;
      }),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, sent };
}

describe('ICO desk: the description per language (issue 37 defect 17)', () => {
  it('a new project needs the default language text before anything is sent; every language is sent, blanks included', async () => {
    const d = desk();
    await vi.advanceTimersByTimeAsync(0);
    d.actor.send({ type: 'desk.new', now: Date.parse('2026-01-10T10:00:00Z') });
    d.actor.send({ type: 'desk.description', lang: 'ja_JP', value: ' 日本語の説明 ' });
    d.actor.send({ type: 'desk.save' });
    expect(d.actor.getSnapshot().context.problem).toEqual({ field: 'description', key: 'ico.desk.descriptionRequired' });
    expect(d.actor.getSnapshot().matches('editing')).toBe(true);
    // The next change clears the problem.
    d.actor.send({ type: 'desk.description', lang: 'en_US', value: 'An English text' });
    expect(d.actor.getSnapshot().context.problem).toBeUndefined();
    d.actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(d.sent).toHaveLength(1);
    expect(d.sent[0]!.description).toEqual({ ...Object.fromEntries(LOCALE_CODES.map((l) => [l, ''])), en_US: 'An English text', ja_JP: '日本語の説明' });
  });

  it('editing shows every language the project has, and clearing one sends it blank (the server removes it)', async () => {
    const d = desk();
    await vi.advanceTimersByTimeAsync(0);
    d.actor.send({ type: 'desk.edit', projectId: OPERATOR_PROJECT.id });
    expect(d.actor.getSnapshot().context.form?.descriptions).toMatchObject({ en_US: 'A settlement layer.', ja_JP: '決済レイヤー。', de_DE: '' });
    d.actor.send({ type: 'desk.description', lang: 'ja_JP', value: '' });
    d.actor.send({ type: 'desk.description', lang: 'de_DE', value: 'Eine Abwicklungsschicht.' });
    d.actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(d.sent[0]).toMatchObject({ id: OPERATOR_PROJECT.id, description: { en_US: 'A settlement layer.', ja_JP: '', de_DE: 'Eine Abwicklungsschicht.' } });
    expect(d.sent[0]).not.toHaveProperty('symbol');
  });
});

describe('ICO desk: listing a project asks the operator’s 2FA code', () => {
  it('a save that lists an unlisted project is not sent without a well-formed code, and is sent with it; other saves send none', async () => {
    const unlisted = { ...OPERATOR_PROJECT, id: 2, listed: false };
    const d = desk([OPERATOR_PROJECT, unlisted]);
    await vi.advanceTimersByTimeAsync(0);
    d.actor.send({ type: 'desk.edit', projectId: unlisted.id });
    expect(d.actor.getSnapshot().context.form).toMatchObject({ listed: false, wasListed: false, code: '' });
    d.actor.send({ type: 'desk.field', field: 'listed', value: true });
    d.actor.send({ type: 'desk.save' });
    expect(d.actor.getSnapshot().context.problem).toEqual({ field: 'code', key: 'ico.desk.codeRequired' });
    d.actor.send({ type: 'desk.field', field: 'code', value: '12' });
    d.actor.send({ type: 'desk.save' });
    expect(d.actor.getSnapshot().matches('editing')).toBe(true);
    expect(d.sent).toHaveLength(0);
    d.actor.send({ type: 'desk.field', field: 'code', value: ' 123456 ' });
    d.actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(d.sent[0]).toMatchObject({ id: unlisted.id, listed: true, code: '123456' });

    // Listed already, or left unlisted: no code asked, none sent.
    d.actor.send({ type: 'desk.edit', projectId: OPERATOR_PROJECT.id });
    d.actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    d.actor.send({ type: 'desk.edit', projectId: unlisted.id });
    d.actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(d.sent.slice(1).map((input) => [input.id, input.listed, 'code' in input])).toEqual([
      [OPERATOR_PROJECT.id, true, false],
      [unlisted.id, false, false],
    ]);
  });
});

describe('ICO desk: the list on screen while it is read again', () => {
  it('Edit clicked while the list is read again after a save opens that project (it did nothing)', async () => {
    let reads = 0;
    const machine = icoDeskMachine.provide({
      actors: {
        // The first read answers; the one after the save is still under way.
        fetchProjects: fromPromise(() => (++reads === 1 ? Promise.resolve([OPERATOR_PROJECT]) : new Promise<never>(() => undefined))),
        saveProject: fromPromise(async () => OPERATOR_PROJECT),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'desk.edit', projectId: OPERATOR_PROJECT.id });
    actor.send({ type: 'desk.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'desk.edit', projectId: OPERATOR_PROJECT.id });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.stop();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputFrom } from 'xstate';
import { REFUSAL_GRACE_MS } from '../../src/app/machines/session/session.machine';
import { sessionModel, USER_FIXTURE } from '../../src/app/machines/session/session.model';
import { describeModel, runModel, type ImplementationsOf } from './harness';

/** The session's storage and navigation, recorded. */
function recorder() {
  const log: string[] = [];
  const stored = { token: undefined as unknown, user: undefined as unknown };
  const actions: ImplementationsOf<typeof sessionModel.machine>['actions'] = {
    persistSession: (_, p) => {
      stored.token = p.token;
      stored.user = p.user;
      log.push('persist');
    },
    clearStoredSession: () => {
      stored.token = undefined;
      stored.user = undefined;
      log.push('clear');
    },
    navigateToLogin: () => void log.push('navigate:/login'),
    showToast: (_, p) => void log.push(`toast:${JSON.stringify(p.message)}`),
  };
  return { log, stored, actions };
}

function start(input: InputFrom<typeof sessionModel.machine>) {
  const world = recorder();
  return { ...runModel(sessionModel, { input, actions: world.actions }), ...world };
}

describe('session machine (spec §4, §6, §8), walked along generated paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  describeModel(sessionModel, () => {
    const { log, stored, actions } = recorder();
    return {
      actions,
      afterStep: ({ actor }, _value, event, before) => {
        const snapshot = actor.getSnapshot();
        // A 403 from anywhere while there is a session: cleared and the user sent to /login.
        if ((event.type === 'session.forbidden' && !before.matches('signedOut')) || (event.type === 'xstate.error.actor.fetchUser' && (event as { error?: { kind?: string } }).error?.kind === 'forbidden')) {
          expect(log.slice(-2)).toEqual(['toast:{"text":"Please log in first"}', 'navigate:/login'].slice(-2));
          expect(stored).toEqual({ token: undefined, user: undefined });
        }
        // Signed out means nothing usable is left in context.
        if (snapshot.matches('signedOut')) expect(snapshot.context.token).toBeUndefined();
        if (snapshot.matches('signedIn')) expect(snapshot.context.user).toBeDefined();
      },
    };
  });
});

describe('session machine: spec rules in plain words', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('with token and user info stored, refreshes the user at start', () => {
    const world = start({ token: 't', user: USER_FIXTURE });
    expect(world.actor.getSnapshot().value).toBe('refreshing');
    expect(world.deferred.inputsOf('fetchUser')).toEqual([{ token: 't' }]);
  });

  it('with either missing, clears both', () => {
    const world = start({ token: 't' });
    expect(world.actor.getSnapshot().value).toBe('signedOut');
    expect(world.log).toEqual(['clear']);
  });

  it('a login-required route without a session: "Please log in first", clear, /login after 200 ms', async () => {
    const world = start({});
    world.actor.send({ type: 'session.requireLogin' });
    expect(world.log).toEqual(['clear', 'clear', 'toast:{"key":"session.pleaseLogin"}']);
    await vi.advanceTimersByTimeAsync(199);
    expect(world.log).not.toContain('navigate:/login');
    await vi.advanceTimersByTimeAsync(1);
    expect(world.log.at(-1)).toBe('navigate:/login');
  });

  it('sign-out asks first; cancel keeps the session, confirm clears it and goes to /login', async () => {
    const world = start({ token: 't', user: USER_FIXTURE });
    world.deferred.settle({ type: 'xstate.done.actor.fetchUser', output: USER_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    world.actor.send({ type: 'session.signOut' });
    world.actor.send({ type: 'session.cancel' });
    expect(world.actor.getSnapshot().value).toBe('signedIn');
    world.actor.send({ type: 'session.signOut' });
    world.actor.send({ type: 'session.confirm' });
    expect(world.actor.getSnapshot().value).toBe('signedOut');
    expect(world.log.slice(-2)).toEqual(['clear', 'navigate:/login']);
  });

  it('Sign out clicked while the user is read again (the header shows the stored user) asks, and confirmed signs out', () => {
    const world = start({ token: 't', user: USER_FIXTURE });
    expect(world.actor.getSnapshot().value).toBe('refreshing');
    world.actor.send({ type: 'session.signOut' });
    expect(world.actor.getSnapshot().value).toBe('confirmingSignOut');
    world.actor.send({ type: 'session.confirm' });
    expect(world.actor.getSnapshot().value).toBe('signedOut');
  });

  it('a 403 after the session ended (a call in flight when a password change ended it) leaves the message that ended it alone', async () => {
    const world = start({ token: 't', user: USER_FIXTURE });
    world.deferred.settle({ type: 'xstate.done.actor.fetchUser', output: USER_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    world.actor.send({ type: 'session.forbidden', message: 'Changed; please log in again' });
    world.actor.send({ type: 'session.forbidden', message: 'Please log in first' });
    expect(world.actor.getSnapshot().value).toBe('signedOut');
    expect(world.log.filter((line) => line.startsWith('toast:'))).toEqual(['toast:{"text":"Changed; please log in again"}']);
    expect(world.log.filter((line) => line === 'navigate:/login')).toHaveLength(1);
  });

  it('a refused private channel ends the session after its grace, unless the page\'s own 403 ended it first', async () => {
    const world = start({ token: 't', user: USER_FIXTURE });
    world.deferred.settle({ type: 'xstate.done.actor.fetchUser', output: USER_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    world.actor.send({ type: 'session.channelRefused', message: 'Signed in elsewhere' });
    await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS - 1);
    expect(world.actor.getSnapshot().value).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1);
    expect(world.actor.getSnapshot().value).toBe('signedOut');
    expect(world.log.slice(-3)).toEqual(['clear', 'toast:{"text":"Signed in elsewhere"}', 'navigate:/login']);

    // The page's own 403 inside the grace: one toast, one trip to /login, nothing later.
    const other = start({ token: 't', user: USER_FIXTURE });
    other.deferred.settle({ type: 'xstate.done.actor.fetchUser', output: USER_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    other.actor.send({ type: 'session.channelRefused' });
    other.actor.send({ type: 'session.forbidden', message: 'Please log in first' });
    await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS * 2);
    expect(other.log.filter((line) => line === 'navigate:/login')).toHaveLength(1);
  });
});


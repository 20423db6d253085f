import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MachineModel } from '../../src/app/machines/model.types';
import { mySecurityModel } from '../../src/features/operator/machines/mySecurity/mySecurity.model';
import { operatorSessionModel } from '../../src/features/operator/machines/operatorSession/operatorSession.model';
import { standInsFor } from './harness';

/**
 * Issue 51 §1 in the console: the operator's sign-in with mandatory 2FA (the password, then the
 * code or the enrolment and its recovery codes), a 403 naming a permission that keeps the operator
 * signed in, and "My security" (sessions ended after a question, the sign-in history paged).
 * Every path of both machines is walked by machines.model.test.ts; these are the scenarios.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const ACTIONS = ['showToast', 'persist', 'clearStored', 'revokeToken'];
const operator = { id: 3, account: 'reviewer@openex.test', roles: ['admin'] };

function setUp(model: MachineModel, input?: unknown) {
  const deferred = standInsFor(model.machine);
  const log: string[] = [];
  const actions = Object.fromEntries(ACTIONS.map((name) => [name, (_: unknown, params?: unknown) => void log.push(params === undefined ? name : `${name}:${JSON.stringify(params)}`)]));
  const actor = createActor(model.machine.provide({ actors: deferred.actors, actions }), { input }).start();
  return { deferred, log, actor };
}

describe('operator sign-in with mandatory 2FA', () => {
  it('password, then the code: only the second step opens (and stores) the session', async () => {
    const { deferred, log, actor } = setUp(operatorSessionModel, {});
    actor.send({ type: 'operator.login', fields: { account: 'r', password: 'p' } });
    deferred.settle({ type: 'xstate.done.actor.login', output: { second_factor: true, challenge: 'c-1', expires_at: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('secondStep');
    expect(actor.getSnapshot().context.token).toBeUndefined();
    expect(log).not.toContain(expect.stringMatching(/^persist/));
    // A wrong code: the toast, and the step again.
    actor.send({ type: 'operator.code', code: '000000' });
    deferred.settle({ type: 'xstate.error.actor.secondStep', error: { kind: 'server', serverMessage: 'Wrong code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('secondStep');
    actor.send({ type: 'operator.code', code: '123456' });
    expect(deferred.inputsOf('secondStep')).toEqual([{ challenge: 'c-1', code: '000000' }, { challenge: 'c-1', code: '123456' }]);
    deferred.settle({ type: 'xstate.done.actor.secondStep', output: { token: 'op-9', operator } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context).toMatchObject({ token: 'op-9', challenge: undefined });
    expect(log).toContain(`persist:${JSON.stringify({ token: 'op-9', operator })}`);
  });

  it('no 2FA yet: the enrolment (QR URI and secret), the first code, the recovery codes once, then the desks', async () => {
    const { deferred, log, actor } = setUp(operatorSessionModel, {});
    actor.send({ type: 'operator.login', fields: { account: 'r', password: 'p' } });
    const enrolment = { enrol: true, ticket: 't-1', expires_at: 1, secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', issuer: 'OpenEx operator', account: 'r' };
    deferred.settle({ type: 'xstate.done.actor.login', output: enrolment });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('enrolling');
    expect(actor.getSnapshot().context.enrolment).toEqual(enrolment);
    actor.send({ type: 'operator.code', code: '123456' });
    expect(deferred.inputsOf('enrol')).toEqual([{ ticket: 't-1', code: '123456' }]);
    deferred.settle({ type: 'xstate.done.actor.enrol', output: { token: 'op-5', operator, recovery_codes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('recoveryCodes');
    expect(actor.getSnapshot().context).toMatchObject({ token: 'op-5', enrolment: undefined, recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] });
    expect(log).toContain(`persist:${JSON.stringify({ token: 'op-5', operator })}`);
    actor.send({ type: 'operator.recoverySaved' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([]);
  });

  it('Back from the code returns to the password, forgetting the challenge', async () => {
    const { deferred, actor } = setUp(operatorSessionModel, {});
    actor.send({ type: 'operator.login', fields: { account: 'r', password: 'p' } });
    deferred.settle({ type: 'xstate.done.actor.login', output: { second_factor: true, challenge: 'c-1', expires_at: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'operator.cancel' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.challenge).toBeUndefined();
  });

  it('a 403 naming a permission keeps the session and toasts the server’s words; a bare 403 signs out', () => {
    const { log, actor } = setUp(operatorSessionModel, { token: 'op', operator });
    actor.send({ type: 'operator.forbidden', permission: 'users.freeze', message: 'It needs the permission “users.freeze”' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.token).toBe('op');
    expect(log).toEqual([`showToast:${JSON.stringify({ tone: 'error', message: { text: 'It needs the permission “users.freeze”' } })}`]);
    actor.send({ type: 'operator.forbidden' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toContain('clearStored');
  });
});

describe('my security desk', () => {
  const session = (id: number, current = false) => ({ id, user_agent: 'Firefox', ip: '10.0.0.1', created_at: 1, last_seen_at: 2, expires_at: 3, current });
  const signIns = { list: [], total: 0, page: 1, size: 20 };

  it('ends one session after the question, then reads again; Cancel ends nothing', async () => {
    const { deferred, log, actor } = setUp(mySecurityModel);
    deferred.settle({ type: 'xstate.done.actor.load', output: { sessions: [session(1, true), session(2)], signIns } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'security.revoke', id: 2 });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'security.dismiss' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(deferred.inputsOf('revoke')).toEqual([]);
    actor.send({ type: 'security.revoke', id: 2 });
    actor.send({ type: 'security.confirm' });
    expect(deferred.inputsOf('revoke')).toEqual([{ id: 2 }]);
    deferred.settle({ type: 'xstate.done.actor.revoke', output: { id: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(log).toEqual([`showToast:${JSON.stringify({ tone: 'success', message: { key: 'operatorAuth.security.ended' } })}`]);
  });

  it('ends every other session after its own question, and pages the history', async () => {
    const { deferred, actor } = setUp(mySecurityModel);
    deferred.settle({ type: 'xstate.done.actor.load', output: { sessions: [session(1, true)], signIns } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'security.revokeOthers' });
    actor.send({ type: 'security.confirm' });
    expect(actor.getSnapshot().value).toBe('revokingOthers');
    expect(deferred.inputsOf('revoke')).toEqual([]);
    deferred.settle({ type: 'xstate.done.actor.revokeOthers', output: { ended: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    deferred.settle({ type: 'xstate.done.actor.load', output: { sessions: [session(1, true)], signIns } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'security.page', page: 3 });
    expect(deferred.inputsOf('load')).toEqual([{ page: 1 }, { page: 1 }, { page: 3 }]);
  });
});

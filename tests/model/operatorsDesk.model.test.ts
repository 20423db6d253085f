/**
 * The admin's operators desk (issue 51 §1): its generated paths, then scenarios — the list, the
 * new-operator and roles forms and the disable/enable question, each sent with the admin's 2FA
 * code and keeping the server's refusal in the open dialog — and which desks an operator's roles
 * show (desksGranted, the console's convenience).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { OperatorPermission } from '../../domain/operators';
import { desksGranted } from '../../src/features/operator/desks.hooks';
import { operatorsDeskMachine } from '../../src/features/operator/machines/operatorsDesk/operatorsDesk.machine';
import { adminFromEnvironment, financeOperator, operatorsDeskModel, pendingCreate } from '../../src/features/operator/machines/operatorsDesk/operatorsDesk.model';
import { describeModel, failedReadThenReload, settlerOf, standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('operators desk (generated paths)', () => describeModel(operatorsDeskModel));

/** The desk with deferred stand-ins and a toast log. */
function start() {
  const deferred = standInsFor(operatorsDeskMachine);
  const toasts: unknown[] = [];
  const actor = createActor(operatorsDeskMachine.provide({ actors: deferred.actors, actions: { showToast: (_, params) => void toasts.push(params) } })).start();
  return { actor, deferred, toasts, settle: settlerOf(deferred), reads: () => deferred.inputsOf('fetchOperators').length };
}

const taken = { kind: 'server', serverMessage: 'This account name is already taken' };

describe('operators desk (scenarios)', () => {
  it('a grant another admin must approve: the answer is a request and the toast says it waits; the queue is read again', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchOperators', output: [adminFromEnvironment, financeOperator] });
    await t.settle({ type: 'xstate.done.actor.fetchAccessRequests', output: [] });
    t.actor.send({ type: 'operators.create' });
    t.actor.send({ type: 'operators.submitCreate', fields: { account: 'dora', password: 'violet-harbour-71', roles: ['finance'], code: '123456' } });
    await t.settle({ type: 'xstate.done.actor.createOperator', output: { request: pendingCreate } });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'operatorDesks.access.asked' } });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'loading', requests: 'loading', form: 'closed' });
    expect(t.deferred.inputsOf('fetchAccessRequests')).toHaveLength(2);
  });

  it('approves a pending request with the admin’s own code, rejects one without; a decided one opens nothing; a refusal stays in the question', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchAccessRequests', output: [pendingCreate] });
    t.actor.send({ type: 'operators.approve', request: { ...pendingCreate, state: 'approved' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed' });
    t.actor.send({ type: 'operators.approve', request: pendingCreate });
    t.actor.send({ type: 'operators.submitApprove', code: '' });
    expect(t.deferred.inputsOf('approveAccess')).toHaveLength(0);
    t.actor.send({ type: 'operators.submitApprove', code: ' 654321 ' });
    expect(t.deferred.inputsOf('approveAccess')).toEqual([{ id: 4, code: '654321' }]);
    await t.settle({ type: 'xstate.error.actor.approveAccess', error: { kind: 'server', serverMessage: 'You asked for this change; another admin must approve it' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { approving: 'editing' } });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'You asked for this change; another admin must approve it' });
    t.actor.send({ type: 'operators.close' });
    expect(t.actor.getSnapshot().context.deciding).toBeUndefined();
    t.actor.send({ type: 'operators.reject', request: pendingCreate });
    t.actor.send({ type: 'operators.submitReject' });
    expect(t.deferred.inputsOf('rejectAccess')).toEqual([{ id: 4 }]);
    await t.settle({ type: 'xstate.done.actor.rejectAccess', output: { ...pendingCreate, state: 'rejected' } });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'operatorDesks.access.rejected' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed', requests: 'loading' });
  });

  it('reads the operators at start, and again on reload after a failed read', async () => {
    const t = start();
    await failedReadThenReload(t, { fetch: 'fetchOperators', reload: 'operators.reload', closed: { form: 'closed', requests: 'loading' }, rows: [adminFromEnvironment, financeOperator] });
    expect(t.actor.getSnapshot().context.operators.map((o) => o.account)).toEqual(['root', 'fiona']);
    expect(t.reads()).toBe(2);
  });

  it('creates an operator: nothing is sent without a role or the admin’s code; a refusal stays in the open form; done, the form closes and the list is read again', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchOperators', output: [adminFromEnvironment] });
    t.actor.send({ type: 'operators.create' });
    t.actor.send({ type: 'operators.submitCreate', fields: { account: 'carol', password: 'violet-harbour-71', roles: [], code: '123456' } });
    t.actor.send({ type: 'operators.submitCreate', fields: { account: 'carol', password: 'violet-harbour-71', roles: ['compliance'] } });
    t.actor.send({ type: 'operators.submitCreate', fields: { account: 'carol', password: 'violet-harbour-71', roles: ['compliance'], code: '12345' } });
    expect(t.deferred.inputsOf('createOperator')).toHaveLength(0);
    t.actor.send({ type: 'operators.submitCreate', fields: { account: ' carol ', password: 'violet-harbour-71', roles: ['compliance'], code: ' 123456 ' } });
    expect(t.deferred.inputsOf('createOperator')).toEqual([{ account: 'carol', password: 'violet-harbour-71', roles: ['compliance'], code: '123456' }]);
    // A second click and a close while the server decides are not heard.
    t.actor.send({ type: 'operators.submitCreate', fields: { account: 'carol', password: 'violet-harbour-71', roles: ['compliance'], code: '123456' } });
    t.actor.send({ type: 'operators.close' });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'ready', form: { creating: 'sending' } });
    await t.settle({ type: 'xstate.error.actor.createOperator', error: taken });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'ready', form: { creating: 'editing' } });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'This account name is already taken' });
    expect(t.toasts).toEqual([]);
    t.actor.send({ type: 'operators.submitCreate', fields: { account: 'carol2', password: 'violet-harbour-71', roles: ['compliance', 'auditor'], code: '654321' } });
    expect(t.actor.getSnapshot().context.refusal).toBeUndefined();
    await t.settle({ type: 'xstate.done.actor.createOperator', output: { ...financeOperator, id: 9, account: 'carol2' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.actor.getSnapshot().context.created).toBe(1);
    expect(t.toasts).toEqual([{ tone: 'success', message: { key: 'operatorDesks.operators.created' } }]);
    expect(t.reads()).toBe(2);
  });

  it('sets roles of an operator on the list, never of the environment operator; a refusal stays in the form, a close forgets it', async () => {
    const t = start();
    t.actor.send({ type: 'operators.editRoles', id: 7 });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    await t.settle({ type: 'xstate.done.actor.fetchOperators', output: [adminFromEnvironment, financeOperator] });
    t.actor.send({ type: 'operators.editRoles', id: 1 });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'ready', form: 'closed' });
    t.actor.send({ type: 'operators.editRoles', id: 7 });
    expect(t.actor.getSnapshot().context.editing).toBe(7);
    t.actor.send({ type: 'operators.submitRoles', roles: [], code: '123456' });
    t.actor.send({ type: 'operators.submitRoles', roles: ['finance'], code: '' });
    expect(t.deferred.inputsOf('setRoles')).toHaveLength(0);
    t.actor.send({ type: 'operators.submitRoles', roles: ['finance', 'auditor'], code: 'abcde-fghjk' });
    expect(t.deferred.inputsOf('setRoles')).toEqual([{ id: 7, roles: ['finance', 'auditor'], code: 'abcde-fghjk' }]);
    await t.settle({ type: 'xstate.error.actor.setRoles', error: { kind: 'server', serverMessage: 'No such operator' } });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'No such operator' });
    t.actor.send({ type: 'operators.close' });
    expect(t.actor.getSnapshot().context).toMatchObject({ editing: undefined, refusal: undefined });
    t.actor.send({ type: 'operators.editRoles', id: 7 });
    t.actor.send({ type: 'operators.submitRoles', roles: ['finance'], code: '123456' });
    await t.settle({ type: 'xstate.done.actor.setRoles', output: financeOperator });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'operatorDesks.operators.updated' } });
  });

  it('disables and enables only after the question with the admin’s code, never the environment operator; a refusal stays in the question, the list read again', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchOperators', output: [adminFromEnvironment, financeOperator] });
    t.actor.send({ type: 'operators.disable', operator: adminFromEnvironment });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'ready', form: 'closed' });
    t.actor.send({ type: 'operators.disable', operator: financeOperator });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'ready', form: { standing: 'editing' } });
    expect(t.actor.getSnapshot().context.standing).toEqual({ id: 7, account: 'fiona', disable: true });
    t.actor.send({ type: 'operators.close' });
    expect(t.actor.getSnapshot().context.standing).toBeUndefined();
    t.actor.send({ type: 'operators.disable', operator: financeOperator });
    t.actor.send({ type: 'operators.submitStanding', code: '12' });
    expect(t.deferred.inputsOf('changeStanding')).toHaveLength(0);
    t.actor.send({ type: 'operators.submitStanding', code: '123456' });
    expect(t.deferred.inputsOf('changeStanding')).toEqual([{ id: 7, account: 'fiona', disable: true, code: '123456' }]);
    await t.settle({ type: 'xstate.done.actor.changeStanding', output: { ...financeOperator, disabled: true } });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'operatorDesks.operators.updated' } });
    expect(t.reads()).toBe(2);
    await t.settle({ type: 'xstate.done.actor.fetchOperators', output: [adminFromEnvironment, { ...financeOperator, disabled: true }] });
    t.actor.send({ type: 'operators.enable', operator: { ...financeOperator, disabled: true } });
    t.actor.send({ type: 'operators.submitStanding', code: '654321' });
    expect(t.deferred.inputsOf('changeStanding').at(-1)).toEqual({ id: 7, account: 'fiona', disable: false, code: '654321' });
    await t.settle({ type: 'xstate.error.actor.changeStanding', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    // The question stays open with the refusal said in it (no toast); the list is read again meanwhile.
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: { standing: 'editing' } });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'Wrong or already used authentication code' });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'operatorDesks.operators.updated' } });
    expect(t.reads()).toBe(3);
  });

  it('resets another operator’s 2FA only after the question with the admin’s code, never the environment operator’s; a refusal stays, done it toasts and reads the list again', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchOperators', output: [adminFromEnvironment, financeOperator] });
    t.actor.send({ type: 'operators.resetTwoFactor', operator: adminFromEnvironment });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed' });
    t.actor.send({ type: 'operators.resetTwoFactor', operator: financeOperator });
    t.actor.send({ type: 'operators.submitReset', code: '12' });
    expect(t.deferred.inputsOf('resetTwoFactor')).toHaveLength(0);
    t.actor.send({ type: 'operators.submitReset', code: ' 123456 ' });
    expect(t.deferred.inputsOf('resetTwoFactor')).toEqual([{ id: 7, code: '123456' }]);
    await t.settle({ type: 'xstate.error.actor.resetTwoFactor', error: { kind: 'server', serverMessage: 'Two-factor authentication is not on for this operator' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { resetting: 'editing' } });
    t.actor.send({ type: 'operators.submitReset', code: '654321' });
    await t.settle({ type: 'xstate.done.actor.resetTwoFactor', output: { id: 7 } });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'operatorDesks.operators.twoFactorResetDone' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.actor.getSnapshot().context.resetting).toBeUndefined();
  });
});

describe('desks shown by role (desksGranted)', () => {
  const desk = (id: string, permission: OperatorPermission) => ({ id, permission });
  const desks = [
    desk('identity', 'identity.read'),
    desk('withdrawals', 'withdrawals.read'),
    desk('fiat', 'p2p.appeals.read'),
    desk('ico', 'trading.read'),
    desk('users', 'users.read'),
    desk('operators', 'operators.read'),
    desk('audit', 'audit.read'),
  ];
  const ids = (roles: string[] | undefined) => desksGranted(desks, roles).map((d) => d.id);

  it('shows each role its own desks, the union for several roles, in the desks order', () => {
    expect(ids(['finance'])).toEqual(['withdrawals']);
    expect(ids(['admin'])).toEqual(['operators']);
    expect(ids(['compliance'])).toEqual(['identity', 'users']);
    expect(ids(['support'])).toEqual(['fiat', 'users']);
    expect(ids(['risk'])).toEqual(['ico']);
    expect(ids(['admin', 'finance'])).toEqual(['withdrawals', 'operators']);
  });

  it('shows the auditor every desk (each is read with a .read permission)', () => {
    expect(ids(['auditor'])).toEqual(desks.map((d) => d.id));
  });

  it('shows nothing for no role or an unknown one, and everything for a stored session without roles', () => {
    expect(ids([])).toEqual([]);
    expect(ids(['superuser'])).toEqual([]);
    expect(ids(undefined)).toEqual(desks.map((d) => d.id));
  });
});

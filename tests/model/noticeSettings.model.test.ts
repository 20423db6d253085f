import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeSettingsModel } from '../../src/features/accounts/machines/noticeSettings/noticeSettings.model';
import { describeModel, runModel } from './harness';

/**
 * /user/c-set's "Email notifications": its generated paths, and scenarios — a press saves the
 * other value and shows it while it is saved; the answer is what stays; a refusal puts the switch
 * back on the saved value with its reason, which the next press clears; a failed read is retried.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('noticeSettings (generated paths)', () => describeModel(noticeSettingsModel));

/** The section with its setting read as `tradingEmails`, toasts logged. */
async function loaded(tradingEmails: boolean) {
  const run = runModel(noticeSettingsModel, { log: ['showToast'] });
  await run.settle({ type: 'xstate.done.actor.fetchSettings', output: { trading_emails: tradingEmails } });
  return run;
}
const context = (run: ReturnType<typeof runModel>) => run.actor.getSnapshot().context as { tradingEmails: boolean; wanted: boolean | undefined; refusal: unknown };

describe('noticeSettings (scenarios)', () => {
  it('a press saves the other value, heard once while it is saved, and the saved answer stays with a success toast', async () => {
    const run = await loaded(true);
    expect(run.actor.getSnapshot().value).toBe('ready');
    run.actor.send({ type: 'noticeSettings.toggle' });
    expect(run.actor.getSnapshot().value).toBe('saving');
    expect(context(run).wanted).toBe(false);
    run.actor.send({ type: 'noticeSettings.toggle' });
    expect(run.deferred.inputsOf('saveSettings')).toEqual([{ trading_emails: false }]);
    await run.settle({ type: 'xstate.done.actor.saveSettings', output: { trading_emails: false } });
    expect(run.actor.getSnapshot().value).toBe('ready');
    expect(context(run)).toEqual({ tradingEmails: false, wanted: undefined, refusal: undefined });
    expect(run.log).toEqual(['showToast:{"tone":"success","message":{"key":"noticeSettings.saved"}}']);
    run.actor.send({ type: 'noticeSettings.toggle' });
    expect(run.deferred.inputsOf('saveSettings').at(-1)).toEqual({ trading_emails: true });
  });

  it('a refusal keeps the saved value and says why, without a toast, until the next press', async () => {
    const run = await loaded(true);
    run.actor.send({ type: 'noticeSettings.toggle' });
    await run.settle({ type: 'xstate.error.actor.saveSettings', error: { kind: 'server', serverMessage: 'Zu viele Änderungen' } });
    expect(run.actor.getSnapshot().value).toBe('ready');
    expect(context(run)).toEqual({ tradingEmails: true, wanted: undefined, refusal: { text: 'Zu viele Änderungen' } });
    expect(run.log).toEqual([]);
    run.actor.send({ type: 'noticeSettings.toggle' });
    expect(context(run).refusal).toBeUndefined();
    expect(run.deferred.inputsOf('saveSettings')).toEqual([{ trading_emails: false }, { trading_emails: false }]);
    await run.settle({ type: 'xstate.error.actor.saveSettings', error: { kind: 'network' } });
    expect(context(run).refusal).toEqual({ key: 'error.network' });
  });

  it('a failed read is toasted and read again on retry; nothing is pressed meanwhile', async () => {
    const run = runModel(noticeSettingsModel, { log: ['showToast'] });
    await run.settle({ type: 'xstate.error.actor.fetchSettings', error: { kind: 'network' } });
    expect(run.actor.getSnapshot().value).toBe('loadFailed');
    expect(run.log).toEqual(['showToast:{"tone":"error","message":{"key":"error.network"}}']);
    run.actor.send({ type: 'noticeSettings.toggle' });
    expect(run.deferred.inputsOf('saveSettings')).toEqual([]);
    run.actor.send({ type: 'noticeSettings.retry' });
    await run.settle({ type: 'xstate.done.actor.fetchSettings', output: { trading_emails: false } });
    expect(run.actor.getSnapshot().value).toBe('ready');
    expect(context(run).tradingEmails).toBe(false);
  });
});

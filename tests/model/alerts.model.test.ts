import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_ALERT, ALERT_LIST_FIXTURE, NEW_ALERT } from '../../src/features/alerts/machines/priceAlerts/priceAlerts.fixtures';
import { priceAlertsModel } from '../../src/features/alerts/machines/priceAlerts/priceAlerts.model';
import { describeModel, runModel } from './harness';

/**
 * The price alerts page (/alerts): its generated paths, and scenarios — it reads the list, creates
 * (a refusal kept under the form until it is edited), cancels, and reads again on a notice push.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('priceAlerts (generated paths)', () => describeModel(priceAlertsModel));

const start = async () => {
  const run = runModel(priceAlertsModel, { log: ['showToast'] });
  await run.settle({ type: 'xstate.done.actor.fetchAlerts', output: ALERT_LIST_FIXTURE });
  return run;
};
const reads = (run: Awaited<ReturnType<typeof start>>) => run.deferred.inputsOf('fetchAlerts').length;

describe('priceAlerts (scenarios)', () => {
  it('refuses a malformed request in place and sends nothing; sends a good one cleaned, shows it, and reads the list again', async () => {
    const run = await start();
    run.actor.send({ type: 'alerts.create', alert: { symbol: 'btc_usdt', condition: 'below', price: '60000.001' }, places: 2 });
    expect(run.actor.getSnapshot().context.refusal).toEqual({ key: 'alerts.errors.pricePlaces' });
    run.actor.send({ type: 'alerts.create', alert: { symbol: 'BTC_USDT', condition: 'below', price: '0' }, places: 2 });
    expect(run.actor.getSnapshot().context.refusal).toEqual({ key: 'alerts.errors.priceInvalid' });
    expect(run.deferred.inputsOf('createAlert')).toHaveLength(0);
    run.actor.send({ type: 'alerts.edit' });
    expect(run.actor.getSnapshot().context.refusal).toBeUndefined();
    run.actor.send({ type: 'alerts.create', alert: { symbol: 'btc_usdt', condition: 'below', price: ' 60000 ' }, places: 2 });
    expect(run.deferred.inputsOf('createAlert')).toEqual([{ market: 'spot', symbol: 'BTC_USDT', condition: 'below', price: '60000' }]);
    await run.settle({ type: 'xstate.done.actor.createAlert', output: NEW_ALERT });
    expect(run.actor.getSnapshot().value).toBe('loading');
    expect(run.actor.getSnapshot().context.list?.active.map((a: { id: number }) => a.id)).toEqual([ACTIVE_ALERT.id, NEW_ALERT.id]);
    expect(run.actor.getSnapshot().context.created).toBe(1);
    expect(run.log).toContain('showToast:{"tone":"success","message":{"key":"alerts.created"}}');
    expect(reads(run)).toBe(2);
  });

  it("keeps the server's refusal under the form until it is edited", async () => {
    const run = await start();
    run.actor.send({ type: 'alerts.create', alert: { market: 'futures', symbol: 'BTC_USDT', condition: 'above', price: '1' }, places: 2 });
    expect(run.deferred.inputsOf('createAlert')).toEqual([{ market: 'futures', symbol: 'BTC_USDT', condition: 'above', price: '1' }]);
    await run.settle({ type: 'xstate.error.actor.createAlert', error: { kind: 'server', serverMessage: 'The price is already above 1' } });
    expect(run.actor.getSnapshot().value).toBe('ready');
    expect(run.actor.getSnapshot().context.refusal).toEqual({ text: 'The price is already above 1' });
    run.actor.send({ type: 'alerts.edit' });
    expect(run.actor.getSnapshot().context.refusal).toBeUndefined();
  });

  it('cancels only an alert it shows, takes it off, and a refusal is toasted and the list read again', async () => {
    const run = await start();
    run.actor.send({ type: 'alerts.cancel', id: 999 });
    expect(run.actor.getSnapshot().value).toBe('ready');
    run.actor.send({ type: 'alerts.cancel', id: ACTIVE_ALERT.id });
    expect(run.deferred.inputsOf('cancelAlert')).toEqual([{ id: ACTIVE_ALERT.id }]);
    await run.settle({ type: 'xstate.error.actor.cancelAlert', error: { kind: 'server', serverMessage: 'This alert is no longer active' } });
    expect(run.log).toContain('showToast:{"tone":"error","message":{"text":"This alert is no longer active"}}');
    expect(run.actor.getSnapshot().value).toBe('loading');
    await run.settle({ type: 'xstate.done.actor.fetchAlerts', output: ALERT_LIST_FIXTURE });
    run.actor.send({ type: 'alerts.cancel', id: ACTIVE_ALERT.id });
    await run.settle({ type: 'xstate.done.actor.cancelAlert', output: { ...ACTIVE_ALERT, status: 'cancelled' } });
    expect(run.actor.getSnapshot().context.list?.active).toEqual([]);
    expect(run.actor.getSnapshot().context.cancelling).toBeUndefined();
  });

  it('reads the list again on a notice push, also one heard while a create was refused', async () => {
    const run = await start();
    run.actor.send({ type: 'alerts.pushed' });
    expect(run.actor.getSnapshot().value).toBe('loading');
    await run.settle({ type: 'xstate.done.actor.fetchAlerts', output: ALERT_LIST_FIXTURE });
    run.actor.send({ type: 'alerts.create', alert: { symbol: 'BTC_USDT', condition: 'above', price: '1' }, places: 2 });
    run.actor.send({ type: 'alerts.pushed' });
    await run.settle({ type: 'xstate.error.actor.createAlert', error: { kind: 'server', serverMessage: 'Refused' } });
    expect(run.actor.getSnapshot().value).toBe('loading');
    expect(run.actor.getSnapshot().context.stale).toBe(false);
    expect(reads(run)).toBe(3);
  });

  it('a failed read keeps the form usable and retries on demand', async () => {
    const run = runModel(priceAlertsModel, { log: ['showToast'] });
    await run.settle({ type: 'xstate.error.actor.fetchAlerts', error: { kind: 'network' } });
    expect(run.actor.getSnapshot().value).toBe('loadFailed');
    run.actor.send({ type: 'alerts.create', alert: { symbol: 'BTC_USDT', condition: 'above', price: '80000' }, places: 2 });
    expect(run.actor.getSnapshot().value).toBe('creating');
    await run.settle({ type: 'xstate.error.actor.createAlert', error: { kind: 'network' } });
    expect(run.actor.getSnapshot().value).toBe('loadFailed');
    expect(run.actor.getSnapshot().context.refusal).toEqual({ key: 'error.network' });
    run.actor.send({ type: 'alerts.retry' });
    await run.settle({ type: 'xstate.done.actor.fetchAlerts', output: ALERT_LIST_FIXTURE });
    expect(run.actor.getSnapshot().value).toBe('ready');
  });
});

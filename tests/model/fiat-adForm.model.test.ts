import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { adFormModel } from '../../src/features/fiat/machines/adForm/adForm.model';
import { AD, METHOD } from '../../src/features/fiat/machines/fiatFixtures';

const STANDING = { suspended_until: null, unpaid_24h: 0, max_unpaid: 5, online_ads: 1, max_online_ads: 50, server_now: 0 };
import { deferredActors, standInsFor } from './harness';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('P2P ad form (scenarios)', () => {
  it('after publishing, the figures leave the form so a second press cannot publish the same ad again; the choices stay (issue 37 §19)', async () => {
    const deferred = standInsFor(adFormModel.machine);
    const actor = createActor(adFormModel.machine.provide({ actors: deferred.actors, actions: { showToast: () => undefined } }), { input: { fiat: 'USD' } }).start();
    const mine = { ads: { list: [], total: 0, page: 1, size: 10, frozen: [] }, methods: [METHOD], standing: STANDING };
    deferred.settle({ type: 'xstate.done.actor.loadMine', output: mine });
    await vi.advanceTimersByTimeAsync(0);
    for (const [field, value] of [['fixed_price', '1.01'], ['total', '100'], ['min_amount', '10'], ['max_amount', '100'], ['terms', 'Bank transfer only']] as const) {
      actor.send({ type: 'ad.field', field, value });
    }
    actor.send({ type: 'ad.method', methodId: METHOD.id, on: true });
    actor.send({ type: 'ad.submit' });
    actor.send({ type: 'ad.confirm' });
    deferred.settle({ type: 'xstate.done.actor.publishAd', output: AD });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.form).toMatchObject({ side: 'sell', crypto: 'USDT', fiat: 'USD', price_kind: 'fixed', fixed_price: '', total: '', min_amount: '', max_amount: '', terms: '' });
    expect(actor.getSnapshot().context.methodIds).toEqual([METHOD.id]);
    deferred.settle({ type: 'xstate.done.actor.loadMine', output: mine });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ad.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(deferred.inputsOf('publishAd')).toHaveLength(1);
  });

  it('while My ads is read again the form takes typing and a ticked method, and the pager reads the page asked for', async () => {
    const deferred = standInsFor(adFormModel.machine);
    const actor = createActor(adFormModel.machine.provide({ actors: deferred.actors, actions: { showToast: () => undefined } }), { input: { fiat: 'USD' } }).start();
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'ad.field', field: 'total', value: '250' });
    actor.send({ type: 'ad.method', methodId: METHOD.id, on: true });
    expect(actor.getSnapshot().context).toMatchObject({ form: { total: '250' }, methodIds: [METHOD.id] });
    actor.send({ type: 'ad.page', page: 2 });
    expect(deferred.inputsOf('loadMine').at(-1)).toEqual({ page: 2, size: 10 });
  });

  it('pausing asks through `changeStatus`, closing through `closeAd` (the shared confirm-then-act); a change done reads the page again', async () => {
    const deferred = standInsFor(adFormModel.machine);
    const act = deferredActors(['act']);
    const asking = confirmActing(act.actors.act, () => undefined);
    const actor = createActor(adFormModel.machine.provide({ actors: { ...deferred.actors, changeStatus: asking, closeAd: asking }, actions: { showToast: () => undefined } }), { input: { fiat: 'USD' } }).start();
    const mine = { ads: { list: [{ ...AD, frozen: AD.remaining }], total: 1, page: 1, size: 10, frozen: [] }, methods: [METHOD], standing: STANDING };
    deferred.settle({ type: 'xstate.done.actor.loadMine', output: mine });
    await vi.advanceTimersByTimeAsync(0);
    const child = (id: 'changeStatus' | 'closeAd') => actor.getSnapshot().children[id]!;
    actor.send({ type: 'ad.status', adId: AD.id, status: 'closed' });
    expect(child('closeAd').getSnapshot().value).toBe('confirming');
    expect(child('changeStatus').getSnapshot().value).toBe('idle');
    child('closeAd').send({ type: 'confirmAct.cancel' });
    actor.send({ type: 'ad.status', adId: AD.id, status: 'paused' });
    child('changeStatus').send({ type: 'confirmAct.confirm' });
    expect(act.inputsOf('act')).toEqual([{ adId: AD.id, status: 'paused' }]);
    act.settle({ type: 'xstate.done.actor.act', output: { ...AD, status: 'paused' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(deferred.inputsOf('loadMine')).toHaveLength(2);
  });
});

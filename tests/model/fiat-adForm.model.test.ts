import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { adFormModel } from '../../src/features/fiat/machines/adForm/adForm.model';
import { AD, METHOD } from '../../src/features/fiat/machines/fiatFixtures';

const STANDING = { suspended_until: null, unpaid_24h: 0, max_unpaid: 5, online_ads: 1, max_online_ads: 50, server_now: 0 };
import { refusedProofStays } from './fiatProof';
import { deferredActors, standInsFor } from './harness';
import { confirmActing, type ConfirmActActorRef } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { provenActing, type ProvenActActorRef } from '../../src/features/fiat/machines/provenAct/provenAct.machine';

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
    actor.send({ type: 'ad.confirm', fundsPassword: 'Funds-1', totpCode: '' });
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

  it('a sell ad is published only with the funds password and, 2FA on, the code; a refusal stays in the confirmation with its reason (issue 49 §2)', async () => {
    const deferred = standInsFor(adFormModel.machine);
    const actor = createActor(adFormModel.machine.provide({ actors: deferred.actors, actions: { showToast: () => undefined } }), { input: { fiat: 'USD' } }).start();
    deferred.settle({ type: 'xstate.done.actor.loadMine', output: { ads: { list: [], total: 0, page: 1, size: 10, frozen: [] }, methods: [METHOD], standing: STANDING, twoFactor: true } });
    await vi.advanceTimersByTimeAsync(0);
    for (const [field, value] of [['fixed_price', '1.01'], ['total', '100'], ['min_amount', '10'], ['max_amount', '100']] as const) actor.send({ type: 'ad.field', field, value });
    actor.send({ type: 'ad.method', methodId: METHOD.id, on: true });
    actor.send({ type: 'ad.submit' });
    const { first, second } = await refusedProofStays({ actor, deferred, confirm: 'ad.confirm', sends: 'publishAd' });
    expect(first).toMatchObject({ side: 'sell', total: '100', funds_password: 'Funds-1', totp_code: '123456' });
    expect(second).toMatchObject({ funds_password: 'Funds-1', totp_code: '654321' });
  });

  it('a buy ad asks for nothing; its refusal goes back to the form', async () => {
    const deferred = standInsFor(adFormModel.machine);
    const actor = createActor(adFormModel.machine.provide({ actors: deferred.actors, actions: { showToast: () => undefined } }), { input: { fiat: 'USD' } }).start();
    deferred.settle({ type: 'xstate.done.actor.loadMine', output: { ads: { list: [], total: 0, page: 1, size: 10, frozen: [] }, methods: [METHOD], standing: STANDING, twoFactor: true } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ad.field', field: 'side', value: 'buy' });
    for (const [field, value] of [['fixed_price', '1.01'], ['total', '100'], ['min_amount', '10'], ['max_amount', '100']] as const) actor.send({ type: 'ad.field', field, value });
    actor.send({ type: 'ad.submit' });
    actor.send({ type: 'ad.confirm' });
    expect((deferred.inputsOf('publishAd')[0] as { request: object }).request).not.toHaveProperty('funds_password');
    deferred.settle({ type: 'xstate.error.actor.publishAd', error: { kind: 'server', serverMessage: 'You can have at most 3 ads online at once' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('resuming a sell ad asks through `resumeAd` with the proof; resuming a buy ad through `changeStatus`', async () => {
    const deferred = standInsFor(adFormModel.machine);
    const act = deferredActors(['act', 'resume', 'readTwoFactor']);
    const asking = confirmActing(act.actors.act, () => undefined);
    const resuming = provenActing(act.actors.resume as never, act.actors.readTwoFactor as never, () => undefined);
    const actor = createActor(adFormModel.machine.provide({ actors: { ...deferred.actors, changeStatus: asking, closeAd: asking, resumeAd: resuming }, actions: { showToast: () => undefined } }), { input: { fiat: 'USD' } }).start();
    const paused = (side: 'buy' | 'sell', id: number) => ({ ...AD, id, side, status: 'paused' as const, frozen: '0' });
    deferred.settle({ type: 'xstate.done.actor.loadMine', output: { ads: { list: [paused('sell', 1), paused('buy', 2)], total: 2, page: 1, size: 10, frozen: [] }, methods: [METHOD], standing: STANDING } });
    await vi.advanceTimersByTimeAsync(0);
    const status = () => actor.getSnapshot().children.changeStatus as ConfirmActActorRef;
    const resume = () => actor.getSnapshot().children.resumeAd as ProvenActActorRef;
    actor.send({ type: 'ad.status', adId: 2, status: 'online' });
    expect(status().getSnapshot().value).toBe('confirming');
    expect(resume().getSnapshot().value).toBe('idle');
    status().send({ type: 'confirmAct.cancel' });
    actor.send({ type: 'ad.status', adId: 1, status: 'online' });
    expect(status().getSnapshot().value).toBe('idle');
    act.settle({ type: 'xstate.done.actor.readTwoFactor', output: false });
    await vi.advanceTimersByTimeAsync(0);
    resume().send({ type: 'provenAct.confirm', fundsPassword: 'Funds-1', totpCode: '' });
    expect(act.inputsOf('resume')).toEqual([{ subject: { adId: 1, status: 'online' }, proof: { funds_password: 'Funds-1' } }]);
    act.settle({ type: 'xstate.done.actor.act', output: { ...AD, id: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loading');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { AD, METHOD, ORDER } from '../../src/features/fiat/machines/fiatFixtures';
import { fiatTakeMachine } from '../../src/features/fiat/machines/fiatTake/fiatTake.machine';
import { refusedProofStays, WITHDRAWALS_LOCKED } from './fiatProof';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const BUY_AD = { ...AD, id: 12, side: 'buy' as const };

/** The take page's machine over deferred stand-ins, its ad loaded. */
async function takePage(ad: typeof AD, twoFactor: boolean | undefined) {
  const deferred = standInsFor(fiatTakeMachine);
  const toasts: string[] = [];
  const actor = createActor(fiatTakeMachine.provide({ actors: deferred.actors, actions: { showToast: (_, p) => void toasts.push('key' in p.message ? p.message.key : p.message.text) } }), {
    input: { adId: ad.id, by: 'amount', value: '101' },
  }).start();
  deferred.settle({ type: 'xstate.done.actor.loadTake', output: { ad, methods: [METHOD], twoFactor } });
  await vi.advanceTimersByTimeAsync(0);
  return { actor, deferred, toasts };
}

describe('P2P take (scenarios, issue 49 §2)', () => {
  it('a sale into a buy ad is sent only with the funds password and, 2FA on, the code; a refusal stays in the confirmation and Confirm again is the same sale', async () => {
    const { actor, deferred, toasts } = await takePage(BUY_AD, true);
    actor.send({ type: 'take.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    const { first, second } = await refusedProofStays({ actor, deferred, confirm: 'take.confirm', sends: 'submitTake' });
    expect(first).toEqual({ ad_id: BUY_AD.id, by: 'amount', value: '101', method_id: METHOD.id, funds_password: 'Funds-1', totp_code: '123456' });
    expect(second).toMatchObject({ totp_code: '654321' });
    deferred.settle({ type: 'xstate.done.actor.submitTake', output: { ...ORDER, role: 'seller', side: 'sell' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('done');
    expect(toasts).toEqual([WITHDRAWALS_LOCKED]);
  });

  it('a purchase asks for nothing and sends no proof; its refusal goes back to the form', async () => {
    const { actor, deferred } = await takePage(AD, true);
    actor.send({ type: 'take.submit' });
    actor.send({ type: 'take.confirm' });
    expect(deferred.inputsOf('submitTake')).toEqual([{ request: { ad_id: AD.id, by: 'amount', value: '101' }, idempotencyKey: `local-key-${AD.id}` }]);
    deferred.settle({ type: 'xstate.error.actor.submitTake', error: { kind: 'server', serverMessage: 'This ad has only 50 USDT left' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('when whether 2FA is on is not known, a sale may go without a code (the server says if one was needed)', async () => {
    const { actor, deferred } = await takePage(BUY_AD, undefined);
    actor.send({ type: 'take.submit' });
    actor.send({ type: 'take.confirm', fundsPassword: 'Funds-1', totpCode: '' });
    expect((deferred.inputsOf('submitTake')[0] as { request: object }).request).toEqual({ ad_id: BUY_AD.id, by: 'amount', value: '101', method_id: METHOD.id, funds_password: 'Funds-1' });
  });
});

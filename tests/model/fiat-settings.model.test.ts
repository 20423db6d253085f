import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LegalTradePatch } from '../../domain/fiatSettings';
import { fiatSettingsMachine } from '../../src/features/fiat/machines/fiatSettings/fiatSettings.machine';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const CURRENT = { pay_time: 120, confirm_time: 60, max_unpaid_num: 5, suspend_time: 1440, max_online_ads: 50 };
/** The P2P guards as the form shows them, unchanged. */
const GUARDS = { suspend_time: '1440', max_online_ads: '50' };

/** The settings tab over a scripted server: what it holds, what each save sent, and the toasts. */
function desk(options: { refuse?: boolean } = {}) {
  let held = { ...CURRENT };
  const saved: LegalTradePatch[] = [];
  const toasts: string[] = [];
  const showToast = (_: unknown, params: { message: { key: string } | { text: string } }) => void toasts.push('key' in params.message ? params.message.key : params.message.text);
  const save = fromPromise(async ({ input }: { input: LegalTradePatch }) => {
    saved.push(input);
    if (options.refuse) throw { kind: 'server', serverMessage: 'Ungültiger Wert' };
    held = { ...held, ...input };
    return held;
  });
  // The save behind its question: the shared confirm-then-act child, as fiat.flows.ts supplies it.
  const machine = fiatSettingsMachine.provide({ actors: { fetchSettings: fromPromise(async () => held), saveSettings: confirmActing(save, showToast) }, actions: { showToast } });
  const actor = createActor(machine).start();
  const question = () => actor.getSnapshot().children.saveSettings!;
  /** What the question asks about (the patch), while it asks. */
  const asked = () => (question().getSnapshot().matches('idle') ? undefined : question().getSnapshot().context.subject);
  return { actor, saved, toasts, question, asked };
}

describe('the operator\'s trade settings', () => {
  it('loads, confirms only the changed values, saves them, and starts the form again from the answer', async () => {
    const d = desk();
    await vi.advanceTimersByTimeAsync(0);
    expect(d.actor.getSnapshot().matches('ready')).toBe(true);
    expect(d.actor.getSnapshot().context).toMatchObject({ settings: CURRENT, revision: 1 });
    d.actor.send({ type: 'settings.submit', form: { ...GUARDS, pay_time: '0.25', confirm_time: '60', max_unpaid_num: '3' } });
    expect(d.asked()).toEqual({ pay_time: 0.25, max_unpaid_num: 3 });
    d.question().send({ type: 'confirmAct.confirm' });
    expect(d.question().getSnapshot().matches('acting')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(d.saved).toEqual([{ pay_time: 0.25, max_unpaid_num: 3 }]);
    expect(d.actor.getSnapshot().matches('ready')).toBe(true);
    expect(d.asked()).toBeUndefined();
    expect(d.actor.getSnapshot().context).toMatchObject({ settings: { pay_time: 0.25, confirm_time: 60, max_unpaid_num: 3 }, revision: 2 });
    expect(d.toasts).toEqual(['fiat.settings.saved']);
  });

  it('a bad value never reaches the confirmation; an unchanged form says so; going back sends nothing', async () => {
    const d = desk();
    await vi.advanceTimersByTimeAsync(0);
    d.actor.send({ type: 'settings.submit', form: { ...GUARDS, pay_time: '0', confirm_time: '60', max_unpaid_num: '5' } });
    d.actor.send({ type: 'settings.submit', form: { ...GUARDS, pay_time: '30', confirm_time: '60', max_unpaid_num: '101' } });
    expect(d.actor.getSnapshot().matches('ready')).toBe(true);
    d.actor.send({ type: 'settings.submit', form: { ...GUARDS, pay_time: '120', confirm_time: '60.00', max_unpaid_num: '5' } });
    expect(d.asked()).toBeUndefined();
    expect(d.toasts).toEqual(['fiat.settings.unchanged']);
    d.actor.send({ type: 'settings.submit', form: { ...GUARDS, pay_time: '90', confirm_time: '60', max_unpaid_num: '5' } });
    expect(d.asked()).toEqual({ pay_time: 90 });
    d.question().send({ type: 'confirmAct.cancel' });
    expect(d.asked()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(d.saved).toEqual([]);
  });

  it('a refused save goes back to the form with the server\'s translated reason, the settings unchanged', async () => {
    const d = desk({ refuse: true });
    await vi.advanceTimersByTimeAsync(0);
    d.actor.send({ type: 'settings.submit', form: { ...GUARDS, pay_time: '90', confirm_time: '60', max_unpaid_num: '5' } });
    d.question().send({ type: 'confirmAct.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(d.actor.getSnapshot().matches('ready')).toBe(true);
    expect(d.asked()).toBeUndefined();
    expect(d.actor.getSnapshot().context).toMatchObject({ settings: CURRENT, revision: 1 });
    expect(d.toasts).toEqual(['Ungültiger Wert']);
  });
});

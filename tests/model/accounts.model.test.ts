import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { apiKeysModel } from '../../src/features/accounts/machines/apiKeys/apiKeys.model';
import { loginModel } from '../../src/features/accounts/machines/login/login.model';
import { registrationModel } from '../../src/features/accounts/machines/registration/registration.model';
import { twoFactorLoginModel } from '../../src/features/accounts/machines/twoFactor/twoFactorLogin.model';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { sessionsMachine } from '../../src/features/accounts/machines/sessions/sessions.machine';
import { antiPhishingMachine } from '../../src/features/accounts/machines/antiPhishing/antiPhishing.machine';
import { securityLevelMachine } from '../../src/features/accounts/machines/securityLevel/securityLevel.machine';
import { twoFactorEnrolmentMachine } from '../../src/features/accounts/machines/twoFactor/twoFactorEnrolment.machine';
import { deferredActors, settlerOf, standInsFor, startAsking } from './harness';
import { createSecuritySignals } from '../../src/features/accounts/actors/safety.actors';
import { addressNetworksMachine } from '../../src/features/accounts/machines/addressNetworks/addressNetworks.machine';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());


describe('login machine (scenarios)', () => {

  it('a double press submits once, inside the 2000 ms window', async () => {
    const deferred = standInsFor(loginModel.machine);
    const actor = createActor(loginModel.machine.provide({ actors: deferred.actors })).start();
    const fields = { account: 'ada@example.org', password: 'Trader2026' };
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('submitting');
    deferred.settle({ type: 'xstate.error.actor.login', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(deferred.inputsOf('login')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(deferred.inputsOf('login')).toEqual([fields, fields]);
  });
});

describe('registration machine (scenarios)', () => {

  it('counts the resend window down from 60 seconds and allows a new code only after it', async () => {
    const deferred = standInsFor(registrationModel.machine);
    const actor = createActor(registrationModel.machine.provide({ actors: deferred.actors })).start();
    actor.send({ type: 'reg.sendCode', fields: { account: 'ada@example.org' } });
    deferred.settle({ type: 'xstate.done.actor.sendCode', output: null });
    await vi.advanceTimersByTimeAsync(0);
    // The page shows the countdown child's seconds, from its own snapshot.
    const resendIn = () => (actor.getSnapshot().children.resendCountdown?.getSnapshot() as { context: { remaining: number } } | undefined)?.context.remaining;
    expect(resendIn()).toBe(60);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(resendIn()).toBe(45);
    actor.send({ type: 'reg.sendCode', fields: { account: 'ada@example.org' } });
    expect(deferred.inputsOf('sendCode')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(actor.getSnapshot().value).toMatchObject({ resend: 'ready' });
    actor.send({ type: 'reg.sendCode', fields: { account: 'ada@example.org' } });
    expect(deferred.inputsOf('sendCode')).toHaveLength(2);
  });

  it('sends step two with the step-one account and code, and forgets the passwords afterwards', async () => {
    const deferred = standInsFor(registrationModel.machine);
    const actor = createActor(registrationModel.machine.provide({ actors: deferred.actors })).start();
    actor.send({ type: 'reg.checkCode', fields: { account: 'ada@example.org', code: '123456' } });
    deferred.settle({ type: 'xstate.done.actor.checkCode', output: {} });
    await vi.advanceTimersByTimeAsync(0);
    const details = { password: 'Trader2026', password_repeat: 'Trader2026', funds_password: 'Funds2026', funds_password_repeat: 'Funds2026', invitation_code: 'OPENEX', agree: true };
    actor.send({ type: 'reg.submit', fields: details });
    expect(deferred.inputsOf('register')).toEqual([{ account: 'ada@example.org', code: '123456', ...details }]);
    deferred.settle({ type: 'xstate.error.actor.register', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.details).toBeUndefined();
  });

  it('a refused invitation code is said under its field, any other refusal in the form, with no toast, until the next submit or going back', async () => {
    const deferred = standInsFor(registrationModel.machine);
    const toasts: unknown[] = [];
    const actor = createActor(registrationModel.machine.provide({ actors: deferred.actors, actions: { showToast: (_, params) => void toasts.push(params) } })).start();
    actor.send({ type: 'reg.checkCode', fields: { account: 'ada@example.org', code: '123456' } });
    deferred.settle({ type: 'xstate.done.actor.checkCode', output: {} });
    await vi.advanceTimersByTimeAsync(0);
    const details = { password: 'Trader2026', password_repeat: 'Trader2026', funds_password: 'Funds2026', funds_password_repeat: 'Funds2026', invitation_code: 'NOPE', agree: true };
    actor.send({ type: 'reg.submit', fields: details });
    deferred.settle({ type: 'xstate.error.actor.register', error: { kind: 'server', serverMessage: 'Der Einladungscode ist ungültig', field: 'invitation_code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toMatchObject({ flow: 'details' });
    expect(actor.getSnapshot().context.invitationRefusal).toEqual({ code: 'NOPE', message: { text: 'Der Einladungscode ist ungültig' } });
    expect(toasts).toEqual([]);
    actor.send({ type: 'reg.submit', fields: { ...details, invitation_code: 'OPENEX' } });
    expect(actor.getSnapshot().context.invitationRefusal).toBeUndefined();
    // Any other refusal is written in the form (no toast) until the form is sent again.
    deferred.settle({ type: 'xstate.error.actor.register', error: { kind: 'server', serverMessage: 'The password is too easy to guess' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.invitationRefusal).toBeUndefined();
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'The password is too easy to guess' });
    expect(toasts).toEqual([]);
    actor.send({ type: 'reg.submit', fields: { ...details, invitation_code: 'OPENEX' } });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });
});

describe('2FA sign-in step (scenarios)', () => {
  it('a refused code stays written under the field until the next try or a switch to a recovery code', async () => {
    const deferred = standInsFor(twoFactorLoginModel.machine);
    const actor = createActor(twoFactorLoginModel.machine.provide({ actors: deferred.actors }), { input: { challenge: 'c1' } }).start();
    actor.send({ type: 'code.submit', code: ' 123456 ' });
    expect(deferred.inputsOf('verify')).toEqual([{ challenge: 'c1', code: '123456' }]);
    deferred.settle({ type: 'xstate.error.actor.verify', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context.recovery).toBe(false);
    // Long after the toast is gone, the refusal is still on screen.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'Wrong or already used authentication code' });
    actor.send({ type: 'recovery.use' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    actor.send({ type: 'code.submit', code: 'ABCDE-FGHJK' });
    deferred.settle({ type: 'xstate.error.actor.verify', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context.recovery).toBe(true);
    expect(actor.getSnapshot().context.refusal).toBeDefined();
    actor.send({ type: 'code.submit', code: 'ABCDE-FGHJM' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });
});

describe('API keys (scenarios)', () => {
  const KEY = 'K'.repeat(64);
  const SECRET = 'S'.repeat(64);
  const listed = { api_key: KEY, label: 'bot', permissions: ['read' as const, 'trade' as const], ip_allowlist: [], created_ms: 1, last_used_ms: null, last_used_ip: null };

  async function loaded(enabled: boolean, keys: (typeof listed)[]) {
    const deferred = standInsFor(apiKeysModel.machine);
    // Deleting asks through the shared confirm-then-act child, acting with a deferred delete.
    const deleteKey = deferredActors(['act']);
    const actor = createActor(apiKeysModel.machine.provide({ actors: { ...deferred.actors, deleteKey: confirmActing(deleteKey.actors.act, () => undefined) } })).start();
    const settle = settlerOf(deferred);
    await settle({ type: 'xstate.done.actor.fetchStatus', output: { enabled, recovery_codes_left: 0, withdrawals_locked_until: 0 } });
    await settle({ type: 'xstate.done.actor.fetchKeys', output: keys });
    return { deferred, deleteKey, actor, settle };
  }

  /** The page (2FA off, listing `keys`) after a read-only key was created: its secret shown, the list being read again. */
  async function withKeyCreated(keys: (typeof listed)[]) {
    const page = await loaded(false, keys);
    page.actor.send({ type: 'apiKeys.create', fields: { label: 'bot', permissions: ['read'], ip_allowlist: [] } });
    await page.settle({ type: 'xstate.done.actor.createKey', output: { api_key: KEY, secret: SECRET } });
    return page;
  }

  it('shows the secret once, then it is gone after leaving the page (a new actor reads only the list)', async () => {
    const { deferred, actor, settle } = await loaded(false, []);
    actor.send({ type: 'apiKeys.create', fields: { label: ' bot ', permissions: ['read', 'trade'], ip_allowlist: [] } });
    expect(deferred.inputsOf('createKey')).toEqual([{ label: 'bot', permissions: ['read', 'trade'], ip_allowlist: [], totp_code: undefined }]);
    await settle({ type: 'xstate.done.actor.createKey', output: { api_key: KEY, secret: SECRET } });
    await settle({ type: 'xstate.done.actor.fetchKeys', output: [listed] });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.created).toEqual({ api_key: KEY, secret: SECRET });
    actor.send({ type: 'apiKeys.copySecret' });
    expect(deferred.inputsOf('copyText')).toEqual([{ text: SECRET }]);
    // Leaving the page stops its actor; coming back starts a new one from the list, which never carries a secret.
    actor.stop();
    const again = await loaded(false, [listed]);
    expect(again.actor.getSnapshot().context.created).toBeUndefined();
    expect(JSON.stringify(again.actor.getSnapshot().context)).not.toContain(SECRET);
  });

  it('"Copy" clicked the moment the secret appears, while the list is read again, copies it (the secret is shown once)', async () => {
    const { deferred, actor, settle } = await withKeyCreated([]);
    expect(actor.getSnapshot().value).toBe('listing');
    actor.send({ type: 'apiKeys.copySecret' });
    expect(deferred.inputsOf('copyText')).toEqual([{ text: SECRET }]);
    await settle({ type: 'xstate.done.actor.copyText', output: true });
    // The list is read again after the copy, so the new key is listed.
    expect(actor.getSnapshot().value).toBe('listing');
    actor.send({ type: 'apiKeys.secretSaved' });
    expect(actor.getSnapshot().context.created).toBeUndefined();
  });

  it('"I have saved it" takes the secret away; deleting that key does too', async () => {
    const { deleteKey, actor, settle } = await withKeyCreated([listed]);
    await settle({ type: 'xstate.done.actor.fetchKeys', output: [listed] });
    actor.send({ type: 'apiKeys.delete', apiKey: KEY });
    const question = actor.getSnapshot().children.deleteKey!;
    expect(question.getSnapshot().value).toBe('confirming');
    question.send({ type: 'confirmAct.confirm' });
    expect(deleteKey.inputsOf('act')).toEqual([{ api_key: KEY }]);
    await settlerOf(deleteKey)({ type: 'xstate.done.actor.act', output: null });
    expect(actor.getSnapshot().value).toBe('listing');
    expect(actor.getSnapshot().context.created).toBeUndefined();
  });

  it('with 2FA on, a key is not asked for without a code; withdraw without an allowlist is refused here', async () => {
    const { deferred, actor } = await loaded(true, []);
    actor.send({ type: 'apiKeys.create', fields: { label: 'bot', permissions: ['read'], ip_allowlist: [] } });
    actor.send({ type: 'apiKeys.create', fields: { label: 'bot', permissions: ['withdraw'], ip_allowlist: [], totp_code: '123456' } });
    expect(deferred.inputsOf('createKey')).toEqual([]);
    actor.send({ type: 'apiKeys.create', fields: { label: 'bot', permissions: ['withdraw'], ip_allowlist: ['203.0.113.7'], totp_code: ' 123456 ' } });
    expect(deferred.inputsOf('createKey')).toEqual([{ label: 'bot', permissions: ['withdraw'], ip_allowlist: ['203.0.113.7'], totp_code: '123456' }]);
  });
});

describe('sessions (scenarios)', () => {
  const here = { id: 1, device: 'Chrome / Windows', ip: '10.0.0.1', created_at: '2026-01-01T00:00:00.000Z', last_seen_at: '2026-01-01T01:00:00.000Z', current: true };
  const second = { ...here, id: 2, current: false };
  const third = { ...here, id: 3, current: false };

  it('a sign-out clicked while the list is read again after the one before asks about that session', async () => {
    const { actor, deferred, act, actsOnlyOnConfirm } = startAsking(sessionsMachine, 'revokeSession');
    deferred.settle({ type: 'xstate.done.actor.fetchSessions', output: [here, second, third] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actsOnlyOnConfirm(() => actor.send({ type: 'sessions.revoke', id: 2 }))).toEqual([{ id: 2 }]);
    act.settle({ type: 'xstate.done.actor.act', output: null });
    await vi.advanceTimersByTimeAsync(0);
    // The list is read again; the rows on screen are still the three.
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'sessions.revoke', id: 3 });
    expect(actor.getSnapshot().children.revokeSession!.getSnapshot().value).toBe('confirming');
  });
});

/** Issue 49: security changes take a proof, and a locked second step is unlocked by email. */
describe('security changes with proof (scenarios)', () => {
  const status = (enabled: boolean, locked = false) => ({ enabled, recovery_codes_left: enabled ? 10 : 0, withdrawals_locked_until: 0, locked });
  const level = (allowlist: boolean, twoFactor: boolean) => ({
    items: [
      { id: 'two_factor' as const, on: twoFactor },
      { id: 'identity' as const, on: false },
      { id: 'anti_phishing' as const, on: false },
      { id: 'allowlist' as const, on: allowlist },
    ],
    score: 1,
    level: 'low' as const,
    next: 'identity' as const,
    allowlist,
    withdrawals_locked_until: 0,
  });

  it('2FA enrolment asks the login password first, forgets it once answered, and shows the withdrawal lock it started', async () => {
    const deferred = standInsFor(twoFactorEnrolmentMachine);
    const actor = createActor(twoFactorEnrolmentMachine.provide({ actors: deferred.actors }), {}).start();
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: status(false) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'enrol.start' });
    expect(actor.getSnapshot().value).toBe('askingPassword');
    expect(deferred.inputsOf('begin')).toEqual([]);
    actor.send({ type: 'enrol.password', password: 'Wrong2026!' });
    expect(deferred.inputsOf('begin')).toEqual([{ password: 'Wrong2026!' }]);
    deferred.settle({ type: 'xstate.error.actor.begin', error: { kind: 'server', serverMessage: 'The login password is wrong' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('askingPassword');
    expect(actor.getSnapshot().context.password).toBe('');
    actor.send({ type: 'enrol.password', password: 'Trader2026!' });
    deferred.settle({ type: 'xstate.done.actor.begin', output: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', issuer: 'OpenEx', account: 'ada@example.org' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('scanning');
    expect(actor.getSnapshot().context.password).toBe('');
    actor.send({ type: 'enrol.confirm', code: '123456' });
    deferred.settle({ type: 'xstate.done.actor.confirm', output: { recovery_codes: ['ABCDE-FGHJK'], withdrawals_locked_until: 1_800_000_000_000 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('showingCodes');
    expect(actor.getSnapshot().context.status).toEqual({ enabled: true, recovery_codes_left: 1, withdrawals_locked_until: 1_800_000_000_000, locked: false });
  });

  it('locked 2FA in the user centre: an unlock code is emailed, then typed; a refused turn-off reads the status to find the lock', async () => {
    const deferred = standInsFor(twoFactorEnrolmentMachine);
    const actor = createActor(twoFactorEnrolmentMachine.provide({ actors: deferred.actors }), {}).start();
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: status(true) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'disable.submit', code: '111111' });
    deferred.settle({ type: 'xstate.error.actor.disable', error: { kind: 'server', serverMessage: 'Too many wrong authentication codes' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('rechecking');
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: status(true, true) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'unlock.send' });
    deferred.settle({ type: 'xstate.done.actor.sendUnlock', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.unlockSent).toBe(true);
    actor.send({ type: 'unlock.submit', code: ' 654321 ' });
    expect(deferred.inputsOf('unlock')).toEqual([{ code: '654321' }]);
    deferred.settle({ type: 'xstate.done.actor.unlock', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('on');
    expect(actor.getSnapshot().context.status?.locked).toBe(false);
  });

  it("the sign-in's step, locked: the emailed unlock goes with the challenge, then the app's code is taken again", async () => {
    const deferred = standInsFor(twoFactorLoginModel.machine);
    const actor = createActor(twoFactorLoginModel.machine.provide({ actors: deferred.actors }), { input: { challenge: 'c9', locked: true } }).start();
    actor.send({ type: 'unlock.send' });
    expect(deferred.inputsOf('sendUnlock')).toEqual([{ challenge: 'c9' }]);
    deferred.settle({ type: 'xstate.done.actor.sendUnlock', output: null });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'unlock.submit', code: '654321' });
    expect(deferred.inputsOf('unlock')).toEqual([{ challenge: 'c9', code: '654321' }]);
    deferred.settle({ type: 'xstate.done.actor.unlock', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ locked: false, unlockSent: false });
    actor.send({ type: 'code.submit', code: '123456' });
    expect(deferred.inputsOf('verify')).toEqual([{ challenge: 'c9', code: '123456' }]);
  });

  it('turning 2FA on or off on the security page reads the security level again, with the level still shown (issue 50 M2)', async () => {
    const signals = createSecuritySignals();
    const levelStandIns = standInsFor(securityLevelMachine);
    const levels = createActor(securityLevelMachine.provide({ actors: { ...levelStandIns.actors, securitySignals: signals.actor } }), {}).start();
    levelStandIns.settle({ type: 'xstate.done.actor.fetchLevel', output: level(false, false) });
    await vi.advanceTimersByTimeAsync(0);
    const enrolStandIns = standInsFor(twoFactorEnrolmentMachine);
    const enrolment = createActor(twoFactorEnrolmentMachine.provide({ actors: enrolStandIns.actors, actions: { securityChanged: signals.changed } }), {}).start();
    enrolStandIns.settle({ type: 'xstate.done.actor.fetchStatus', output: status(false) });
    await vi.advanceTimersByTimeAsync(0);
    enrolment.send({ type: 'enrol.start' });
    enrolment.send({ type: 'enrol.password', password: 'Trader2026!' });
    enrolStandIns.settle({ type: 'xstate.done.actor.begin', output: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', issuer: 'OpenEx', account: 'ada@example.org' } });
    await vi.advanceTimersByTimeAsync(0);
    enrolment.send({ type: 'enrol.confirm', code: '123456' });
    expect(levels.getSnapshot().value).toBe('ready');
    enrolStandIns.settle({ type: 'xstate.done.actor.confirm', output: { recovery_codes: ['ABCDE-FGHJK'], withdrawals_locked_until: 1_800_000_000_000 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(levels.getSnapshot().value).toBe('refreshing');
    expect(levels.getSnapshot().context.level?.items.find((i) => i.id === 'two_factor')?.on).toBe(false);
    levelStandIns.settle({ type: 'xstate.done.actor.refreshLevel', output: level(false, true) });
    await vi.advanceTimersByTimeAsync(0);
    expect(levels.getSnapshot().value).toBe('ready');
    expect(levels.getSnapshot().context.level?.items.find((i) => i.id === 'two_factor')?.on).toBe(true);
  });

  it('the allowlist off asks first (with the 2FA code when 2FA is on) and comes back to the question after a refusal; on is at once', async () => {
    const deferred = standInsFor(securityLevelMachine);
    const actor = createActor(securityLevelMachine.provide({ actors: deferred.actors }), {}).start();
    deferred.settle({ type: 'xstate.done.actor.fetchLevel', output: level(true, true) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'securityLevel.setAllowlist', enabled: false });
    expect(actor.getSnapshot().value).toBe('confirmingOff');
    expect(deferred.inputsOf('setAllowlist')).toEqual([]);
    actor.send({ type: 'allowlistOff.confirm', totpCode: ' 123456 ' });
    expect(deferred.inputsOf('setAllowlist')).toEqual([{ enabled: false, totp_code: '123456' }]);
    deferred.settle({ type: 'xstate.error.actor.setAllowlist', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('confirmingOff');
    actor.send({ type: 'allowlistOff.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'securityLevel.setAllowlist', enabled: false });
    actor.send({ type: 'allowlistOff.confirm', totpCode: '654321' });
    deferred.settle({ type: 'xstate.done.actor.setAllowlist', output: level(false, true) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'securityLevel.setAllowlist', enabled: true });
    expect(deferred.inputsOf('setAllowlist').at(-1)).toEqual({ enabled: true });
  });

  it('the anti-phishing code is not sent without its proof: the emailed code with 2FA off, the 2FA code with it on', async () => {
    for (const twoFactor of [false, true]) {
      const deferred = standInsFor(antiPhishingMachine);
      const actor = createActor(antiPhishingMachine.provide({ actors: deferred.actors }), {}).start();
      deferred.settle({ type: 'xstate.done.actor.fetchCode', output: { code: '', two_factor: twoFactor } });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'antiPhishing.save', code: 'Blue Otter', proof: ' ' });
      expect(deferred.inputsOf('saveCode')).toEqual([]);
      actor.send({ type: 'antiPhishing.sendCode' });
      expect(deferred.inputsOf('sendCode')).toHaveLength(twoFactor ? 0 : 1);
      if (!twoFactor) {
        deferred.settle({ type: 'xstate.done.actor.sendCode', output: null });
        await vi.advanceTimersByTimeAsync(0);
      }
      actor.send({ type: 'antiPhishing.save', code: ' Blue Otter ', proof: ' 123456 ' });
      expect(deferred.inputsOf('saveCode')).toEqual([twoFactor ? { code: 'Blue Otter', totp_code: '123456' } : { code: 'Blue Otter', email_code: '123456' }]);
    }
  });
});

describe('address book networks (scenarios)', () => {
  it('offers the chosen currency\'s networks and reads them again when the currency changes (issue 50 M12)', async () => {
    const deferred = standInsFor(addressNetworksMachine);
    const actor = createActor(addressNetworksMachine.provide({ actors: deferred.actors }), { input: { currency: 'USDT' } }).start();
    expect(deferred.inputsOf('fetchNetworks')).toEqual([{ currency: 'USDT' }]);
    const trc = { currency: 'USDT', network: 'TRC20', deposit_min: '1', withdraw_min: '10', withdraw_fee: '1', confirmations: 3, deposit_enabled: true, withdraw_enabled: true };
    deferred.settle({ type: 'xstate.done.actor.fetchNetworks', output: [trc] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.networks.map((n) => n.network)).toEqual(['TRC20']);
    actor.send({ type: 'networks.currency', currency: 'BTC' });
    expect(actor.getSnapshot().context.networks).toEqual([]);
    expect(deferred.inputsOf('fetchNetworks').at(-1)).toEqual({ currency: 'BTC' });
    deferred.settle({ type: 'xstate.error.actor.fetchNetworks', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'networks.retry' });
    expect(deferred.inputsOf('fetchNetworks')).toHaveLength(3);
  });
});

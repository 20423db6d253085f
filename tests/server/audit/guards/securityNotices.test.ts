import { describe, expect, it, vi } from 'vitest';
import { SAFETY_PATHS } from '../../../../domain/accountSafety.js';
import { NOTIFICATION_TEXTS } from '../../../../server/kernel/platform/notifications/render.js';
import { renderEmail } from '../../../../server/products/accounts/sessions/emails.js';
import { SECURITY_NOTICE } from '../../../../server/products/accounts/securityMail.js';
import { expectOk, expectRefusal } from '../../http.js';
import { ADDRESS, useTwoFactorWorld, type Trader } from '../../support/twoFactorHarness.js';

/**
 * Security changes the owner was not told of, although docs/API.md "Security notices" lists them.
 *
 * A withdrawal address saved. Allowlist mode sends withdrawals only to addresses saved 24 hours ago or more: the wait is there
 * so the owner can see a new address before it can be used. Saving one (with 2FA off: the session
 * alone) told nobody, while turning the mode off — the other way round it — is told at once (issue
 * 49 §4). A stolen session with the funds password saved its own address, waited a day, and
 * withdrew in allowlist mode without the owner ever hearing of it. Saving an address is now a
 * security notice like the others: in the app, written with the address, and emailed.
 *
 * A changed login or funds password. The user centre's changes wrote no notice at all, and the
 * reset of a forgotten password only the in-app one, never emailed; a funds password changed by
 * whoever holds a session and the mailbox went unseen in the app too. Now each is told both ways.
 */
const w = useTwoFactorWorld();
const KIND = 'withdrawal_address_added';

/** The notice was written once and emailed once with its own title. */
async function toldOnce(who: Trader, kind: keyof typeof NOTIFICATION_TEXTS.en_US, params: Record<string, string> = {}) {
  expect(await w.notices(who, kind)).toEqual([{ params }]);
  await vi.waitFor(() => expect(w.mails(who, SECURITY_NOTICE, kind)).toHaveLength(1));
  const email = renderEmail(w.mails(who, SECURITY_NOTICE, kind)[0]!, 'OpenEx');
  expect(email.subject).toBe(`OpenEx: ${NOTIFICATION_TEXTS.en_US[kind].title}`);
  expect(email.text).not.toMatch(/[{}]/);
  return email;
}

/** The code the route sent to the account for `purpose`. */
async function sentCode(who: Trader, purpose: string, send: () => Promise<unknown>): Promise<string> {
  await send();
  const code = w.mails(who, purpose).at(-1)?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}
const body = { currency: 'USDT', network: 'TRC20', address: ADDRESS, note: 'cold wallet' };

describe('a withdrawal address saved', () => {
  it('is told in the app and by email, with the address, once; a refused one tells nothing', async () => {
    const who = await w.trader();
    expectOk(await w.call(who, SAFETY_PATHS.allowlist, { enabled: true }));
    expectRefusal(await w.call(who, '/api/user/address_add', { ...body, address: 'nope' }), 400);
    expect(await w.notices(who, KIND)).toEqual([]);
    expectOk(await w.call(who, '/api/user/address_add', body));
    expect(await w.notices(who, KIND)).toEqual([{ params: { currency: 'USDT', network: 'TRC20', address: ADDRESS } }]);
    const email = await toldOnce(who, KIND, { currency: 'USDT', network: 'TRC20', address: ADDRESS });
    expect(email.text).toContain(ADDRESS);
  });
});

describe('a changed password', () => {
  const NEW = 'Renewed-Kite-2026';
  it('the login password changed in the user centre is told; a refused change tells nothing', async () => {
    const who = await w.trader();
    const code = await sentCode(who, 'change_login_pwd', () => w.call(who, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' }));
    expectRefusal(await w.call(who, '/api/user/login_pwd', { code: '000000', password: NEW, password_repeat: NEW }), 400);
    expect(await w.notices(who, 'password_changed')).toEqual([]);
    expect((await w.call(who, '/api/user/login_pwd', { code, password: NEW, password_repeat: NEW })).body.code).toBe(200);
    await toldOnce(who, 'password_changed');
  });

  it('the funds password changed is told', async () => {
    const who = await w.trader();
    const code = await sentCode(who, 'change_funds_pwd', () => w.call(who, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'current' }));
    expect((await w.call(who, '/api/user/funds_pwd', { code, password: NEW, password_repeat: NEW })).body.code).toBe(200);
    await toldOnce(who, 'funds_password_changed');
  });

  it('a forgotten password reset is told by email too, not only in the app', async () => {
    const who = await w.trader();
    const code = await sentCode(who, 'reset', () => w.from(w.newIp(), '/api/send_code', { account: who.account, purpose: 'reset' }));
    expect((await w.from(w.newIp(), '/api/forget_pass', { account: who.account, code, password: NEW, password_repeat: NEW })).body.code).toBe(200);
    await toldOnce(who, 'password_changed');
  });
});

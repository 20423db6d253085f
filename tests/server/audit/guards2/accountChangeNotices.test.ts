import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TEXTS } from '../../../../server/kernel/platform/notifications/render.js';
import { renderEmail } from '../../../../server/products/accounts/sessions/emails.js';
import { SECURITY_NOTICE } from '../../../../server/products/accounts/securityMail.js';
import type { CodeMessage } from '../../../../server/products/accounts/delivery.js';
import { expectRefusal } from '../../http.js';
import { useTwoFactorWorld, type Trader } from '../../support/twoFactorHarness.js';

/**
 * Changing the login password, the funds password or a withdrawal address is a security notice
 * (issue 49 §4: in the app and by email). Changing the account's email or phone told nobody: whoever
 * held a session and the old mailbox's codes moved the account to an address of theirs, and the owner
 * never heard of it — the one place they would read it, the old address, got nothing. Now both are
 * notices like the others, in the app and emailed in the request's language, to the new address and
 * to the old one.
 */
const w = useTwoFactorWorld();

/** The code the route sent to `to` for `purpose`. */
async function codeSent(who: Trader, to: string, purpose: string, body: object): Promise<string> {
  const answer = await w.call(who, '/api/user/send_code', { purpose, ...body });
  expect(answer.body.code, answer.body.msg).toBe(200);
  const code = w.outbox.filter((m) => m.to === to && m.purpose === purpose).at(-1)?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const noticesTo = (to: string, kind: string): CodeMessage[] => w.outbox.filter((m) => m.to === to && m.purpose === SECURITY_NOTICE && m.params?.kind === kind);

/** The in-app notice once, with the new address; the email once at each address, in `lang`, naming the new one. */
async function toldAtBoth(who: Trader, kind: 'email_changed' | 'phone_changed', old: string, next: string, lang: 'en_US' | 'fr_FR') {
  expect(await w.notices(who, kind)).toEqual([{ params: { account: next } }]);
  for (const to of [old, next]) {
    await vi.waitFor(() => expect(noticesTo(to, kind)).toHaveLength(1));
    const mail = noticesTo(to, kind)[0]!;
    expect(mail.lang).toBe(lang);
    const email = renderEmail(mail, 'OpenEx');
    expect(email.subject).toBe(`OpenEx: ${NOTIFICATION_TEXTS[lang][kind].title}`);
    expect(email.text).toContain(next);
    expect(email.text).not.toMatch(/[{}]/);
  }
}

describe('an account change is a security notice', () => {
  it('a changed email is told in the app and emailed to the old address and the new one; a refused change tells nobody', async () => {
    const who = await w.trader();
    const old = who.account;
    const next = `moved-${who.id}-${process.pid}@example.org`;
    const code = await codeSent(who, old, 'change_email', { to: 'current' });
    const newCode = await codeSent(who, next, 'change_email', { to: 'new', account: next });
    expectRefusal(await w.call(who, '/api/user/email', { code, account: next, new_code: '000000' }), 400);
    expect(await w.notices(who, 'email_changed')).toEqual([]);
    const answer = await w.call(who, '/api/user/email', { code, account: next, new_code: newCode }, { lang: 'fr_FR' });
    expect(answer.body.code, answer.body.msg).toBe(200);
    await toldAtBoth(who, 'email_changed', old, next, 'fr_FR');
  });

  it('a changed phone number is told the same way, the old account hearing of it', async () => {
    const who = await w.trader();
    const old = who.account;
    const digits = `1390017${String(who.id % 10_000).padStart(4, '0')}`;
    const next = `+86-${digits}`;
    const code = await codeSent(who, old, 'change_phone', { to: 'current' });
    const newCode = await codeSent(who, next, 'change_phone', { to: 'new', account: digits, area_code: '86' });
    const answer = await w.call(who, '/api/user/phone', { code, account: digits, area_code: '86', new_code: newCode });
    expect(answer.body.code, answer.body.msg).toBe(200);
    await toldAtBoth(who, 'phone_changed', old, next, 'en_US');
  });

  it('every language has both notices', () => {
    for (const texts of Object.values(NOTIFICATION_TEXTS)) {
      for (const kind of ['email_changed', 'phone_changed'] as const) {
        expect(texts[kind].title.length).toBeGreaterThan(0);
        expect(texts[kind].body).toContain('{account}');
      }
    }
  });
});

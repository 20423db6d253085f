import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PATHS } from '../../../domain/alerts.js';
import { NOTICE_SETTINGS_PATHS, type NoticeSettings } from '../../../domain/informHelp.js';
import type { RunningServer } from '../../../server/start.js';
import { postEnvelope, until } from '../http.js';
import { startQuietServer } from '../quietServer.js';
import { createTestUser } from '../support/users.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { outboxMessages } from '../outbox.js';

/**
 * Trading notices by email, over the whole server: a price alert reached is emailed (the outbox,
 * DATA_DIR/outbox.jsonl, as a self-hosted instance without SMTP sends) in the user's language (of
 * their last sign-in or settings page), with their anti-phishing frame like every email; with the user's switch
 * off the notice is still in the bell and nothing is emailed. The switch's route refuses bad input.
 */
let server: RunningServer;
let stop: () => Promise<void>;
// The data directory is this file's own, to read the outbox in it.
const dataDir = mkdtempSync(join(tmpdir(), 'openex-trading-emails-'));
beforeAll(async () => {
  ({ server, stop } = await startQuietServer('trading-emails', { dataDir }));
}, 240_000);
afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = <T>(who: { token: string }, path: string, body: object, lang?: string) => postEnvelope<T>(server.url, path, body, who.token, lang);
const outbox = () => outboxMessages<{ to: string; lang: string; subject: string; text: string; params?: { kind?: string } }>(dataDir);

/** An ETH/USDT trade at `price`, now (as the spot pipeline writes one, with its two orders). */
async function trade(price: string) {
  const at = Date.now();
  const { id } = await createTestUser(server.db, { tag: 'emails-trader' });
  const order = async (side: string) =>
    (await server.db.query<{ id: number }>(
      `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, filled, status, created_ms, updated_ms)
       values ($1, 'ETH', 'USDT', $2, 'limit', 'GTC', $3, 1, 0, 1, 3, $4, $4) returning id`,
      [id, side, price, at],
    ))[0]!.id;
  await server.db.query(
    `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
     values ('ETH', 'USDT', $1, 1, 'buy', $2, $3, $4, $4, $5)`,
    [price, await order('sell'), await order('buy'), id, at],
  );
}

describe('trading notices by email', () => {
  it('emails a price alert reached in the user’s language, and nothing once the user switches it off', async () => {
    await trade('3000');
    const user = await createTestUser(server.db, { tag: 'emails', email: true, verified: true });
    const [{ account }] = (await server.db.query<{ account: string }>('select account from app_user where id = $1', [user.id])) as [{ account: string }];
    expect((await post<NoticeSettings>(user, NOTICE_SETTINGS_PATHS.get, {})).data).toEqual({ trading_emails: true });
    // Saved on the German settings page: the emails it lets through are in German (as after a German sign-in).
    expect((await post<NoticeSettings>(user, NOTICE_SETTINGS_PATHS.set, { trading_emails: true }, 'de_DE')).msg).toBe('Benachrichtigungseinstellungen gespeichert');

    expect((await post(user, ALERT_PATHS.create, { symbol: 'ETH_USDT', condition: 'above', price: '3100' }, 'de_DE')).code).toBe(200);
    await trade('3105');
    await until(async () => outbox().some((m) => m.to === account && m.params?.kind === 'price_alert_above'), 10_000);
    const mail = outbox().find((m) => m.to === account && m.params?.kind === 'price_alert_above')!;
    expect(mail.lang).toBe('de_DE');
    expect(mail.subject).toMatch(/^OpenEx: /);
    expect(mail.text).toContain('3.105');

    // Switched off (in English: the language follows the site too); the next alert is only in the bell.
    const off = await post<NoticeSettings>(user, NOTICE_SETTINGS_PATHS.set, { trading_emails: false }, 'en_US');
    expect(off).toMatchObject({ code: 200, msg: 'Notification settings saved', data: { trading_emails: false } });
    expect((await post(user, ALERT_PATHS.create, { symbol: 'ETH_USDT', condition: 'below', price: '2900' })).code).toBe(200);
    const mailed = outbox().filter((m) => m.to === account).length;
    await trade('2890');
    await until(async () => (await server.db.query('select 1 from notification where user_id = $1 and kind = $2', [user.id, 'price_alert_below'])).length === 1, 10_000);
    // The email, had it been sent, goes after the commit that wrote the notice: give it the time it would take.
    await new Promise((r) => setTimeout(r, 500));
    expect(outbox().filter((m) => m.to === account)).toHaveLength(mailed);
  });

  it('a sign-in says which language the emails are in', async () => {
    const account = `emails-login-${Date.now()}@example.org`;
    const user = await createTestUser(server.db, { name: account, email: true, passwordHash: await hashPassword('Trader2026!') });
    const signedIn = await postEnvelope<{ token: string }>(server.url, '/api/login', { account, password: 'Trader2026!' }, undefined, 'ko_KR');
    expect(signedIn.code, signedIn.msg).toBe(200);
    expect((await server.db.query('select lang from app_user where id = $1', [user.id]))[0]).toEqual({ lang: 'ko_KR' });
  });

  it('the switch takes a boolean only, and is the user’s own', async () => {
    const user = await createTestUser(server.db, { tag: 'emails-bad', email: true });
    for (const body of [{}, { trading_emails: 'no' }, { trading_emails: 0 }, { trading_emails: true, extra: 1 }]) {
      const answer = await post(user, NOTICE_SETTINGS_PATHS.set, body, 'fr_FR');
      expect(answer.code).toBe(400);
      expect(answer.data).toBeNull();
    }
    expect((await post<NoticeSettings>(user, NOTICE_SETTINGS_PATHS.get, {})).data).toEqual({ trading_emails: true });
    const signedOut = await postEnvelope(server.url, NOTICE_SETTINGS_PATHS.set, { trading_emails: false });
    expect(signedOut.code).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { USER_CHANNEL, type UserStreamMessage } from '../../domain/spotOrders.js';
import type { SocketRefusal } from '../../domain/api.js';
import { hashToken, openSession, revokeAllSessions, sessionCache } from '../../server/kernel/platform/auth/sessions.js';
import { applyRevocation } from '../../server/kernel/platform/auth/sessionCache.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { useQuietServer } from './quietServer.js';
import { recordSocket, type SocketRecorder } from './socketRecorder.js';
import { trader } from './spot/spotApp.js';

/**
 * Issue 34 item 4: a revoked session ends its sockets' private-channel subscriptions at once —
 * sign-out, a password reset, and a revocation notice from another process (the pg_notify that
 * revocations.ts applies on every server and edge).
 */
const quiet = useQuietServer('session-sockets');

type Message = UserStreamMessage | { channel: string; marker?: number };
const balance = (available: string): UserStreamMessage => ({ channel: USER_CHANNEL, kind: 'balance', balances: [{ currency: 'USDT', account: 'spot', available, frozen: '0' }] });

/** A socket on the user's private channel, and on a public channel used as a marker of "everything before has arrived". */
async function listening(token: string, lang = 'en_US'): Promise<SocketRecorder<Message> & { refusals: SocketRefusal[] }> {
  const c = await recordSocket<Message>(quiet.server.url, { lang, opened: quiet.sockets });
  const refusals: SocketRefusal[] = [];
  c.socket.on('refused', (r: SocketRefusal) => refusals.push(r));
  expect((await c.subscribe({ channel: USER_CHANNEL, token })).code).toBe(200);
  expect((await c.subscribe('btc_usdt_tick')).code).toBe(200);
  return Object.assign(c, { refusals });
}

let markers = 0;
/** Pushes to the user, then a public marker; once the marker is in, the push would have been too. */
async function pushAndSettle(clients: Array<SocketRecorder<Message>>, userId: number, available: string): Promise<void> {
  quiet.server.realtime.publishToUser(userId, balance(available));
  const marker = ++markers;
  quiet.server.realtime.publish('btc_usdt_tick', { marker });
  await Promise.all(clients.map((c) => c.next((m) => (m as { marker?: number }).marker === marker)));
}

const got = (c: SocketRecorder<Message>, available: string) =>
  c.messages.some((m) => m.channel === USER_CHANNEL && (m as UserStreamMessage).kind === 'balance' && JSON.stringify(m).includes(`"available":"${available}"`));

describe('a revoked session ends its socket subscriptions', () => {
  it('POST /api/logout: that token\'s sockets stop getting pushes and are told, translated; the user\'s other session keeps its own', async () => {
    const me = await trader(quiet.server.db, {});
    const secondToken = await openSession(quiet.server.db, me.id);
    const a = await listening(me.token, 'ja_JP');
    const b = await listening(secondToken);
    await pushAndSettle([a, b], me.id, '1');
    expect(got(a, '1') && got(b, '1')).toBe(true);

    const out = await fetch(`${quiet.server.url}/api/logout`, { method: 'POST', headers: { 'content-type': 'application/json', token: me.token }, body: '{}' });
    expect(((await out.json()) as { code: number }).code).toBe(200);
    await pushAndSettle([a, b], me.id, '2');
    expect(got(a, '2')).toBe(false);
    expect(got(b, '2')).toBe(true);
    expect(a.refusals).toEqual([{ code: 403, msg: MESSAGES.ja_JP.notLoggedIn, channel: USER_CHANNEL }]);
    // The revoked token cannot subscribe again.
    expect((await a.subscribe({ channel: USER_CHANNEL, token: me.token })).code).toBe(400);
  });

  it('a password reset (every session of the user) ends every socket of the user', async () => {
    const me = await trader(quiet.server.db, {});
    const a = await listening(me.token);
    const b = await listening(me.token);
    await revokeAllSessions(quiet.server.db, me.id);
    await pushAndSettle([a, b], me.id, '3');
    expect(got(a, '3') || got(b, '3')).toBe(false);
    expect(quiet.server.realtime.userListening(me.id)).toBe(false);
  });

  it('a revocation ends the sockets once its transaction commits, and not at all when it rolls back', async () => {
    const me = await trader(quiet.server.db, {});
    const a = await listening(me.token);
    // Rolled back: the session is still live, so its page must not be told it ended.
    await expect(
      quiet.server.db.transaction(async (tx) => {
        await revokeAllSessions(tx, me.id);
        throw new Error('the change failed after the revocation');
      }),
    ).rejects.toThrow('the change failed');
    expect(quiet.server.realtime.userListening(me.id)).toBe(true);
    // Committed: not before the commit (the page's own change answers after it and says why), then at once.
    await quiet.server.db.transaction(async (tx) => {
      await revokeAllSessions(tx, me.id);
      expect(quiet.server.realtime.userListening(me.id)).toBe(true);
      expect(a.refusals).toEqual([]);
    });
    expect(quiet.server.realtime.userListening(me.id)).toBe(false);
    await expect.poll(() => a.refusals.map((r) => r.code)).toEqual([403]);
  });

  it('a revocation notice from another process ends the subscription here too', async () => {
    const me = await trader(quiet.server.db, {});
    const a = await listening(me.token);
    // What another server's sign-out does here: its pg_notify payload, applied by revocations.ts.
    await quiet.server.db.query('update session_token set revoked_at = now() where token_hash = $1', [hashToken(me.token)]);
    applyRevocation(sessionCache, `t:${hashToken(me.token)}`);
    await pushAndSettle([a], me.id, '4');
    expect(got(a, '4')).toBe(false);
    expect(quiet.server.realtime.userListening(me.id)).toBe(false);
  });
});

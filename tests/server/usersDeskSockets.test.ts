import { describe, expect, it } from 'vitest';
import type { SocketRefusal } from '../../domain/api.js';
import { USER_CHANNEL, type UserStreamMessage } from '../../domain/spotOrders.js';
import { USERS_DESK_PATHS } from '../../domain/usersDesk.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { expectOk, post } from './http.js';
import { useQuietServer } from './quietServer.js';
import { recordSocket, type SocketRecorder } from './socketRecorder.js';
import { trader } from './spot/spotApp.js';
import { deskOperator, nextCode, OPERATOR_SECRET, signInOperator } from './support/operators.js';

/**
 * Issue 51 §3 "Done when": a frozen user's open socket is refused at once — the whole server (HTTP
 * and socket.io), an operator freezing the user through the desk: the private channel ends with a
 * translated refusal, nothing more reaches it, and the token cannot subscribe again.
 */
const ADMIN = { account: 'desk-sockets-admin@openex.test', password: 'Desk-sockets-admin-2026' };
const quiet = useQuietServer('users-desk-sockets', { operator: { ...ADMIN, totpSecret: OPERATOR_SECRET } });

type Message = UserStreamMessage | { channel: string; marker?: number };

describe('a freeze ends the user’s sockets', () => {
  it('on the private channel at once, translated, and the token cannot subscribe again', async () => {
    const app = quiet.server.app;
    const admin = { token: await signInOperator(app, { ...ADMIN, secret: OPERATOR_SECRET }) };
    const officer = await deskOperator(app, admin, ['compliance']);
    const me = await trader(quiet.server.db, {});
    const c: SocketRecorder<Message> = await recordSocket<Message>(quiet.server.url, { lang: 'fr_FR', opened: quiet.sockets });
    const refusals: SocketRefusal[] = [];
    c.socket.on('refused', (r: SocketRefusal) => refusals.push(r));
    expect((await c.subscribe({ channel: USER_CHANNEL, token: me.token })).code).toBe(200);
    expect(quiet.server.realtime.userListening(me.id)).toBe(true);

    // The step after the one its enrolment took (in a step's last seconds that is the current one).
    const code = await nextCode(app, officer.secret);
    expectOk(await post(app, USERS_DESK_PATHS.freeze, { user_id: me.id, reason: 'Account reported stolen', code }, officer.headers));

    expect(quiet.server.realtime.userListening(me.id)).toBe(false);
    await expect.poll(() => refusals).toEqual([{ code: 403, msg: MESSAGES.fr_FR!.notLoggedIn, channel: USER_CHANNEL }]);
    expect((await c.subscribe({ channel: USER_CHANNEL, token: me.token })).code).not.toBe(200);
  });
});

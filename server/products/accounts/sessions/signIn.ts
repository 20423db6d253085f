import { openSession } from '../../../kernel/platform/auth/sessions.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import { describeDevice, notify } from '../../../kernel/platform/notifications/notify.js';
import type { CodeDelivery } from '../delivery.js';
import { rememberSignInDevice, type SignInDevice } from './devices.js';
import { recordLogin } from './sessions.js';

/**
 * The end of every successful sign-in (after the password, or after the second step when 2FA is
 * on): the attempt goes into the login history; a device (the browser's device cookie from a
 * network: devices.ts) this user has not signed in from before gets the in-app notice and an
 * email; the session is opened with where it came from, for the sessions list. Answers the
 * session's token.
 */
export async function completeSignIn(db: Queryable, delivery: CodeDelivery, user: { id: number; account: string }, device?: SignInDevice): Promise<string> {
  await recordLogin(db, user.id, device, 'success');
  if (device && (await rememberSignInDevice(db, user.id, device))) {
    const params = { device: describeDevice(device.userAgent), ip: device.ip };
    await notify(db, user.id, { kind: 'login_new_device', params });
    const time = new Date().toISOString();
    // An email that cannot go out must not stop the sign-in; the in-app notice is there anyway.
    await delivery
      .deliver({ to: user.account, purpose: 'login_new_device', code: '', lang: device.lang ?? 'en_US', time, params: { ...params, time: time.slice(0, 16).replace('T', ' ') } })
      .catch(() => undefined);
  }
  // The language of the sign-in: what the emails nobody asked for at the moment (a margin call, a price alert) are written in.
  if (device?.lang) await db.query('update app_user set lang = $2 where id = $1 and lang is distinct from $2', [user.id, device.lang]);
  return openSession(db, user.id, undefined, device);
}

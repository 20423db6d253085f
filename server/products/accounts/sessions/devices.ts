import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import { knownDeviceHash, rememberDeviceHash, type DeviceInfo } from '../../../kernel/platform/notifications/notify.js';

/**
 * Which device a sign-in comes from (issue 49 §4). A device used to be its user agent and address,
 * so a stranger with a common browser ("Chrome / Linux") from an address the owner had used was
 * not new, and the owner's own browser was new after every change of address. Now a device is a
 * browser that keeps the `openex_device` cookie (a random id the server gives it at its first
 * sign-in, httpOnly, for 400 days) seen from a network the user has signed in from with it: the
 * address's /24 for IPv4, its /48 for IPv6. A sign-in without the cookie (another browser, a
 * stranger, a cleared browser) or from another network is new, and the owner is told.
 *
 * The rows are login_device's (migration 004), keyed by a hash of both, so neither is kept raw.
 * Those written before (user agent + address) no longer match: after the upgrade each user's next
 * sign-in is reported once as new. The operator console keeps the kernel's old matching.
 */
export const DEVICE_COOKIE = 'openex_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{32,64}$/;
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** A sign-in's device: the request's agent and address, and the browser's device id. */
export interface SignInDevice extends DeviceInfo {
  deviceId: string;
}

/** The network an address belongs to: IPv4 /24, IPv6 /48 (an IPv4-mapped IPv6 address is IPv4). */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const family = isIP(address);
  if (family === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (family !== 6) return address;
  // Expand "::" to the zero groups it stands for, then keep the first three groups.
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/48`;
}

function cookieValue(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const id = value.join('=');
      return DEVICE_ID.test(id) ? id : undefined;
    }
  }
  return undefined;
}

/**
 * The device of a sign-in request. A browser without a (valid) device cookie is given one on this
 * answer, so its next sign-in is recognised; the id is used for this sign-in at once.
 */
export function signInDevice(request: FastifyRequest, reply: FastifyReply): SignInDevice {
  let deviceId = cookieValue(request);
  if (!deviceId) {
    deviceId = randomBytes(24).toString('base64url');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${DEVICE_COOKIE}=${deviceId}; Path=/api; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
  }
  return { userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512), ip: request.ip, lang: request.lang, deviceId };
}

function deviceHash(device: SignInDevice): string {
  return createHash('sha256').update(`device ${device.deviceId}\n${networkOf(device.ip)}`).digest('hex');
}

/** Whether this user has signed in with this browser from this network before (the login backoff spares it). */
export const deviceKnown = (db: Queryable, userId: number, device: SignInDevice) => knownDeviceHash(db, userId, deviceHash(device));

/** Remembers the device; true when it is new for this user. */
export const rememberSignInDevice = (db: Queryable, userId: number, device: SignInDevice) => rememberDeviceHash(db, userId, deviceHash(device));

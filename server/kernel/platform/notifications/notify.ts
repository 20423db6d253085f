import { createHash } from 'node:crypto';
import type { NotificationItem, NotificationPage } from '../../../../domain/informHelp.js';
import type { LocaleCode } from '../../../../domain/languages.js';
import type { Queryable } from '../db/database.js';
import { NOTIFICATION_KINDS, renderNotification, type NotificationKind } from './render.js';

export { NOTIFICATION_KINDS, type NotificationItem, type NotificationKind, type NotificationPage };

export interface NotificationEvent {
  kind: NotificationKind;
  params?: Record<string, string>;
}

/**
 * Records a notification for a user. Pass the caller's transaction as `db` so the notification
 * commits (or not) together with the event it reports.
 */
export async function notify(db: Queryable, userId: number, event: { kind: NotificationKind; params?: Record<string, string> }): Promise<void> {
  await db.query('insert into notification (user_id, kind, params) values ($1, $2, $3)', [userId, event.kind, JSON.stringify(event.params ?? {})]);
}

/** Many notifications in one statement (a sweep that tells hundreds at once: bench:alerts), as `notify` each. */
export async function notifyAll(db: Queryable, events: ReadonlyArray<{ userId: number; kind: NotificationKind; params?: Record<string, string> }>): Promise<void> {
  if (events.length === 0) return;
  await db.query('insert into notification (user_id, kind, params) select * from unnest($1::bigint[], $2::text[], $3::jsonb[])', [
    events.map((e) => e.userId),
    events.map((e) => e.kind),
    events.map((e) => JSON.stringify(e.params ?? {})),
  ]);
}

interface Row {
  id: string | number;
  kind: string;
  params: Record<string, string> | string;
  created_at: Date | string;
  read: boolean;
}

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** One page of a user's notifications, newest first, rendered in `lang`. */
export async function listNotifications(db: Queryable, userId: number, lang: LocaleCode, page: number, size: number): Promise<NotificationPage> {
  const rows = await db.query<Row>(
    `select id, kind, params, created_at, read_at is not null as read from notification
     where user_id = $1 order by id desc limit $2 offset $3`,
    [userId, size, (page - 1) * size],
  );
  const [counts] = await db.query<{ total: number; unread: number }>(
    `select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread from notification where user_id = $1`,
    [userId],
  );
  const list = rows.flatMap((row): NotificationItem[] => {
    // A kind written by a newer server than this one is skipped rather than shown untranslated.
    if (!isKind(row.kind)) return [];
    const params = typeof row.params === 'string' ? (JSON.parse(row.params) as Record<string, string>) : row.params;
    return [{ id: Number(row.id), kind: row.kind, ...renderNotification(lang, row.kind, params), created_at: new Date(row.created_at).toISOString(), read: row.read }];
  });
  return { list, total: counts?.total ?? 0, unread: counts?.unread ?? 0, page, size };
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from notification where user_id = $1 and read_at is null', [userId]);
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('update notification set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning id', [id, userId]);
  return rows.length > 0;
}

export async function markAllRead(db: Queryable, userId: number): Promise<void> {
  await db.query('update notification set read_at = now() where user_id = $1 and read_at is null', [userId]);
}

/** Where a request came from, as the login route sees it. */
export interface DeviceInfo {
  userAgent: string;
  ip: string;
  /** The request's language, for the new-device email. */
  lang?: string;
}

function deviceHash(device: DeviceInfo): string {
  return createHash('sha256').update(`${device.userAgent}\n${device.ip}`).digest('hex');
}

/** Whether this user has signed in from this device before (the login backoff spares such a client). */
export const knownDevice = (db: Queryable, userId: number, device: DeviceInfo) => knownDeviceHash(db, userId, deviceHash(device));

/** Remembers a device; true when this user had not used it before. */
export const rememberDevice = (db: Queryable, userId: number, device: DeviceInfo) => rememberDeviceHash(db, userId, deviceHash(device));

/**
 * The `login_device` rows by a device's hash, whatever makes the hash: the operator sign-in's
 * browser and address (above), the accounts product's device cookie and network (issue 49 §4).
 */
export async function knownDeviceHash(db: Queryable, userId: number, hash: string): Promise<boolean> {
  return (await db.query('select 1 from login_device where user_id = $1 and device_hash = $2', [userId, hash])).length > 0;
}

/** Remembers a device by its hash; true when this user had not used it before. */
export async function rememberDeviceHash(db: Queryable, userId: number, hash: string): Promise<boolean> {
  const rows = await db.query<{ inserted: boolean }>(
    `insert into login_device (user_id, device_hash) values ($1, $2)
     on conflict (user_id, device_hash) do update set last_seen = now()
     returning (xmax = 0) as inserted`,
    [userId, hash],
  );
  return rows[0]?.inserted === true;
}

/** "Chrome on Windows" from a user-agent string: enough to recognise a device, nothing more. */
export function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : '';
  const os = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  if (browser && os) return `${browser} / ${os}`;
  return browser || os || userAgent.slice(0, 40) || '?';
}

import { randomInt } from 'node:crypto';
import { MAX_API_KEYS, type ApiKeyCreated, type ApiKeyItem, type ApiKeyPermission } from '../../../domain/apiKeys.js';
import { apiKeysRevokedSince } from '../../kernel/platform/auth/apiKeyRevocation.js';
import { recordSecurityNotice } from '../../kernel/platform/auth/securityNotices.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import { canonicalIp } from './ipAllowlist.js';
import type { SecretBox } from './secretBox.js';
import { signatureMatches, splitSignature, timestampProblem, DEFAULT_RECV_WINDOW, type SignedParts } from './signature.js';
import './messages.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 64 letters and digits, as Binance's keys and secrets look (about 381 bits). */
const randomToken = () => Array.from({ length: 64 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** How long a key's row is remembered between requests: a program signs many a second, and a revoked key must stop soon. */
const KEY_CACHE_MS = 5000;
/** A key's last use is written at most this often from one address (the list shows it to the minute); a new address at once. */
const USE_WRITE_MS = 60_000;

/** A key's row: what it may do and from where (as the user centre lists them), whose it is, its sealed secret. */
interface KeyRow extends Pick<ApiKeyItem, 'permissions' | 'ip_allowlist'> {
  id: number;
  user_id: number;
  secret_box: string;
}

/** Why a signed request was refused; the Binance dialect maps each to Binance's code. */
export type KeyRefusal = 'noSignature' | 'badSignature' | 'unknownKey' | 'ipNotAllowed' | 'permission' | 'recvWindowTooLarge' | 'outsideWindow';

export interface SignedRequest extends SignedParts {
  apiKey: string;
  ip: string;
  /** The request's timestamp and recvWindow, parsed by the caller (numbers, ms). */
  timestamp: number;
  recvWindow: number | undefined;
  needs: ApiKeyPermission;
}

export type KeyCheck = { ok: true; userId: number; permissions: ApiKeyPermission[] } | { ok: false; reason: KeyRefusal };

/** Keys of the user centre (/api/apikey/*) and the check of every signed request (issue 36). */
export function keyStore(db: Database, box: SecretBox, clock: () => number = Date.now) {
  const cache = new Map<string, { at: number; row: (KeyRow & { secret: string }) | undefined }>();
  const lastWritten = new Map<number, { at: number; ip: string }>();

  async function keyRow(apiKey: string, now: number) {
    const known = cache.get(apiKey);
    if (known && now - known.at < KEY_CACHE_MS && !(known.row && apiKeysRevokedSince(known.row.user_id, known.at))) return known.row;
    const [row] = await db.query<KeyRow>(
      'select id, user_id, secret_box, permissions, ip_allowlist from api_key where api_key = $1 and revoked_ms is null',
      [apiKey],
    );
    const found = row && { ...row, id: Number(row.id), user_id: Number(row.user_id), secret: box.open(row.secret_box) };
    // Unknown keys are not remembered, so made-up keys cannot grow the map.
    if (found) cache.set(apiKey, { at: now, row: found });
    else cache.delete(apiKey);
    return found;
  }

  return {
    async create(userId: number, input: { label: string; permissions: ApiKeyPermission[]; ip_allowlist: string[] }): Promise<Outcome<ApiKeyCreated>> {
      const apiKey = randomToken();
      const secret = randomToken();
      return db.transaction(async (tx) => {
        // The user's row is locked so two creations at once cannot both be the 30th.
        await tx.query('select id from app_user where id = $1 for update', [userId]);
        const [count] = await tx.query<{ n: string }>('select count(*) as n from api_key where user_id = $1 and revoked_ms is null', [userId]);
        if (Number(count!.n) >= MAX_API_KEYS) return refuse('apiKeyTooMany', { max: String(MAX_API_KEYS) });
        await tx.query(
          'insert into api_key (user_id, api_key, secret_box, label, permissions, ip_allowlist, created_ms) values ($1, $2, $3, $4, $5, $6, $7)',
          [userId, apiKey, box.seal(secret), input.label.trim(), [...new Set(input.permissions)], [...new Set(input.ip_allowlist.map(canonicalIp))], clock()],
        );
        // The owner is told (issue 49 §4), in the transaction that made the key.
        await recordSecurityNotice(tx, userId, { kind: 'api_key_created', params: { label: input.label.trim() } });
        return { ok: true as const, data: { api_key: apiKey, secret } };
      });
    },

    async list(userId: number): Promise<ApiKeyItem[]> {
      const rows = await db.query<ApiKeyItem & { created_ms: string; last_used_ms: string | null }>(
        `select api_key, label, permissions, ip_allowlist, created_ms, last_used_ms, last_used_ip
         from api_key where user_id = $1 and revoked_ms is null order by id desc`,
        [userId],
      );
      return rows.map((r) => ({ ...r, created_ms: Number(r.created_ms), last_used_ms: r.last_used_ms === null ? null : Number(r.last_used_ms) }));
    },

    /** Revokes the key; answers its label (for the owner's notice), or refuses when it is not a live key of the user's. */
    async remove(userId: number, apiKey: string): Promise<Outcome<{ label: string }>> {
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ label: string }>('update api_key set revoked_ms = $3 where user_id = $1 and api_key = $2 and revoked_ms is null returning label', [
          userId,
          apiKey,
          clock(),
        ]);
        if (row) await recordSecurityNotice(tx, userId, { kind: 'api_key_deleted', params: { label: row.label } });
        return row;
      });
      cache.delete(apiKey);
      return gone ? { ok: true, data: { label: gone.label } } : refuse('apiKeyNotFound');
    },

    /**
     * The user a key names, for Binance's USER_STREAM calls (the key alone, no signature: the
     * listenKey calls): a live key, from an address its list allows; undefined otherwise.
     */
    async owner(apiKey: string, ip: string): Promise<number | undefined> {
      const row = await keyRow(apiKey, clock());
      if (!row) return undefined;
      if (row.ip_allowlist.length > 0 && !row.ip_allowlist.includes(canonicalIp(ip))) return undefined;
      return row.user_id;
    },

    /** Checks a signed request: the key, its address list, its permission, the timestamp, the signature; records the use. */
    async check(request: SignedRequest): Promise<KeyCheck> {
      const now = clock();
      const row = await keyRow(request.apiKey, now);
      if (!row) return { ok: false, reason: 'unknownKey' };
      if (row.ip_allowlist.length > 0 && !row.ip_allowlist.includes(canonicalIp(request.ip))) return { ok: false, reason: 'ipNotAllowed' };
      const late = timestampProblem(request.timestamp, request.recvWindow ?? DEFAULT_RECV_WINDOW, now);
      if (late) return { ok: false, reason: late };
      const signed = splitSignature(request);
      if (!signed) return { ok: false, reason: 'noSignature' };
      if (!signatureMatches(row.secret, signed.text, signed.signature)) return { ok: false, reason: 'badSignature' };
      if (!row.permissions.includes(request.needs)) return { ok: false, reason: 'permission' };
      const written = lastWritten.get(row.id);
      if (!written || written.ip !== request.ip || now - written.at >= USE_WRITE_MS) {
        lastWritten.set(row.id, { at: now, ip: request.ip });
        await db.query('update api_key set last_used_ms = $2, last_used_ip = $3 where id = $1', [row.id, now, request.ip]);
      }
      return { ok: true, userId: row.user_id, permissions: row.permissions };
    },
  };
}

export type KeyStore = ReturnType<typeof keyStore>;

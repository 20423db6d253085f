import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Keeps API secrets so that signatures can be checked but a copy of the database alone does not
 * give them away. An HMAC signature can only be verified with the secret itself (a hash of it would
 * not do), so the secret is stored encrypted with AES-256-GCM under a server key, never in the database.
 *
 * The keys form a ring (issue 53's leftover: a key made through one cluster node must open on
 * every other, and after a takeover onto another machine):
 * - API_KEY_SECRET, the same on every node, seals new secrets when it is set;
 * - API_KEY_SECRET_OLD, the settings it replaced, only open (a rotation re-seals nothing at once);
 * - the key file in DATA_DIR (made on first use, readable by the server's user only) seals when
 *   API_KEY_SECRET is not set, and opens what was sealed before it was, when it exists.
 *
 * A box is `keyId.iv.tag.sealed` (base64 parts; the key id, KEY_ID_HEX hex digits of a hash of the
 * key, says which key of the ring opens it, and lets an operator count the boxes still sealed with
 * an old key). Boxes sealed before the ring, `iv.tag.sealed`, are tried with every key: GCM's tag
 * refuses a wrong one.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(box: string): string;
}

/** The shared keys (ServerConfig's apiKeySecret and apiKeySecretOld). */
export interface SecretBoxKeys {
  /** API_KEY_SECRET: seals every new secret. Unset: the DATA_DIR key file does. */
  current?: Buffer | undefined;
  /** API_KEY_SECRET_OLD: earlier keys, which open only. */
  old?: readonly Buffer[] | undefined;
}

export const KEY_FILE = 'api-key-secret.key';
const KEY_ID_HEX = 12;

/** The key's id in the boxes it seals: not the key, and no help in guessing it. */
export const keyId = (key: Buffer): string => createHash('sha256').update('openex-api-key-secret:').update(key).digest('hex').slice(0, KEY_ID_HEX);

interface RingKey {
  id: string;
  key: Buffer;
}

export function secretBox(dataDir: string, keys: SecretBoxKeys = {}): SecretBox {
  const setting = [keys.current, ...(keys.old ?? [])].filter((key): key is Buffer => key !== undefined).map(ringKey);
  /** The DATA_DIR key file: read once, made only when it must seal (API_KEY_SECRET unset); null when absent. */
  let file: RingKey | null | undefined;
  const fileKey = (make: boolean): RingKey | null => {
    if (file) return file;
    if (file === null && !make) return null;
    const path = join(dataDir, KEY_FILE);
    if (!existsSync(path)) {
      if (!make) return (file = null);
      mkdirSync(dataDir, { recursive: true });
      // 'wx': two servers starting at once never overwrite each other's key.
      try {
        writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return (file = ringKey(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')));
  };
  const sealing = (): RingKey => (keys.current ? setting[0]! : fileKey(true)!);
  const ring = (): RingKey[] => {
    const fromFile = fileKey(false);
    return fromFile && !setting.some((k) => k.id === fromFile.id) ? [...setting, fromFile] : setting;
  };

  return {
    seal(secret) {
      const { id, key } = sealing();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [id, ...[iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64'))].join('.');
    },
    open(box) {
      const parts = box.split('.');
      const id = parts.length === 4 ? parts.shift() : undefined;
      const [iv, tag, sealed] = parts.map((part) => Buffer.from(part, 'base64'));
      const candidates = ring().filter((k) => id === undefined || k.id === id);
      for (const { key } of candidates) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, iv!);
          decipher.setAuthTag(tag!);
          return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
        } catch {
          // Not this key (GCM's tag did not match): the next one.
        }
      }
      throw new Error(
        id === undefined
          ? `an API key's secret opens with no key of this server's ring (API_KEY_SECRET, API_KEY_SECRET_OLD, ${KEY_FILE} in DATA_DIR): it was sealed on another machine`
          : candidates.length > 0
            ? `an API key's secret does not open with its key ${id}: its box was changed after sealing`
            : `an API key's secret was sealed with key ${id}, which this server does not have: set API_KEY_SECRET (or API_KEY_SECRET_OLD) as on the node that made it`,
      );
    },
  };
}

function ringKey(key: Buffer): RingKey {
  return { id: keyId(key), key };
}

/**
 * The warning a server prints at start in the scale-out mode (DATABASE_URL with REALTIME_BUS_URL)
 * without API_KEY_SECRET: each node would seal with its own DATA_DIR file, so a key made through
 * one could not be checked on another. A single server on PostgreSQL is fine.
 */
export function clusterSecretWarning(config: { databaseUrl?: string | undefined; realtimeBus?: unknown; apiKeySecret?: Buffer | undefined }): string | undefined {
  if (!config.databaseUrl || !config.realtimeBus || config.apiKeySecret) return undefined;
  return (
    `Warning: API_KEY_SECRET is not set in the scale-out mode (DATABASE_URL and REALTIME_BUS_URL): API keys are sealed with ` +
    `this node's own ${KEY_FILE} in DATA_DIR, so a key made here fails its signature checks on every other node. ` +
    `Set the same API_KEY_SECRET on every node (openssl rand -base64 32; docs/DEPLOY.md "API key secrets").\n`
  );
}

import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.js';
import { clusterSecretWarning, KEY_FILE, keyId, secretBox } from '../../../server/products/apikeys/secretBox.js';

/**
 * The API keys' keyring (server/products/apikeys/secretBox.ts; issue 53's leftover): API_KEY_SECRET
 * seals, so a secret sealed on one node opens on another with its own DATA_DIR; what the DATA_DIR
 * file sealed before the setting still opens; a rotation keeps the old keys in API_KEY_SECRET_OLD.
 */
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'openex-secret-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const key = () => randomBytes(32);
const SECRET = 'a'.repeat(20) + 'Secret0123456789';

describe('the API key secrets keyring', () => {
  it('a secret sealed with API_KEY_SECRET on one node opens on another node with its own DATA_DIR, and no key file is made', () => {
    const shared = key();
    const a = dataDir();
    const b = dataDir();
    const box = secretBox(a, { current: shared }).seal(SECRET);
    expect(box.split('.')[0]).toBe(keyId(shared));
    expect(secretBox(b, { current: shared }).open(box)).toBe(SECRET);
    expect(existsSync(join(a, KEY_FILE))).toBe(false);
    expect(existsSync(join(b, KEY_FILE))).toBe(false);
    // Without the setting, the other node cannot open it.
    expect(() => secretBox(b).open(box)).toThrow(/sealed with key .* API_KEY_SECRET/);
  });

  it('a secret sealed with the DATA_DIR file opens once API_KEY_SECRET is set; new ones are sealed with the setting', () => {
    const dir = dataDir();
    const before = secretBox(dir).seal(SECRET);
    expect(existsSync(join(dir, KEY_FILE))).toBe(true);
    const shared = key();
    const ring = secretBox(dir, { current: shared });
    expect(ring.open(before)).toBe(SECRET);
    const after = ring.seal('another');
    expect(after.split('.')[0]).toBe(keyId(shared));
    // Another node with the setting opens the new box, not the one its file alone sealed.
    const elsewhere = secretBox(dataDir(), { current: shared });
    expect(elsewhere.open(after)).toBe('another');
    expect(() => elsewhere.open(before)).toThrow(/which this server does not have/);
  });

  it('a box of the earlier format (no key id) still opens with the DATA_DIR file, and with the setting', () => {
    const dir = dataDir();
    const fileKey = key();
    writeFileSync(join(dir, KEY_FILE), fileKey.toString('base64'));
    // As the earlier secretBox sealed: iv.tag.sealed.
    const legacy = (with_: Buffer) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', with_, iv);
      const sealed = Buffer.concat([cipher.update(SECRET, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64')).join('.');
    };
    expect(secretBox(dir).open(legacy(fileKey))).toBe(SECRET);
    expect(secretBox(dir, { current: key() }).open(legacy(fileKey))).toBe(SECRET);
    // The file's key copied into the setting: every node opens the old boxes too.
    expect(secretBox(dataDir(), { current: fileKey }).open(legacy(fileKey))).toBe(SECRET);
    expect(() => secretBox(dataDir(), { current: key() }).open(legacy(fileKey))).toThrow(/opens with no key of this server's ring/);
  });

  it('a wrong key is refused, and so is a box changed after sealing', () => {
    const shared = key();
    const box = secretBox(dataDir(), { current: shared }).seal(SECRET);
    expect(() => secretBox(dataDir(), { current: key() }).open(box)).toThrow(/does not have/);
    // The right key id, a changed ciphertext: GCM's tag refuses it rather than answer garbage.
    const [id, iv, tag, sealed] = box.split('.');
    const changed = Buffer.from(sealed!, 'base64');
    changed[0] = changed[0]! ^ 1;
    expect(() => secretBox(dataDir(), { current: shared }).open([id, iv, tag, changed.toString('base64')].join('.'))).toThrow(/was changed after sealing/);
    expect(secretBox(dataDir(), { current: shared }).open(box)).toBe(SECRET);
  });

  it('a rotation: the new key seals, the old ones in API_KEY_SECRET_OLD still open, dropped they no longer do', () => {
    const first = key();
    const second = key();
    const third = key();
    const byFirst = secretBox(dataDir(), { current: first }).seal('one');
    const bySecond = secretBox(dataDir(), { current: second, old: [first] }).seal('two');
    const now = secretBox(dataDir(), { current: third, old: [second, first] });
    expect([now.open(byFirst), now.open(bySecond)]).toEqual(['one', 'two']);
    expect(now.seal('three').split('.')[0]).toBe(keyId(third));
    const dropped = secretBox(dataDir(), { current: third, old: [second] });
    expect(dropped.open(bySecond)).toBe('two');
    expect(() => dropped.open(byFirst)).toThrow(new RegExp(keyId(first)));
  });
});

describe('API_KEY_SECRET and API_KEY_SECRET_OLD', () => {
  const shared = key().toString('base64');
  const cluster = { DATABASE_URL: 'postgres://db/openex', REALTIME_BUS_URL: 'redis://bus' };

  it('are read as 32-byte keys; anything else is refused at start without repeating the value', () => {
    const old = [key(), key()];
    const config = readConfig({ API_KEY_SECRET: shared, API_KEY_SECRET_OLD: old.map((k) => k.toString('base64')).join(', ') });
    expect(config.apiKeySecret).toEqual(Buffer.from(shared, 'base64'));
    expect(config.apiKeySecretOld).toEqual(old);
    expect(readConfig({}).apiKeySecret).toBeUndefined();
    for (const bad of ['not-a-key', randomBytes(31).toString('base64'), randomBytes(33).toString('base64'), shared.replace(/=$/, '') + 'AAAA', 'x'.repeat(43) + '!']) {
      expect(() => readConfig({ API_KEY_SECRET: bad })).toThrow(/API_KEY_SECRET must be 32 bytes in base64 \(make one with: openssl rand -base64 32\)/);
      try {
        readConfig({ API_KEY_SECRET: bad });
      } catch (error) {
        expect((error as Error).message).not.toContain(bad);
      }
    }
    expect(() => readConfig({ API_KEY_SECRET: shared, API_KEY_SECRET_OLD: 'short' })).toThrow(/API_KEY_SECRET_OLD's key 1 must be 32 bytes/);
    expect(() => readConfig({ API_KEY_SECRET_OLD: shared })).toThrow(/API_KEY_SECRET_OLD needs API_KEY_SECRET/);
  });

  it('their absence is warned of in the scale-out mode only (a single node on PostgreSQL is fine)', () => {
    expect(clusterSecretWarning(readConfig(cluster))).toMatch(/^Warning: API_KEY_SECRET is not set in the scale-out mode/);
    expect(clusterSecretWarning(readConfig({ ...cluster, API_KEY_SECRET: shared }))).toBeUndefined();
    expect(clusterSecretWarning(readConfig({ DATABASE_URL: cluster.DATABASE_URL }))).toBeUndefined();
    expect(clusterSecretWarning(readConfig({}))).toBeUndefined();
  });
});

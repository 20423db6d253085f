import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Keeps API secrets so that signatures can be checked but a copy of the database alone does not
 * give them away. An HMAC signature can only be verified with the secret itself (a hash of it would
 * not do), so the secret is stored encrypted with AES-256-GCM under a server key that lives in
 * DATA_DIR (made on first use, readable by the server's user only), never in the database.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(box: string): string;
}

const KEY_FILE = 'api-key-secret.key';

export function secretBox(dataDir: string): SecretBox {
  let key: Buffer | undefined;
  const serverKey = (): Buffer => {
    if (key) return key;
    const path = join(dataDir, KEY_FILE);
    if (!existsSync(path)) {
      mkdirSync(dataDir, { recursive: true });
      // 'wx': two servers starting at once never overwrite each other's key.
      try {
        writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    return key;
  };
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', serverKey(), iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64')).join('.');
    },
    open(box) {
      const [iv, tag, sealed] = box.split('.').map((part) => Buffer.from(part, 'base64'));
      const decipher = createDecipheriv('aes-256-gcm', serverKey(), iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
    },
  };
}

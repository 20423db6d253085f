import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { decodeImage, deleteStoredImage, readStoredImage, storeImage } from '../../server/kernel/platform/images.js';
import { openTestDatabase } from './testDb.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const dir = mkdtempSync(join(tmpdir(), 'openex-images-'));
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

function decoded() {
  const image = decodeImage(dataUrl('image/png', PNG), 1024);
  if (!image.ok) throw new Error('fixture');
  return image;
}

describe('uploaded images', () => {
  it('accepts a real PNG and refuses lies about the type, other formats and oversized files', () => {
    expect(decodeImage(dataUrl('image/png', PNG), 1024)).toMatchObject({ ok: true, mime: 'image/png' });
    expect(decodeImage(dataUrl('image/jpeg', PNG), 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
    expect(decodeImage(dataUrl('image/svg+xml', Buffer.from('<svg/>')), 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
    expect(decodeImage(dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(2000)])), 1024)).toEqual({ ok: false, reason: 'imageTooLarge' });
    expect(decodeImage('not a data url', 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
    expect(decodeImage(42, 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
  });

  it('stores in the database under a generated name and reads back only such names, in their own folder', async () => {
    const name = await storeImage(db, 'identity', decoded());
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    const read = await readStoredImage(db, dir, 'identity', name);
    expect(read?.mime).toBe('image/png');
    expect(read?.bytes.equals(PNG)).toBe(true);
    expect(await readStoredImage(db, dir, 'avatars', name)).toBeUndefined();
    expect(await readStoredImage(db, dir, 'identity', '../../etc/passwd')).toBeUndefined();
    expect(await readStoredImage(db, dir, 'identity', `../avatars/${name}`)).toBeUndefined();
    await deleteStoredImage(db, name);
    expect(await readStoredImage(db, dir, 'identity', name)).toBeUndefined();
  });

  it('rolls back with the transaction that stored it', async () => {
    let name = '';
    await expect(
      db.transaction(async (tx) => {
        name = await storeImage(tx, 'fiat', decoded());
        throw new Error('the record was refused');
      }),
    ).rejects.toThrow('the record was refused');
    expect(await readStoredImage(db, dir, 'fiat', name)).toBeUndefined();
  });

  it('still reads an image an older install wrote under DATA_DIR/uploads', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    mkdirSync(join(dir, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(join(dir, 'uploads', 'avatars', name), PNG);
    expect((await readStoredImage(db, dir, 'avatars', name))?.bytes.equals(PNG)).toBe(true);
    expect(await readStoredImage(db, dir, 'fiat', name)).toBeUndefined();
  });
});

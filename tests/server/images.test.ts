import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeImage, readStoredImage, storeImage } from '../../server/kernel/images.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const dir = mkdtempSync(join(tmpdir(), 'openex-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('uploaded images', () => {
  it('accepts a real PNG and refuses lies about the type, other formats and oversized files', () => {
    expect(decodeImage(dataUrl('image/png', PNG), 1024)).toMatchObject({ ok: true, mime: 'image/png' });
    expect(decodeImage(dataUrl('image/jpeg', PNG), 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
    expect(decodeImage(dataUrl('image/svg+xml', Buffer.from('<svg/>')), 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
    expect(decodeImage(dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(2000)])), 1024)).toEqual({ ok: false, reason: 'imageTooLarge' });
    expect(decodeImage('not a data url', 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
    expect(decodeImage(42, 1024)).toEqual({ ok: false, reason: 'imageInvalid' });
  });

  it('stores under a generated name and reads back only such names', async () => {
    const decoded = decodeImage(dataUrl('image/png', PNG), 1024);
    if (!decoded.ok) throw new Error('fixture');
    const name = await storeImage(dir, 'identity', decoded);
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect((await readStoredImage(dir, 'identity', name))?.mime).toBe('image/png');
    expect(await readStoredImage(dir, 'identity', '../../etc/passwd')).toBeUndefined();
    expect(await readStoredImage(dir, 'identity', `../avatars/${name}`)).toBeUndefined();
  });
});

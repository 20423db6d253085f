import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from './db/database.js';

/**
 * Uploaded images (avatars, identity photos) arrive as data URLs in JSON bodies. The declared type
 * is not trusted: the bytes must start with a PNG, JPEG or WebP signature, and stay under the size
 * limit. They are stored in the database under a random name, never a client-chosen one.
 */
/** What an upload is: an avatar, an identity photo, a P2P payment proof. */
export type ImageFolder = 'avatars' | 'identity' | 'fiat';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export type DecodedImage = { ok: true; mime: ImageMime; bytes: Buffer } | { ok: false; reason: 'imageInvalid' | 'imageTooLarge' };

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/;

function sniff(bytes: Buffer): ImageMime | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP') return 'image/webp';
  return undefined;
}

export function decodeImage(dataUrl: unknown, maxBytes: number): DecodedImage {
  if (typeof dataUrl !== 'string') return { ok: false, reason: 'imageInvalid' };
  // Base64 is 4/3 of the bytes: refuse oversized text before decoding it.
  if (dataUrl.length > Math.ceil((maxBytes * 4) / 3) + 64) return { ok: false, reason: 'imageTooLarge' };
  const match = DATA_URL.exec(dataUrl);
  if (!match) return { ok: false, reason: 'imageInvalid' };
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > maxBytes) return { ok: false, reason: 'imageTooLarge' };
  const mime = sniff(bytes);
  if (!mime || mime !== match[1]) return { ok: false, reason: 'imageInvalid' };
  return { ok: true, mime, bytes };
}

const EXTENSION: Record<ImageMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/**
 * Stores an image in the database (table stored_image) and returns its generated name. Called in
 * the transaction that writes the record naming it, so a refused or failed upload leaves nothing:
 * the image rolls back with the record. In the database rather than on a process's disk so that
 * every node of a cluster serves what any node took (issue 38).
 */
export async function storeImage(tx: Queryable, folder: ImageFolder, image: Extract<DecodedImage, { ok: true }>): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION[image.mime]}`;
  await tx.query('insert into stored_image (name, folder, mime, bytes) values ($1, $2, $3, $4)', [name, folder, image.mime, image.bytes]);
  return name;
}

/** Deletes a stored image (an avatar replaced by a new one). */
export async function deleteStoredImage(tx: Queryable, name: string): Promise<void> {
  await tx.query('delete from stored_image where name = $1', [name]);
}

/**
 * Reads a stored image back; only names this module generated are accepted (no path tricks). One
 * an install from before the table wrote under DATA_DIR/uploads/<folder>/ is read from there.
 */
export async function readStoredImage(db: Queryable, dataDir: string, folder: ImageFolder, name: string): Promise<{ bytes: Buffer; mime: ImageMime } | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  const [row] = await db.query<{ bytes: Uint8Array }>('select bytes from stored_image where name = $1 and folder = $2', [name, folder]);
  const bytes = row ? Buffer.from(row.bytes) : await readFile(join(dataDir, 'uploads', folder, name)).catch(() => undefined);
  const mime = bytes && sniff(bytes);
  return bytes && mime ? { bytes, mime } : undefined;
}

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Uploaded images (avatars, identity photos) arrive as data URLs in JSON bodies. The declared type
 * is not trusted: the bytes must start with a PNG, JPEG or WebP signature, and stay under the size
 * limit. Files are stored under DATA_DIR/uploads with a random name, never a client-chosen path.
 */
/** Where uploads live under DATA_DIR/uploads: avatars, identity photos, P2P payment proofs. */
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

/** Writes an image under DATA_DIR/uploads/<folder>/ and returns its generated file name. */
export async function storeImage(dataDir: string, folder: ImageFolder, image: Extract<DecodedImage, { ok: true }>): Promise<string> {
  const dir = join(dataDir, 'uploads', folder);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION[image.mime]}`;
  await writeFile(join(dir, name), image.bytes, { flag: 'wx' });
  return name;
}

/** Reads a stored image back; only names this module generated are accepted (no path tricks). */
export async function readStoredImage(dataDir: string, folder: ImageFolder, name: string): Promise<{ bytes: Buffer; mime: ImageMime } | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  try {
    const bytes = await readFile(join(dataDir, 'uploads', folder, name));
    const mime = sniff(bytes);
    return mime ? { bytes, mime } : undefined;
  } catch {
    return undefined;
  }
}

/** Removes an image stored by `storeImage` whose record was never committed (a refused or failed upload). */
export async function removeStoredImage(dataDir: string, folder: ImageFolder, name: string): Promise<void> {
  if (!STORED_NAME.test(name)) return;
  await rm(join(dataDir, 'uploads', folder, name), { force: true });
}

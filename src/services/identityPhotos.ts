import type { ApiError } from '../../domain/errors';

/** Reads a picked identity photo into a data URL (photos travel that way in JSON bodies). */
export function photoAsDataUrl(file: Blob, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject({ kind: 'system' } satisfies ApiError);
    signal?.addEventListener('abort', () => reader.abort(), { once: true });
    reader.readAsDataURL(file);
  });
}

/**
 * Fetches a login-gated image with the token header (an <img src> cannot send one) and returns it
 * as a data URL, so no object URL outlives the screen. A JSON answer is the server's refusal.
 */
export async function fetchImageDataUrl(path: string, token: string | undefined, lang: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { ...(token ? { token } : {}), lang }, signal });
  } catch {
    throw { kind: 'network' } satisfies ApiError;
  }
  if (response.status !== 200) throw { kind: 'network' } satisfies ApiError;
  if (!/^image\//.test(response.headers.get('content-type') ?? '')) {
    const body = (await response.json().catch(() => undefined)) as { code?: number; msg?: string } | undefined;
    throw (body?.msg ? { kind: body.code === 403 ? 'forbidden' : 'server', serverMessage: body.msg } : { kind: 'system' }) satisfies ApiError;
  }
  return photoAsDataUrl(await response.blob(), signal);
}

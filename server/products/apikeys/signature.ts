import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Binance's HMAC-SHA256 signing as it documents it for HMAC keys: the signed text is the query
 * string followed by the request body, as sent, without the `signature` parameter; the signature
 * is the hex digest (either case). `timestamp` must be within `recvWindow` ms before the server's
 * clock (default 5000, at most 60000) and at most 1 s ahead of it. A repeat of the same signed
 * request inside its window is accepted, as Binance does: orders are protected from doubles by
 * their client order id, not by the signature.
 */
export const DEFAULT_RECV_WINDOW = 5000;
export const MAX_RECV_WINDOW = 60_000;
/** How far ahead of the server a client's clock may run (Binance: 1000 ms). */
export const FUTURE_TOLERANCE_MS = 1000;

export interface SignedParts {
  /** The raw query string, without '?'. */
  query: string;
  /** The raw form body ('' when none). */
  body: string;
}

/** The text that was signed and the signature sent, or undefined when no signature was sent. */
export function splitSignature({ query, body }: SignedParts): { text: string; signature: string } | undefined {
  const take = (raw: string) => {
    const params = raw === '' ? [] : raw.split('&');
    const at = params.findIndex((p) => p.startsWith('signature='));
    if (at < 0) return undefined;
    const sent = params[at]!.slice('signature='.length);
    // A broken %-escape ("%zz") is no hex digest either: kept as sent, it fails the match (-1022), not the request (500).
    const signature = decodedOr(sent);
    params.splice(at, 1);
    return { rest: params.join('&'), signature };
  };
  const inQuery = take(query);
  if (inQuery) return { text: inQuery.rest + body, signature: inQuery.signature };
  const inBody = take(body);
  if (inBody) return { text: query + inBody.rest, signature: inBody.signature };
  return undefined;
}

function decodedOr(sent: string): string {
  try {
    return decodeURIComponent(sent);
  } catch {
    return sent;
  }
}

export function signText(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function signatureMatches(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(signText(secret, text), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type TimestampProblem = 'recvWindowTooLarge' | 'outsideWindow' | undefined;

/** Whether `timestamp` is fresh enough for its window (both parsed already). */
export function timestampProblem(timestamp: number, recvWindow: number, now: number): TimestampProblem {
  if (recvWindow > MAX_RECV_WINDOW || recvWindow <= 0) return 'recvWindowTooLarge';
  if (timestamp > now + FUTURE_TOLERANCE_MS || now - timestamp > recvWindow) return 'outsideWindow';
  return undefined;
}

import type { IncomingMessage } from 'node:http';

/**
 * Which web pages may open a socket: the page's own origin (same host as the request), and the
 * origins listed in ALLOWED_ORIGINS. A request without an Origin header is not a browser page
 * (a server, a bot, the tests) and is let through — the origin rule is what stops another site's
 * page from riding a trader's browser; tokens still guard the private channel.
 */
export function originAllowed(request: Pick<IncomingMessage, 'headers'>, allowed: readonly string[] = []): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

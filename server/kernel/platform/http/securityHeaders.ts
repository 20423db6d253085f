import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from './plugin.js';

export interface SecurityHeaderOptions {
  /**
   * Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); 0 sends none. Only worth setting when
   * the site is served over TLS (by this server's proxy): a browser then refuses plain HTTP to it.
   */
  hstsMaxAge?: number;
}

/**
 * Every /api answer unless its route says otherwise: nothing keeps a copy. The web API is POST, which
 * no cache stores, but the Binance dialect's signed reads (balances, orders, trades) are GETs, and an
 * answer without Cache-Control may be kept by a browser or a proxy on heuristics (RFC 9111 §4.2.2),
 * for whoever asks the same URL next. The public reads lose nothing: the app asks them afresh anyway.
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * The headers a browser needs to contain a page (issue 11, item 6), on every answer: HTML, API and
 * assets. The session token lives in localStorage (spec), so the Content Security Policy is what
 * keeps an injected script from running at all:
 * - scripts only from this origin (the Vite build has no inline script), no eval;
 * - styles from this origin and inline: styled-components writes <style> elements at runtime and
 *   index.html paints the first background with one (a style cannot read localStorage);
 * - images from this origin, data: (QR codes) and blob: (chart snapshots, identity photo previews);
 * - connections only to this origin, which covers socket.io's ws:/wss: in CSP 3;
 * - no plugins, no <base> elsewhere, forms post here, and no framing (frame-ancestors plus
 *   X-Frame-Options for older browsers) so the order form cannot be clickjacked.
 */
export const securityHeaders = (options: SecurityHeaderOptions = {}) =>
  fp(async (app: FastifyInstance) => {
    const headers = securityHeaderValues(options.hstsMaxAge ?? 0);
    // The same headers on every answer, set by one synchronous hook. (@fastify/helmet, used before,
    // built helmet's whole middleware again on every request, parsing the policy each time: ~2 % of
    // the busy server under bench:pipeline's load.)
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      // Before the route runs, so a route with a caching rule of its own (a photo's) replaces it.
      if (request.url.startsWith('/api/')) reply.header('cache-control', API_CACHE_CONTROL);
      done();
    });
  });

/** The headers helmet sets with this policy, read once: none of them depends on the request. */
export function securityHeaderValues(hstsMaxAge: number): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Photos and assets are only ever used by this site.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // COEP would block nothing we load but buys nothing either; left off so a future CDN image works.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: hstsMaxAge > 0 ? { maxAge: hstsMaxAge, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  // Helmet has no Permissions-Policy: the exchange needs no camera, microphone, location or payment API
  // (identity photos are chosen as files).
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
  return headers;
}

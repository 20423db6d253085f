import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from './plugin.js';

export interface SecurityHeaderOptions {
  /**
   * Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); 0 sends none. Only worth setting when
   * the site is served over TLS (by this server's proxy): a browser then refuses plain HTTP to it.
   */
  hstsMaxAge?: number;
}

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
    const hstsMaxAge = options.hstsMaxAge ?? 0;
    await app.register(helmet, {
      global: true,
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
    // Helmet has no Permissions-Policy: the exchange needs no camera, microphone, location or payment API
    // (identity photos are chosen as files).
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    });
  });

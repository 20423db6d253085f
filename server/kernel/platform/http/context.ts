import type { FastifyInstance } from 'fastify';
import fp from './plugin.js';
import { localeFromHeader, type LocaleCode } from '../../../../domain/languages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the `lang` header; the default language when absent or unknown. */
    lang: LocaleCode;
    /** From the `token` header, if any. */
    token: string | undefined;
    /** From the `time-zone` header (an IANA name the client's Intl gives), if any and known: the moments in refusals are written in it. */
    timeZone: string | undefined;
  }
}

/** An IANA time zone Intl knows ("Europe/Berlin"), or undefined. */
function knownTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

/** Reads the two headers every call sends (spec §7) and the client's time zone once, before any route runs. */
export const requestContext = fp((app: FastifyInstance) => {
  app.decorateRequest('lang', 'en_US');
  app.decorateRequest('token', undefined);
  app.decorateRequest('timeZone', undefined);
  app.addHook('onRequest', async (request) => {
    request.lang = localeFromHeader(request.headers.lang);
    const token = request.headers.token;
    request.token = typeof token === 'string' && token.length > 0 ? token : undefined;
    request.timeZone = knownTimeZone(request.headers['time-zone']);
  });
});

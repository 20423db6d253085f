import type { FastifyInstance } from 'fastify';
import fp from './plugin.js';
import { localeFromHeader, type LocaleCode } from '../../../domain/languages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the `lang` header; the default language when absent or unknown. */
    lang: LocaleCode;
    /** From the `token` header, if any. */
    token: string | undefined;
  }
}

/** Reads the two headers every call sends (spec §7) once, before any route runs. */
export const requestContext = fp((app: FastifyInstance) => {
  app.decorateRequest('lang', 'en_US');
  app.decorateRequest('token', undefined);
  app.addHook('onRequest', async (request) => {
    request.lang = localeFromHeader(request.headers.lang);
    const token = request.headers.token;
    request.token = typeof token === 'string' && token.length > 0 ? token : undefined;
  });
});

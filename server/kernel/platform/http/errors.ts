import type { FastifyError, FastifyInstance } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import { divDecimal } from '../../../../domain/decimal.js';
import { translate } from '../i18n/messages.js';
import { databaseFullError } from '../db/connectRetry.js';
import { ApiFailure } from './envelope.js';
import { fieldWord } from './fieldWords.js';
import fp from './plugin.js';

/**
 * The one error handler. Refusals and bad input answer HTTP 200 with a translated body code
 * (so the client shows the message); anything unexpected is logged and answered with a generic
 * "System error" that leaks nothing.
 */
export const errorHandling = fp((app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | ApiFailure, request, reply) => {
    const lang = request.lang ?? 'en_US';
    if (thrown instanceof ApiFailure) {
      return reply.status(200).send(thrown.toEnvelope(lang, request.timeZone));
    }
    const error = thrown;
    if (error.validation) {
      const unknown = unknownMember(error);
      if (unknown) return reply.status(200).send({ code: ResultCode.badRequest, msg: translate(lang, 'unknownField', { field: unknown }), data: null });
      const field = firstInvalidField(error);
      const label = field !== undefined ? fieldWord(request.routeOptions.url, field) : undefined;
      const msg = !field ? translate(lang, 'badRequest') : label ? translate(lang, 'invalidFieldNamed', { label: translate(lang, label), field }) : translate(lang, 'invalidField', { field });
      return reply.status(200).send({ code: ResultCode.badRequest, msg, data: null });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Said as such, with the route's limit (1 MB for most, 6 MB for a P2P payment proof): "Invalid
      // request" told the sender nothing of what to change.
      const size = divDecimal(String(request.routeOptions.bodyLimit), String(MIB), 1);
      return reply.status(200).send({ code: ResultCode.badRequest, msg: translate(lang, 'bodyTooLarge', { size }), data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type...: the client's fault, never a 500.
      return reply.status(200).send({ code: ResultCode.badRequest, msg: translate(lang, 'badRequest'), data: null });
    }
    if (databaseFullError(error)) {
      // PostgreSQL stayed full past the pool's wait (connectRetry.ts): said as the product calls say
      // "no answer" (earlier statements of the call may have run), not as a system error.
      request.log.warn({ err: error }, 'database full');
      return reply.status(200).header('retry-after', '1').send({ code: ResultCode.serverError, msg: translate(lang, 'serverNoAnswer'), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ResultCode.serverError, msg: translate(lang, 'systemError'), data: null });
  });
});

const MIB = 1024 * 1024;

/** The longest unknown member's name a refusal repeats: the name is the sender's text, not ours. */
const ECHO_MAX = 64;

/** The member a schema does not name ("x", or "description.xx" inside an object), if that is what failed. */
function unknownMember(error: FastifyError): string | undefined {
  const first = error.validation?.[0];
  if (first?.keyword !== 'additionalProperties') return undefined;
  const name = (first.params as { additionalProperty?: unknown }).additionalProperty;
  if (typeof name !== 'string') return undefined;
  const parent = first.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  const path = parent ? `${parent}.${name}` : name;
  return path.length > ECHO_MAX ? `${path.slice(0, ECHO_MAX)}…` : path;
}

function firstInvalidField(error: FastifyError): string | undefined {
  const first = error.validation?.[0];
  if (!first) return undefined;
  const fromPath = first.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? (fromPath || undefined);
}

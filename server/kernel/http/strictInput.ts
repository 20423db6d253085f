import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { ResultCode } from '../../../src/domain/api.js';
import { ApiFailure } from './envelope.js';
import fp from './plugin.js';

/**
 * What the routes' schemas mean, strictly. Bodies are JSON and are taken as sent: no coercion, so
 * `{"id": true}` is not id 1, `{"quantity": [1]}` is not 1, and a number is not a money string
 * (Fastify's default would coerce all three). Query strings and path parameters are text by
 * nature, so there a digit string may become the integer its schema asks for — and nothing else:
 * "1e309", "Infinity" or "-0" stay strings and fail an integer schema.
 */
const COMMON: Options = { useDefaults: true, removeAdditional: true, allErrors: false, strict: false };
const bodies = new Ajv({ ...COMMON, coerceTypes: false });
const text = new Ajv({ ...COMMON, coerceTypes: true });

export function strictValidatorCompiler({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) {
  return (httpPart === 'body' ? bodies : text).compile(schema as object);
}

/** PostgreSQL text cannot hold NUL, and no field here has a use for control characters but tab and newline. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasControlCharacter(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (CONTROL.test(key) || hasControlCharacter(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses, before any route runs, input no route can use: control characters (NUL above all, which
 * PostgreSQL refuses with an error) in the body, query or path, and numbers that are not finite.
 * A translated body code 400, nothing changed.
 */
export const strictInput = fp((app: FastifyInstance) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  app.addHook('preValidation', async (request) => {
    if (hasControlCharacter(request.body) || hasControlCharacter(request.query) || hasControlCharacter(request.params)) {
      throw new ApiFailure(ResultCode.badRequest, 'badRequest');
    }
  });
});

import { Ajv, type ValidateFunction } from 'ajv';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: readonly unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  minItems?: number;
  additionalProperties?: unknown;
  maxProperties?: number;
  minProperties?: number;
  default?: unknown;
}

/**
 * The suite's own reading of a schema, independent of the server's compiler: JSON as sent, no
 * coercion, no defaults. Like the server, it refuses members a schema with `additionalProperties:
 * false` does not name (issue 34: an unknown member is refused, not ignored). It decides which
 * generated values a schema admits.
 */
const oracle = new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: false, removeAdditional: false, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

export function accepts(schema: Schema, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = oracle.compile(schema as object);
    compiled.set(schema, validate);
  }
  return validate(copy(value)) as boolean;
}

/** A copy to validate (the caller's value stays untouched whatever the validator does); below 64 levels, where no schema here looks, containers are left empty. */
function copy(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return depth > 64 ? [] : value.map((v) => copy(v, depth + 1));
  if (depth > 64) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v, depth + 1)]));
}

/** The object schema of a body (the object branch of an "object or null" body), if any. */
export function objectSchemaOf(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'object' || schema.properties) return schema;
  for (const branch of schema.anyOf ?? schema.oneOf ?? []) {
    const found = objectSchemaOf(branch);
    if (found) return found;
  }
  return undefined;
}

export function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type[0];
  if (schema.type) return schema.type;
  if (schema.enum?.length) return typeof schema.enum[0] === 'number' ? (Number.isInteger(schema.enum[0]) ? 'integer' : 'number') : typeof schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  return branch ? typeOf(branch) : undefined;
}

/**
 * Whether a query or path text is one the field admits: an integer field admits only a canonical
 * decimal integer in range (no exponent, sign, padding, hexadecimal or -0), other fields what the
 * schema admits of the text as it is.
 */
export function admitsText(schema: Schema, value: string | string[]): boolean {
  const type = typeOf(schema);
  if (Array.isArray(value)) return type === 'array' && accepts(schema, value);
  if (type === 'integer' || type === 'number') {
    const shape = type === 'integer' ? /^-?(0|[1-9]\d*)$/ : /^-?(0|[1-9]\d*)(\.\d+)?$/;
    if (!shape.test(value) || /^-0(\.0+)?$/.test(value)) return false;
    const n = Number(value);
    if (type === 'integer' && !Number.isSafeInteger(n)) return false;
    return accepts(schema, n);
  }
  if (type === 'boolean') return value === 'true' || value === 'false';
  return accepts(schema, value);
}

/**
 * Calls that take no payload accept an empty or absent JSON object, and nothing else: a member
 * they would ignore is refused like any unknown field (strictInput.ts).
 */
export const anyBody = {
  anyOf: [{ type: 'object', additionalProperties: false }, { type: 'null' }],
} as const;

/**
 * A JSON body with exactly these members (`required` of them must be there): what every route's
 * schema is made of. Unknown members are refused (strictInput.ts answers 'Unknown field: x').
 */
export const strictObject = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, additionalProperties: false, properties }) as const;

/**
 * A row id from outside. Every table's id is a bigserial, read into a JS number, so the one bound
 * is the largest integer a number holds exactly; a bigger value is refused as malformed (400),
 * never handed to a query.
 */
export const rowId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

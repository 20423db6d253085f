/**
 * Calls that take no payload accept an empty or absent JSON object, and nothing else: a member
 * they would ignore is refused like any unknown field (strictInput.ts).
 */
export const anyBody = {
  anyOf: [{ type: 'object', additionalProperties: false }, { type: 'null' }],
} as const;

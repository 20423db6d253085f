/** Calls that take no payload still accept an empty or absent JSON object, and nothing else. */
export const anyBody = {
  anyOf: [{ type: 'object', maxProperties: 20 }, { type: 'null' }],
} as const;

/**
 * Binance's live requests on a market stream connection (`{"method":"SUBSCRIBE","params":[…],"id":1}`)
 * read into what the hub does, or the error Binance answers ("Error Messages" of its WebSocket
 * Streams docs): code 0 an unknown property, 1 a value of the wrong type, 2 an invalid request,
 * 3 invalid JSON. Pure: the hub (hub.ts) sends the answers.
 */
export type StreamRequest =
  | { method: 'SUBSCRIBE' | 'UNSUBSCRIBE'; params: string[]; id: RequestId }
  | { method: 'LIST_SUBSCRIPTIONS'; id: RequestId }
  | { method: 'SET_PROPERTY'; combined: boolean; id: RequestId }
  | { method: 'GET_PROPERTY'; id: RequestId };

/** A 64-bit signed integer, an alphanumeric string of at most 36, or null (Binance's accepted ids). */
export type RequestId = number | string | null;

export interface StreamError {
  error: { code: number; msg: string };
  id: RequestId;
}

const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'];

const fail = (code: number, msg: string, id: RequestId = null): StreamError => ({ error: { code, msg }, id });

function idOf(value: unknown): RequestId | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[A-Za-z0-9]{1,36}$/.test(value)) return value;
  return undefined;
}

export function readRequest(text: string): StreamRequest | StreamError {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return fail(3, 'Invalid JSON: expected value at line 1 column 1');
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return fail(2, 'Invalid request: expected a JSON object');
  const { method, params, id: rawId } = message as Record<string, unknown>;
  const id = idOf(rawId);
  if (id === undefined) return fail(2, 'Invalid request: request ID must be an unsigned integer');
  if (method === undefined) return fail(2, 'Invalid request: missing field `method`', id);
  if (typeof method !== 'string' || !METHODS.includes(method)) {
    return fail(2, `Invalid request: unknown variant \`${String(method).slice(0, 40)}\`, expected one of \`${METHODS.join('`, `')}\``, id);
  }
  const list = params === undefined ? [] : params;
  if (!Array.isArray(list)) return fail(2, 'Invalid request: params must be an array', id);
  switch (method) {
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE':
      if (!list.every((p) => typeof p === 'string')) return fail(2, 'Invalid request: property name must be a string', id);
      return { method, params: list as string[], id };
    case 'LIST_SUBSCRIPTIONS':
      return { method, id };
    case 'SET_PROPERTY':
      if (list[0] !== 'combined') return fail(0, 'Unknown property', id);
      if (typeof list[1] !== 'boolean') return fail(1, 'Invalid value type: expected Boolean', id);
      if (list.length > 2) return fail(2, 'Invalid request: too many parameters', id);
      return { method, combined: list[1], id };
    default:
      if (list[0] !== 'combined') return fail(0, 'Unknown property', id);
      return { method: 'GET_PROPERTY', id };
  }
}

export const invalidStream = (name: string, id: RequestId): StreamError => fail(2, `Invalid request: invalid stream name \`${name.slice(0, 60)}\``, id);
export const tooManyStreams = (id: RequestId): StreamError => fail(2, 'Invalid request: too many streams (at most 1024 per connection)', id);

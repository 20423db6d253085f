import { ResultCode, type Envelope } from '../../domain/api';
import { REQUEST_TIMEOUT_MS } from '../../domain/constants';
import type { ApiError } from '../../domain/errors';
import { IDEMPOTENCY_HEADER } from '../../domain/walletAccounts';

export interface ApiClientOptions {
  baseURL?: string;
  /** Current token and language, read at call time (they change while the app runs). */
  getToken: () => string | undefined;
  getLang: () => string;
  /**
   * Told about body code 403; the composition root forwards it to the session machine. `data`: the
   * envelope's, where an operator's refusal names the permission it lacks (an ended session's is null).
   */
  onForbidden: (message: string | undefined, data?: unknown) => void;
  /** For tests: the fetch to call (the browser's by default). */
  fetch?: typeof fetch;
}

export interface ApiClient {
  /**
   * `token` overrides the session's (sign-out sends the token it is ending). `idempotencyKey`
   * marks a submission (withdraw, transfer, order): the server carries out one effect per key.
   */
  post<T>(path: string, payload?: object, signal?: AbortSignal, token?: string, idempotencyKey?: string): Promise<T>;
  get<T>(path: string, params?: Record<string, string>, signal?: AbortSignal): Promise<T>;
}

/** The header naming the reader's IANA time zone (server/kernel/platform/http/context.ts reads it). */
export const TIME_ZONE_HEADER = 'time-zone';

/** The browser's time zone ("Europe/Berlin"; every browser we support says it), read once. */
const LOCAL_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The one HTTP client (spec §7, §8): 8000 ms timeout, token and lang headers on every call.
 * Resolves with `data` when HTTP 200 and body code 200; otherwise rejects with an ApiError:
 * network (non-200 HTTP or no answer), server (body code with a message), system (body code
 * without one), forbidden (body code 403, also reported through onForbidden).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const base = options.baseURL ?? '';

  async function send<T>(
    method: 'get' | 'post',
    path: string,
    payload: object | undefined,
    params: Record<string, string> | undefined,
    signal?: AbortSignal,
    tokenOverride?: string,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = { lang: options.getLang() };
    // The moments in the server's refusals are written in the reader's time zone, as the pages write dates (issue 50 M5).
    if (LOCAL_TIME_ZONE) headers[TIME_ZONE_HEADER] = LOCAL_TIME_ZONE;
    const token = tokenOverride ?? options.getToken();
    if (token) headers.token = token;
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    if (method === 'post') headers['content-type'] = 'application/json';
    const query = params && Object.keys(params).length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
    // The 8000 ms limit and the caller's cancel end the same request.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    const cancel = () => abort.abort();
    if (signal?.aborted) abort.abort();
    signal?.addEventListener('abort', cancel);
    let body: unknown;
    try {
      const response = await doFetch(`${base}${path}${query}`, {
        method: method.toUpperCase(),
        headers,
        body: method === 'post' ? JSON.stringify(payload ?? {}) : undefined,
        signal: abort.signal,
      });
      if (response.status !== 200) throw networkError();
      const text = await response.text();
      body = parseJson(text);
    } catch (error) {
      if (isApiErrorShape(error)) throw error;
      throw networkError();
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
    const envelope = body as Partial<Envelope<T>> | null;
    if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
      throw { kind: 'system' } satisfies ApiError;
    }
    if (envelope.code === ResultCode.ok) return envelope.data as T;
    const serverMessage = typeof envelope.msg === 'string' && envelope.msg.length > 0 ? envelope.msg : undefined;
    if (envelope.code === ResultCode.forbidden) {
      options.onForbidden(serverMessage, envelope.data);
      throw { kind: 'forbidden', serverMessage } satisfies ApiError;
    }
    // A refusal about one field of the form sent names it (`data.field`), for the form to say it there.
    const field = (envelope.data as { field?: unknown } | null | undefined)?.field;
    throw (serverMessage ? { kind: 'server', serverMessage, ...(typeof field === 'string' ? { field } : {}) } : { kind: 'system' }) satisfies ApiError;
  }

  return {
    post: (path, payload, signal, token, idempotencyKey) => send('post', path, payload, undefined, signal, token, idempotencyKey),
    get: (path, params, signal) => send('get', path, undefined, params, signal),
  };
}

/** The body as JSON, or as the text it is (an HTML error page is then a "system" answer). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function networkError(): ApiError {
  return { kind: 'network' };
}

function isApiErrorShape(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'kind' in error && !(error instanceof Error);
}

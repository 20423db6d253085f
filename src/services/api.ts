import axios, { type AxiosInstance } from 'axios';
import { ResultCode, type Envelope } from '../domain/api';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import type { ApiError } from '../domain/errors';
import { IDEMPOTENCY_HEADER } from '../domain/wallet';

export interface ApiClientOptions {
  baseURL?: string;
  /** Current token and language, read at call time (they change while the app runs). */
  getToken: () => string | undefined;
  getLang: () => string;
  /** Told about body code 403; the composition root forwards it to the session machine. */
  onForbidden: (message: string | undefined) => void;
  /** For tests: a ready axios instance (e.g. with a custom adapter). */
  http?: AxiosInstance;
}

export interface ApiClient {
  /**
   * `token` overrides the session's (sign-out sends the token it is ending). `idempotencyKey`
   * marks a submission (withdraw, transfer, order): the server carries out one effect per key.
   */
  post<T>(path: string, payload?: object, signal?: AbortSignal, token?: string, idempotencyKey?: string): Promise<T>;
  get<T>(path: string, params?: Record<string, string>, signal?: AbortSignal): Promise<T>;
}

/**
 * The one HTTP client (spec §7, §8): 8000 ms timeout, token and lang headers on every call.
 * Resolves with `data` when HTTP 200 and body code 200; otherwise rejects with an ApiError:
 * network (non-200 HTTP or no answer), server (body code with a message), system (body code
 * without one), forbidden (body code 403, also reported through onForbidden).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = options.http ?? axios.create({ baseURL: options.baseURL ?? '', timeout: REQUEST_TIMEOUT_MS });

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
    const token = tokenOverride ?? options.getToken();
    if (token) headers.token = token;
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    let body: unknown;
    try {
      const response = await http.request({
        method,
        url: path,
        data: method === 'post' ? (payload ?? {}) : undefined,
        params,
        headers,
        signal,
        timeout: REQUEST_TIMEOUT_MS,
        validateStatus: () => true,
      });
      if (response.status !== 200) throw networkError();
      body = response.data;
    } catch (error) {
      if (isApiErrorShape(error)) throw error;
      throw networkError();
    }
    const envelope = body as Partial<Envelope<T>> | null;
    if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
      throw { kind: 'system' } satisfies ApiError;
    }
    if (envelope.code === ResultCode.ok) return envelope.data as T;
    const serverMessage = typeof envelope.msg === 'string' && envelope.msg.length > 0 ? envelope.msg : undefined;
    if (envelope.code === ResultCode.forbidden) {
      options.onForbidden(serverMessage);
      throw { kind: 'forbidden', serverMessage } satisfies ApiError;
    }
    throw (serverMessage ? { kind: 'server', serverMessage } : { kind: 'system' }) satisfies ApiError;
  }

  return {
    post: (path, payload, signal, token, idempotencyKey) => send('post', path, payload, undefined, signal, token, idempotencyKey),
    get: (path, params, signal) => send('get', path, undefined, params, signal),
  };
}

function networkError(): ApiError {
  return { kind: 'network' };
}

function isApiErrorShape(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'kind' in error && !(error instanceof Error);
}

import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { messageForError } from '../domain/errors';
import { createApiClient } from './api';

function clientAnswering(answer: (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | Error) {
  const seen: InternalAxiosRequestConfig[] = [];
  const forbidden: Array<string | undefined> = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const result = answer(config);
    if (result instanceof Error) throw result;
    return { ...result, statusText: '', headers: {}, config };
  };
  const api = createApiClient({
    http: axios.create({ adapter }),
    getToken: () => 'tok',
    getLang: () => 'ja_JP',
    onForbidden: (m) => void forbidden.push(m),
  });
  return { api, seen, forbidden };
}

describe('API client (spec §7, §8)', () => {
  it('sends token and lang headers with the 8000 ms timeout and resolves data on code 200', async () => {
    const { api, seen } = clientAnswering(() => ({ status: 200, data: { code: 200, msg: 'ok', data: [1, 2] } }));
    await expect(api.post('/api/pair_list')).resolves.toEqual([1, 2]);
    expect(seen[0]!.headers.token).toBe('tok');
    expect(seen[0]!.headers.lang).toBe('ja_JP');
    expect(seen[0]!.timeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('any non-200 HTTP status is a network error', async () => {
    const { api } = clientAnswering(() => ({ status: 502, data: 'Bad gateway' }));
    const error = await api.post('/x').catch((e: unknown) => e);
    expect(error).toEqual({ kind: 'network' });
    expect(messageForError(error)).toEqual({ key: 'error.network' });
  });

  it('a timeout or a refused connection is a network error', async () => {
    const { api } = clientAnswering((config) => new AxiosError('timeout', 'ECONNABORTED', config));
    expect(await api.get('/x').catch((e: unknown) => e)).toEqual({ kind: 'network' });
  });

  it('a body code other than 200 shows the server message, or "System error" without one', async () => {
    const withMsg = clientAnswering(() => ({ status: 200, data: { code: 400, msg: '不正な値です', data: null } }));
    const e1 = await withMsg.api.post('/x').catch((e: unknown) => e);
    expect(messageForError(e1)).toEqual({ text: '不正な値です' });
    const withoutMsg = clientAnswering(() => ({ status: 200, data: { code: 500, msg: '', data: null } }));
    expect(messageForError(await withoutMsg.api.post('/x').catch((e: unknown) => e))).toEqual({ key: 'error.system' });
    const garbage = clientAnswering(() => ({ status: 200, data: '<html>' }));
    expect(messageForError(await garbage.api.post('/x').catch((e: unknown) => e))).toEqual({ key: 'error.system' });
  });

  it('body code 403 is reported so the session can be cleared', async () => {
    const { api, forbidden } = clientAnswering(() => ({ status: 200, data: { code: 403, msg: '先にログインしてください', data: null } }));
    expect(await api.post('/api/center/index').catch((e: unknown) => e)).toEqual({ kind: 'forbidden', serverMessage: '先にログインしてください' });
    expect(forbidden).toEqual(['先にログインしてください']);
  });
});

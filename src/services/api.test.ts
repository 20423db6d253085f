import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../domain/constants';
import { messageForError } from '../../domain/errors';
import { createApiClient } from './api';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

function clientAnswering(answer: (request: Seen) => { status: number; data: unknown } | Error | 'hang') {
  const seen: Seen[] = [];
  const forbidden: Array<string | undefined> = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Seen = { url: String(input), method: init!.method!, headers: init!.headers as Record<string, string>, body: init!.body as string | undefined, signal: init!.signal! };
    seen.push(request);
    const result = answer(request);
    if (result === 'hang') {
      return new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (result instanceof Error) throw result;
    return new Response(typeof result.data === 'string' ? result.data : JSON.stringify(result.data), { status: result.status });
  }) as typeof globalThis.fetch;
  const api = createApiClient({
    fetch,
    getToken: () => 'tok',
    getLang: () => 'ja_JP',
    onForbidden: (m) => void forbidden.push(m),
  });
  return { api, seen, forbidden };
}

describe('API client (spec §7, §8)', () => {
  afterEach(() => void vi.useRealTimers());

  it('sends token and lang headers and a JSON body, and resolves data on code 200', async () => {
    const { api, seen } = clientAnswering(() => ({ status: 200, data: { code: 200, msg: 'ok', data: [1, 2] } }));
    await expect(api.post('/api/pair_list', { a: 1 })).resolves.toEqual([1, 2]);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.token).toBe('tok');
    expect(seen[0]!.headers.lang).toBe('ja_JP');
    // The reader's time zone, for the moments in refusals (issue 50 M5).
    expect(seen[0]!.headers['time-zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toBe('{"a":1}');
  });

  it('puts GET parameters in the query string', async () => {
    const { api, seen } = clientAnswering(() => ({ status: 200, data: { code: 200, msg: 'ok', data: null } }));
    await api.get('/api/market/kline', { symbol: 'btc_usdt', period: '1min' });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe('/api/market/kline?symbol=btc_usdt&period=1min');
    expect(seen[0]!.body).toBeUndefined();
  });

  it('gives up after the 8000 ms timeout with a network error', async () => {
    vi.useFakeTimers();
    const { api } = clientAnswering(() => 'hang');
    const outcome = api.get('/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({ kind: 'network' });
  });

  it("the caller's cancel aborts the request", async () => {
    const { api, seen } = clientAnswering(() => 'hang');
    const controller = new AbortController();
    const outcome = api.get('/x', undefined, controller.signal).catch((e: unknown) => e);
    controller.abort();
    expect(await outcome).toEqual({ kind: 'network' });
    expect(seen[0]!.signal.aborted).toBe(true);
  });

  it('any non-200 HTTP status is a network error', async () => {
    const { api } = clientAnswering(() => ({ status: 502, data: 'Bad gateway' }));
    const error = await api.post('/x').catch((e: unknown) => e);
    expect(error).toEqual({ kind: 'network' });
    expect(messageForError(error)).toEqual({ key: 'error.network' });
  });

  it('a timeout or a refused connection is a network error', async () => {
    const { api } = clientAnswering(() => new TypeError('Failed to fetch'));
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

  it('a refusal naming the field it is about keeps the field beside the message (a form says it there)', async () => {
    const named = clientAnswering(() => ({ status: 200, data: { code: 400, msg: '招待コードが無効です', data: { field: 'invitation_code' } } }));
    expect(await named.api.post('/api/register_next').catch((e: unknown) => e)).toEqual({ kind: 'server', serverMessage: '招待コードが無効です', field: 'invitation_code' });
    const other = clientAnswering(() => ({ status: 200, data: { code: 400, msg: '不正な値です', data: { field: 7 } } }));
    expect(await other.api.post('/x').catch((e: unknown) => e)).toEqual({ kind: 'server', serverMessage: '不正な値です' });
  });

  it('body code 403 is reported so the session can be cleared', async () => {
    const { api, forbidden } = clientAnswering(() => ({ status: 200, data: { code: 403, msg: '先にログインしてください', data: null } }));
    expect(await api.post('/api/center/index').catch((e: unknown) => e)).toEqual({ kind: 'forbidden', serverMessage: '先にログインしてください' });
    expect(forbidden).toEqual(['先にログインしてください']);
  });
});

import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Envelope } from '../../domain/api.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';

export interface Answer<T> {
  status: number;
  body: Envelope<T>;
}

/** Injects a request and parses the envelope; every answer must be JSON in the {code,msg,data} shape. */
export async function call<T = unknown>(app: FastifyInstance, options: InjectOptions): Promise<Answer<T>> {
  const response = await app.inject(options);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as Envelope<T>;
  expect(body).toEqual(expect.objectContaining({ code: expect.any(Number), msg: expect.any(String) }));
  expect(body).toHaveProperty('data');
  return { status: response.statusCode, body };
}

export function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  payload?: object | string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return call<T>(app, { method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
}

export function get<T = unknown>(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  return call<T>(app, { method: 'GET', url, headers });
}

/** HTTP 200 and body code 200: the data, typed. */
export function expectOk<T>(answer: Answer<T>): T {
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(200);
  expect(answer.body.data).not.toBeNull();
  return answer.body.data as T;
}

/** A refusal: HTTP 200 with body `code`, a non-empty msg and null data. */
export function expectRefusal(answer: Answer<unknown>, code: number, msg?: string | RegExp): void {
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(code);
  expect(answer.body.data).toBeNull();
  expect(answer.body.msg.length).toBeGreaterThan(0);
  if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
  else if (msg) expect(answer.body.msg).toMatch(msg);
}

/** A decimal string as the wire carries money: digits, an optional fraction, no exponent. */
export const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Calls to a running process over the network (the scale-out tests: a server, a front), as `who`
 * (a session token) or nobody; `headers` add to or replace the defaults (`lang` en_US). The answer
 * must be HTTP 200 with an envelope; `place` also requires the order's acceptance.
 */
export function networkCalls(base: () => string) {
  type Reply<T> = { code: number; msg: string; data: T };
  async function call<T>(who: { token: string } | undefined, path: string, body: object, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const response = await fetch(`${base()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en_US', ...(who && { token: who.token }), ...headers },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Reply<T>;
  }
  async function place<T>(who: { token: string }, body: object): Promise<T> {
    const envelope = await call<T>(who, SPOT_PATHS.place, body);
    expect(envelope.code, envelope.msg).toBe(200);
    return envelope.data;
  }
  return { call, place };
}

/**
 * A POST to a running server at `base`, its envelope as answered (no check): `token` and `lang`
 * headers only when given, as a browser or a script sends them.
 */
export async function postEnvelope<T = unknown>(base: string, path: string, body: object, token?: string, lang?: string) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token !== undefined && { token }), ...(lang !== undefined && { lang }) }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** Until `check` holds (polled every 100 ms), or fails after `limitMs`: a change another process reads on its own time. */
export async function until(check: () => Promise<boolean>, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { openTestDatabase } from './testDb.js';
import type { Database } from '../../server/kernel/platform/db/database.js';

let db: Database | undefined;
let app: FastifyInstance | undefined;
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('readiness after a restart (issue 37)', () => {
  it('an /api request that arrives before start-up has finished (the P2P grace step) waits for it instead of seeing the pre-restart state', async () => {
    db = await openTestDatabase();
    let started!: () => void;
    const readiness = new Promise<void>((resolve) => (started = resolve));
    // What start-up changes: before it, the route would answer the pre-restart state.
    let graced = false;
    app = await buildHttp({
      db,
      readiness,
      routes: [async (a) => void a.post('/api/probe', { schema: { body: { type: 'object', additionalProperties: false, properties: {} } } }, async () => ({ code: 200, msg: '', data: { graced } }))],
    });
    await app.ready();
    let answered: { data: { graced: boolean } } | undefined;
    const pending = app.inject({ method: 'POST', url: '/api/probe', payload: {} }).then((r) => (answered = r.json()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBeUndefined();
    graced = true;
    started();
    await pending;
    expect(answered!.data).toEqual({ graced: true });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { Sequencer } from '../../server/kernel/exchange/sequencer.js';
import { watchMarket } from '../../server/kernel/platform/observability/metrics.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { openTestDatabase } from './testDb.js';

let db: Database | undefined;
let app: FastifyInstance | undefined;
afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** One figure of the Prometheus text: `name{labels} value`. */
function figure(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('health and metrics (issue 38: what a load balancer and a scraper ask every process)', () => {
  it('/healthz answers at once, /readyz only after start-up, /metrics counts requests and a market\'s commands, batches and queue', async () => {
    db = await openTestDatabase();
    let started!: () => void;
    const readiness = new Promise<void>((resolve) => (started = resolve));
    app = await buildHttp({
      db,
      readiness,
      routes: [async (a) => void a.post('/api/probe/:id', async () => ({ code: 200, msg: '', data: {} }))],
    });
    await app.ready();

    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    started();
    await readiness;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // A market's figures come from its sequencer's own counts: three commands in one batch.
    const sequencer = new Sequencer<number, number>({ run: async (batch) => batch, rebuild: async () => undefined });
    watchMarket('spot:TEST_USDT', sequencer);
    await Promise.all([1, 2, 3].map((n) => sequencer.submit(n)));

    for (const id of [1, 2]) await app.inject({ method: 'POST', url: `/api/probe/${id}`, payload: {} });
    const scraped = await app.inject({ method: 'GET', url: '/metrics' });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain/);
    const text = scraped.body;
    // Requests by route pattern, not by URL: both ids in one series.
    expect(figure(text, 'openex_http_requests_total', 'method="POST",route="/api/probe/:id",status="200"')).toBe(2);
    expect(figure(text, 'openex_market_commands_total', 'market="spot:TEST_USDT"')).toBe(3);
    expect(figure(text, 'openex_market_batches_total', 'market="spot:TEST_USDT"')).toBeGreaterThanOrEqual(1);
    expect(figure(text, 'openex_market_queue_depth', 'market="spot:TEST_USDT"')).toBe(0);
    expect(text).toContain('openex_process_cpu_seconds_total');
    expect(text).toContain('openex_sockets_connected');
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpDuration, httpRequests, metrics } from '../observability/metrics.js';

/**
 * What a load balancer and a Prometheus scraper ask every process (issue 38 "operable"):
 * GET /healthz — the process is alive (200 while it answers at all);
 * GET /readyz — it can serve: 503 until its start-up has finished (rebuilds, the P2P grace step),
 *   200 after; a balancer sends it nothing before then;
 * GET /metrics — its figures in Prometheus's text format (observability/metrics.ts).
 * None of them passes through the API's envelope, rate limits or authentication.
 */
export function healthRoutes(app: FastifyInstance, readiness: Promise<unknown> | undefined): void {
  let ready = readiness === undefined;
  readiness?.then(() => (ready = true), () => undefined);
  app.get('/healthz', async (_request, reply) => reply.type('text/plain').send('alive\n'));
  app.get('/readyz', async (_request, reply) =>
    ready ? reply.type('text/plain').send('ready\n') : reply.code(503).type('text/plain').send('starting\n'),
  );
  app.get('/metrics', async (_request, reply) => reply.type(metrics.contentType).send(await metrics.metrics()));
  // Every answer counted by its route's pattern (never the raw URL: ids would make a series each).
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ route }, reply.elapsedTime / 1000);
  });
}

/**
 * The same three answers for a process without a fastify app (a realtime edge's plain HTTP
 * server): true when `request` was one of them and has been answered.
 */
export function answerHealth(request: IncomingMessage, response: ServerResponse, ready: () => boolean): boolean {
  const path = request.url?.split('?')[0];
  if (request.method !== 'GET' || (path !== '/healthz' && path !== '/readyz' && path !== '/metrics')) return false;
  if (path === '/metrics') {
    metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(503, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
    return true;
  }
  const ok = path === '/healthz' || ready();
  response.writeHead(ok ? 200 : 503, { 'content-type': 'text/plain' }).end(path === '/healthz' ? 'alive\n' : ok ? 'ready\n' : 'starting\n');
  return true;
}

/**
 * The ratio anchor of bench/pipeline.ts: a plain fastify server with one trivial POST route that
 * answers a small JSON envelope, run as a child process like the real server. Prints its port.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/echo', async (request) => ({ code: 200, msg: 'Success', data: { echo: (request.body as { n?: number } | undefined)?.n ?? 0 } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * The load balancer of the cluster tests, standing in for docs/deploy/nginx.conf's rule: a request
 * or a WebSocket goes to the first upstream that accepts the connection — a standby, which does not
 * listen until it holds its lease, refuses, and the proxy tries the next (nginx's
 * `proxy_next_upstream error`). A refused connection is retried on the next upstream because
 * nothing of the request reached anyone; a connection that breaks after the request went out is
 * answered with 502, as nginx does for a POST, and the caller sends it again under its key.
 */
export interface FailoverProxy {
  url: string;
  close(): Promise<void>;
}

export async function startFailoverProxy(upstreams: readonly number[], port = 0): Promise<FailoverProxy> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryFrom = (i: number) => {
        if (i >= upstreams.length) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream accepted the connection');
          return;
        }
        const upstream = request({ host: '127.0.0.1', port: upstreams[i], method: req.method, path: req.url, headers: req.headers }, (answer: IncomingMessage) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') return tryFrom(i + 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end();
        });
        upstream.end(body);
      };
      tryFrom(0);
    });
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const tryFrom = (i: number) => {
      if (i >= upstreams.length) return client.destroy();
      const upstream = connect(upstreams[i]!, '127.0.0.1');
      upstream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? tryFrom(i + 1) : client.destroy()));
      upstream.once('connect', () => {
        const headers = Object.entries(req.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => `${name}: ${v}`) : [`${name}: ${value}`]));
        upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
    };
    tryFrom(0);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

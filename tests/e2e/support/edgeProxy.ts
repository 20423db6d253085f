import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * The reverse proxy of docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's Redis adapter", for
 * the browser tests: `/socket.io` (WebSocket upgrades included) to the edge, everything else to the server. It
 * counts the WebSockets it handed to the edge, so a test can tell the page's socket went there.
 */
export interface EdgeProxy {
  origin: string;
  websocketsToEdge(): number;
  close(): Promise<void>;
}

export async function startEdgeProxy(port: number, serverPort: number, edgePort: number): Promise<EdgeProxy> {
  let websockets = 0;
  // Upgraded sockets leave the HTTP server's bookkeeping, so closing it would not end them.
  const upgraded = new Set<Socket>();
  const target = (url = '') => (url.startsWith('/socket.io') ? edgePort : serverPort);
  const proxy: Server = createServer((incoming, outgoing) => {
    const upstream = request({ host: '127.0.0.1', port: target(incoming.url), path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  proxy.on('upgrade', (incoming, socket, head) => {
    const port = target(incoming.url);
    if (port === edgePort) websockets += 1;
    const upstream = connect(port, '127.0.0.1', () => {
      const headers = Object.entries(incoming.headers).map(([name, value]) => `${name}: ${String(value)}`);
      upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    upgraded.add(upstream).add(socket as Socket);
    socket.on('close', () => {
      upgraded.delete(socket as Socket);
      upgraded.delete(upstream);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    websocketsToEdge: () => websockets,
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

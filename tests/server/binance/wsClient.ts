import WebSocket from 'ws';

/**
 * A bot's raw WebSocket client on the Binance streams: every message it is sent kept in order, so
 * a test waits for the first one that matches (or asserts none came).
 */
export interface StreamClient {
  socket: WebSocket;
  messages: any[];
  next(match: (message: any) => boolean, timeoutMs?: number): Promise<any>;
  request(body: object | string): Promise<any>;
  close(): void;
}

export async function streamClient(serverUrl: string, path: string): Promise<StreamClient> {
  const socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}${path}`);
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let seen = 0;
  async function next(match: (message: any) => boolean, timeoutMs = 10_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (seen < messages.length) {
        const message = messages[seen++];
        if (match(message)) return message;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  let ids = 0;
  let lastSent = 0;
  // Binance allows 5 incoming messages a second (more: disconnected): requests go 200 ms apart.
  const paced = async () => {
    const wait = lastSent + 210 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastSent = Date.now();
  };
  return {
    socket,
    messages,
    next,
    /** Sends a request, paced (an object gets the next id unless it has one; a string goes as it is) and answers the reply with its id. */
    async request(body) {
      await paced();
      if (typeof body === 'string') {
        socket.send(body);
        return next((m) => 'error' in m || 'result' in m);
      }
      const id = 'id' in body ? (body as { id: unknown }).id : ++ids;
      socket.send(JSON.stringify({ ...body, id }));
      return next((m) => ('result' in m || 'error' in m) && m.id === id);
    },
    close: () => socket.close(),
  };
}

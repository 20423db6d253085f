/**
 * The client side of bench/fanout.ts, run in its own process so the server's CPU figure is its
 * own: opens N clients, each subscribed to K channels, and reports messages received.
 *
 * Two kinds of client (`FANOUT_CLIENT`):
 * - `wire` (default): bench/wireSocket.ts, counting the messages in each `data` event without
 *   decoding them (every pushed message carries exactly one `"channel":` key).
 * - `socket.io`: the real socket.io-client, as a browser page uses it (decodes every message).
 */
import { io, type Socket } from 'socket.io-client';
import { countMessages, openWireSocket } from './wireSocket.js';

const [url, clientsArg, perClientArg, channelsArg] = process.argv.slice(2);
const channels = channelsArg!.split(',');
const clients = Number(clientsArg);
const perClient = Number(perClientArg);
const kind = process.env.FANOUT_CLIENT === 'socket.io' ? 'socket.io' : 'wire';
let received = 0;
const closers: Array<() => void> = [];

/** Client i takes K consecutive channels starting at i, so every channel gets an equal share. */
const channelsOf = (i: number) => Array.from({ length: perClient }, (_, k) => channels[(i + k) % channels.length]!);

function connectSocketIo(i: number): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = io(url!, { transports: ['websocket'], forceNew: true, reconnection: false });
    socket.on('connect', () => {
      let acked = 0;
      for (const channel of channelsOf(i)) {
        socket.emit('subscribe', channel, () => {
          acked += 1;
          if (acked === perClient) resolve();
        });
      }
    });
    // One event carries every message of one turn (server/kernel/platform/realtime/pushCoalescer.ts).
    socket.on('data', (...messages: unknown[]) => {
      received += messages.length;
    });
    closers.push(() => socket.close());
  });
}

function connectWire(i: number): Promise<void> {
  return openWireSocket(url!, channelsOf(i), (text) => {
    received += countMessages(text);
  }).then(({ socket }) => void closers.push(() => socket.close()));
}

const connect = kind === 'wire' ? connectWire : connectSocketIo;
for (let i = 0; i < clients; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, clients - i) }, (_, j) => connect(i + j)));
}
process.send?.({ type: 'ready', kind });
process.on('message', (m: { type: string }) => {
  if (m.type === 'count') process.send?.({ type: 'count', received, cpu: process.cpuUsage() });
  if (m.type === 'stop') {
    closers.forEach((close) => close());
    process.exit(0);
  }
});

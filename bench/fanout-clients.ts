/**
 * The client side of bench/fanout.ts, run in its own process so the server's CPU figure is its
 * own: opens N clients, each subscribed to K channels, and reports messages received.
 *
 * Two kinds of client (`FANOUT_CLIENT`):
 * - `wire` (default): a bare WebSocket speaking engine.io v4 / socket.io v5 itself — open, connect
 *   the main namespace, subscribe, answer pings — and counting the messages in each `data` event
 *   without decoding them (every pushed message carries exactly one `"channel":` key). It costs a
 *   fraction of socket.io-client's CPU, so on this 2-core machine the server, not the measuring
 *   clients, is what saturates first.
 * - `socket.io`: the real socket.io-client, as a browser page uses it (decodes every message).
 */
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

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
    // One event carries every message of one turn (server/kernel/realtime/pushCoalescer.ts).
    socket.on('data', (...messages: unknown[]) => {
      received += messages.length;
    });
    closers.push(() => socket.close());
  });
}

/** Messages in one socket.io `data` event's text, counted by their channel tags. */
function countMessages(text: string): number {
  let count = 0;
  for (let at = text.indexOf('"channel":'); at !== -1; at = text.indexOf('"channel":', at + 10)) count += 1;
  return count;
}

function connectWire(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url!.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    let acked = 0;
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (text.startsWith('42["data"')) {
        received += countMessages(text);
      } else if (text === '2') {
        ws.send('3'); // engine.io ping → pong
      } else if (text.startsWith('0')) {
        ws.send('40'); // engine.io open → connect the main namespace
      } else if (text.startsWith('40')) {
        channelsOf(i).forEach((channel, k) => ws.send(`42${k}${JSON.stringify(['subscribe', channel])}`));
      } else if (text.startsWith('43')) {
        acked += 1; // an ack
        if (acked === perClient) resolve();
      }
    });
    ws.on('error', reject);
    closers.push(() => ws.close());
  });
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

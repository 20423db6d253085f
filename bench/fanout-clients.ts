/**
 * The client side of bench/fanout.ts, run in its own process so the server's CPU figure is its
 * own: opens N socket.io clients, each subscribed to K channels, and reports messages received.
 */
import { io, type Socket } from 'socket.io-client';

const [url, clientsArg, perClientArg, channelsArg] = process.argv.slice(2);
const channels = channelsArg!.split(',');
const clients = Number(clientsArg);
const perClient = Number(perClientArg);
let received = 0;
const sockets: Socket[] = [];

function connect(i: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = io(url!, { transports: ['websocket'], forceNew: true, reconnection: false });
    socket.on('connect', () => {
      // Client i takes K consecutive channels starting at i, so every channel gets an equal share.
      let acked = 0;
      for (let k = 0; k < perClient; k++) {
        socket.emit('subscribe', channels[(i + k) % channels.length], () => {
          acked += 1;
          if (acked === perClient) resolve();
        });
      }
    });
    socket.on('data', () => {
      received += 1;
    });
    sockets.push(socket);
  });
}

for (let i = 0; i < clients; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, clients - i) }, (_, j) => connect(i + j)));
}
process.send?.({ type: 'ready' });
process.on('message', (m: { type: string }) => {
  if (m.type === 'count') process.send?.({ type: 'count', received });
  if (m.type === 'stop') {
    sockets.forEach((s) => s.close());
    process.exit(0);
  }
});

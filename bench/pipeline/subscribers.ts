/**
 * The subscriber side of bench/pipeline.ts, in its own process so the server's and the load
 * generator's figures stay their own: opens N clients on the trades channels of the traded pairs
 * (the first ones also on a trader's private `user` channel) and reports messages received and,
 * for the probe trades (see `isProbeUnits`), when the first and the last socket received each.
 *
 * Two kinds of client (`BENCH_SUBSCRIBERS`), as in bench:fanout:
 * - `wire` (default): bench/wireSocket.ts. It counts messages without decoding them and decodes
 *   only a `data` event that may hold a probe trade (a quantity with one decimal more than the
 *   load's). 500 socket.io-clients took 0.5–0.7 of this 2-core machine's cores, which the server and
 *   its database then did not get; on a real exchange the subscribers are other machines.
 * - `socket.io`: the real socket.io-client, decoding every message, as a browser does.
 */
import { io } from 'socket.io-client';
import { countMessages, openWireSocket } from '../wireSocket.js';

interface Start {
  type: 'start';
  url: string;
  /** Realtime edges to spread the sockets over, round robin (BENCH_EDGES); else all go to `url`. */
  urls?: string[];
  clients: number;
  channels: string[];
  /** Socket i < tokens.length also subscribes to `user` with tokens[i]. */
  tokens: string[];
  /** The channel whose trades are checked for probe quantities, and its amount precision. */
  probeChannel: string;
  probeDecimals: number;
}

export interface ProbeArrival {
  id: number;
  /** The trade quantity in the pair's smallest units. */
  units: number;
  side: string;
  price: string;
  /** Wall-clock ms (performance.timeOrigin + performance.now()) of the first and last socket to get it. */
  first: number;
  last: number;
  sockets: number;
}

interface TradeMessage {
  channel: string;
  kind?: string;
  trades?: Array<{ id: number; price: string; quantity: string; side: string }>;
}

const now = () => performance.timeOrigin + performance.now();
const kind = process.env.BENCH_SUBSCRIBERS === 'socket.io' ? 'socket.io' : 'wire';
const sockets: Array<{ connected: boolean; close(): void }> = [];
const counts = { frames: 0, data: 0, trades: 0, user: 0, disconnects: 0, refused: 0 };
let arrivals = new Map<number, ProbeArrival>();

/** Probe orders use a quantity whose last decimal is not 0; the load's orders use one decimal fewer. */
export function isProbeUnits(units: number): boolean {
  return units % 10 !== 0;
}

function connect(start: Start, i: number): Promise<void> {
  return kind === 'wire' ? connectWire(start, i) : connectSocketIo(start, i);
}

/** Counts a message; for a trade update on the probe channel, notes when this socket got its probe trades. */
function onMessage(start: Start, message: TradeMessage): void {
  counts.data += 1;
  if (message.channel === 'user') {
    counts.user += 1;
    return;
  }
  if (!message.trades) return;
  counts.trades += 1;
  if (message.kind !== 'update' || message.channel !== start.probeChannel) return;
  const at = now();
  for (const trade of message.trades) {
    const units = Math.round(Number(trade.quantity) * 10 ** start.probeDecimals);
    if (!isProbeUnits(units)) continue;
    const seen = arrivals.get(trade.id);
    if (seen) {
      seen.last = at;
      seen.sockets += 1;
    } else if (arrivals.size < 50_000) {
      arrivals.set(trade.id, { id: trade.id, units, side: trade.side, price: trade.price, first: at, last: at, sockets: 1 });
    }
  }
}

const urlOf = (start: Start, i: number): string => (start.urls?.length ? start.urls[i % start.urls.length]! : start.url);

async function connectWire(start: Start, i: number): Promise<void> {
  // A quantity with exactly probeDecimals decimals, the last not 0: only then is the event decoded.
  const probeQuantity = new RegExp(`"quantity":"\\d+\\.\\d{${start.probeDecimals - 1}}[1-9]"`);
  const subscriptions = [...start.channels, ...(i < start.tokens.length ? [{ channel: 'user', token: start.tokens[i] }] : [])];
  const state = { connected: true, close: () => undefined as void };
  const { socket, refused } = await openWireSocket(urlOf(start, i), subscriptions, (text) => {
    counts.frames += 1;
    if (probeQuantity.test(text)) {
      const [, ...messages] = JSON.parse(text.slice(2)) as [string, ...TradeMessage[]];
      for (const m of messages) onMessage(start, m);
      return;
    }
    const all = countMessages(text);
    const user = countMessages(text, '"channel":"user"');
    counts.data += all;
    counts.user += user;
    counts.trades += all - user;
  });
  counts.refused += refused;
  state.close = () => {
    state.connected = false;
    socket.close();
  };
  sockets.push(state);
}

function connectSocketIo(start: Start, i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = io(urlOf(start, i), { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20_000 });
    const wanted = start.channels.length + (i < start.tokens.length ? 1 : 0);
    let acked = 0;
    const ack = (reply: { code: number }) => {
      if (reply.code !== 200) counts.refused += 1;
      acked += 1;
      if (acked === wanted) resolve();
    };
    socket.once('connect_error', (error) => reject(error));
    socket.on('connect', () => {
      for (const channel of start.channels) socket.emit('subscribe', channel, ack);
      if (i < start.tokens.length) socket.emit('subscribe', { channel: 'user', token: start.tokens[i] }, ack);
    });
    socket.on('disconnect', () => (counts.disconnects += 1));
    // One event carries every message of one server turn (server/kernel/platform/realtime/pushCoalescer.ts).
    socket.on('data', (...messages: TradeMessage[]) => {
      counts.frames += 1;
      messages.forEach((m) => onMessage(start, m));
    });
    sockets.push(socket);
  });
}

process.on('message', async (m: Start | { type: 'counts' | 'arrivals' | 'stop' }) => {
  if (m.type === 'start') {
    try {
      for (let i = 0; i < m.clients; i += 50) await Promise.all(Array.from({ length: Math.min(50, m.clients - i) }, (_, j) => connect(m, i + j)));
      process.send?.({ type: 'ready', connected: sockets.filter((s) => s.connected).length, refused: counts.refused });
    } catch (error) {
      process.send?.({ type: 'failed', error: String(error) });
    }
  }
  if (m.type === 'counts') process.send?.({ type: 'counts', ...counts, connected: sockets.filter((s) => s.connected).length });
  if (m.type === 'arrivals') {
    process.send?.({ type: 'arrivals', arrivals: [...arrivals.values()] });
    arrivals = new Map();
  }
  if (m.type === 'stop') {
    sockets.forEach((s) => s.close());
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));

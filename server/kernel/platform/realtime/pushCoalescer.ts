import type { Namespace } from 'socket.io';
import { performance } from 'node:perf_hooks';
import { stageSince } from '../../exchange/stageTimes.js';
import { PushPace } from './pushPace.js';

/**
 * One packet per socket per event-loop turn, shared by every socket owed the same messages.
 *
 * socket.io's own broadcast encodes a message once but then walks engine.io's per-packet path for
 * every socket: a packet object, its events, a transport send and a kernel write each. A socket on
 * five channels that all moved in one turn (a batch's trades, candle and depth, the home page's
 * ten tickers) paid that five times, and fan-out was the server's largest cost under load
 * (bench:fanout, bench:pipeline). Here everything published in one turn is collected, and when the
 * turn ends each socket gets ONE `data` event whose arguments are its messages in publish order.
 * Sockets owed the same messages (every home page on the same tickers; the bench's clients on the
 * same five channels) share one encoded packet and one pre-built WebSocket frame, so a socket costs
 * one engine.io write and its messages cost almost nothing more.
 *
 * Order: per socket, messages arrive in the order they were published, whatever their channel.
 * A subscribe first flushes what is pending (`flush()`), so a new subscriber's snapshot is never
 * followed by a message published before it joined.
 */
let coalescing = true;

/**
 * Coalescing on (the gateway's default) or off: off, every push is sent at once as a packet of its
 * own, one engine.io write per socket per message, as socket.io's broadcast does (bench:fanout
 * compares both in one run).
 */
export function setPushCoalescing(on: boolean): void {
  coalescing = on;
}

/**
 * The shortest time between two flushes (the gateway's default, PUSH_INTERVAL_MS). A flush costs one
 * kernel write per subscribed socket whatever it carries, and every market's settled batch
 * publishes: with two busy markets and 500 subscribers that was ~80 flushes, 40,000 writes a second,
 * the server's largest cost and as large a one for the receiving side (bench:pipeline's frames/s).
 * Pushes queued within this time of the last flush wait for the end of it and go together; a push
 * after a quiet spell still leaves at the end of its turn. A browser draws once per frame (16.7 ms at
 * 60 Hz) and the client's market actors apply a frame's updates together, so a wait shorter than a
 * frame is not seen by a trader. While the event loop is saturated the interval stretches, up to four
 * times this (pushPace.ts).
 */
export const DEFAULT_PUSH_INTERVAL_MS = 10;

/**
 * How long one slice of a flush may hold the event loop. A flush to 500 sockets is 500 kernel writes,
 * ~9 ms on this machine (each write to a loopback socket also runs the receiver's TCP path); done in
 * one go it blocked every database answer, HTTP request and timer queued behind it, and each of a
 * batch's round trips risked waiting for one (bench:pipeline's push latency). Written in slices
 * with `setImmediate` between them, the loop serves its I/O between slices; the CPU spent is the
 * same, and the first sockets still get the frame at once.
 */
export const FLUSH_SLICE_MS = 1;
/** How many writes between two looks at the clock. */
const WRITES_PER_CLOCK_CHECK = 16;

type PendingWrite = { id: string; packet: EncodedPacket };

export class PushCoalescer {
  private rooms: string[] = [];
  private payloads: string[] = [];
  private scheduled: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate> | undefined;
  private lastFlush = -Infinity;
  /** The writes of the last flush that its slices have not made yet, in order from `nextWrite`. */
  private writes: PendingWrite[] = [];
  private nextWrite = 0;
  private slicing: ReturnType<typeof setImmediate> | undefined;
  /** When the oldest pending message was queued, and when the flush being written began (stage times). */
  private pendingSince = 0;
  private flushStarted = 0;

  /** The interval between flushes: the base, stretched while the event loop is saturated (pushPace.ts). */
  private readonly pace: PushPace;

  constructor(
    private readonly nsp: Namespace,
    pace: number | PushPace = DEFAULT_PUSH_INTERVAL_MS,
  ) {
    this.pace = typeof pace === 'number' ? new PushPace(pace) : pace;
  }

  /**
   * Queues `payload` for every socket in `room`: it leaves at the end of this turn, or when the
   * interval since the last flush ends. A room nobody is in costs nothing: most channels have no
   * subscriber at any moment (every market's candles of every interval, the futures books, other
   * users' rooms), and encoding their messages and scheduling flushes for them was a share of the
   * server's loop (bench:pipeline). Nothing is lost: a socket that joins later gets the channel's
   * snapshot, which already holds what was published before it came.
   */
  push(room: string, payload: object): void {
    if (!this.nsp.adapter.rooms.get(room)?.size) return;
    if (this.rooms.length === 0) this.pendingSince = performance.now();
    this.rooms.push(room);
    this.payloads.push(JSON.stringify(payload));
    if (!coalescing) return this.flush();
    if (this.scheduled === undefined) this.schedule();
  }

  /**
   * At the end of this turn, or when the interval since the last flush ends. Node's timers count
   * from the loop's cached clock, which lags on a busy machine, so a timer can fire a few ms early:
   * it then waits out the rest instead of flushing inside the interval.
   */
  private schedule(): void {
    const wait = this.lastFlush + this.pace.intervalMs() - performance.now();
    this.scheduled = wait > 0 ? setTimeout(() => ((this.scheduled = undefined), this.schedule()), wait) : setImmediate(() => this.flush());
  }

  /**
   * Sends everything queued now (the end of the turn or interval, or before a subscribe changes a
   * room). What an earlier flush still owes is written first, at once, so every socket keeps the
   * publish order and a new subscriber's snapshot still follows everything before it.
   */
  flush(): void {
    this.finishWrites();
    if (this.scheduled !== undefined) {
      clearTimeout(this.scheduled as ReturnType<typeof setTimeout>);
      clearImmediate(this.scheduled as ReturnType<typeof setImmediate>);
      this.scheduled = undefined;
    }
    if (this.rooms.length === 0) return;
    this.lastFlush = performance.now();
    stageSince('pushWait', this.pendingSince);
    this.flushStarted = this.lastFlush;
    const rooms = this.rooms;
    const payloads = this.payloads;
    this.rooms = [];
    this.payloads = [];

    // Which messages each socket is owed, as indexes in publish order.
    const owed = new Map<string, number[]>();
    for (let i = 0; i < rooms.length; i++) {
      const members = this.nsp.adapter.rooms.get(rooms[i]!);
      if (!members) continue;
      for (const id of members) {
        const list = owed.get(id);
        if (list) list.push(i);
        else owed.set(id, [i]);
      }
    }

    const packets = new Map<string, EncodedPacket>();
    const writes: PendingWrite[] = [];
    for (const [id, indexes] of owed) {
      const key = indexes.length === 1 ? String(indexes[0]) : indexes.join(',');
      let packet = packets.get(key);
      if (!packet) {
        packet = encodeDataEvent(indexes.map((i) => payloads[i]!));
        packets.set(key, packet);
      }
      writes.push({ id, packet });
    }
    this.writes = writes;
    this.nextWrite = 0;
    this.writeSlice();
  }

  /** Writes for up to FLUSH_SLICE_MS, then lets the loop serve its I/O before the next slice. */
  private writeSlice(): void {
    this.slicing = undefined;
    const until = performance.now() + FLUSH_SLICE_MS;
    const writes = this.writes;
    while (this.nextWrite < writes.length) {
      this.write(writes[this.nextWrite++]!);
      if (this.nextWrite % WRITES_PER_CLOCK_CHECK === 0 && performance.now() >= until) break;
    }
    if (this.nextWrite < writes.length) this.slicing = setImmediate(() => this.writeSlice());
    else {
      this.writes = [];
      stageSince('flushWrites', this.flushStarted);
    }
  }

  /** Makes every write an earlier flush still owes, now. */
  private finishWrites(): void {
    if (this.slicing !== undefined) clearImmediate(this.slicing);
    this.slicing = undefined;
    const writes = this.writes;
    while (this.nextWrite < writes.length) this.write(writes[this.nextWrite++]!);
    this.writes = [];
  }

  private write({ id, packet }: PendingWrite): void {
    // Looked up at write time: a socket that left between the flush and its slice gets nothing.
    const socket = this.nsp.sockets.get(id);
    if (!socket?.connected) return;
    // engine.io's public write: it keeps the order with the socket's other packets (acks,
    // snapshots) and, over WebSocket, writes the pre-built frame instead of framing it again.
    // (`wsPreEncodedFrame` is the option socket.io's own broadcast passes; engine.io's types omit it.)
    socket.conn.write(packet.data, packet.options as object);
  }
}

interface EncodedPacket {
  /** The socket.io packet as engine.io carries it (polling clients get this). */
  data: string;
  options: { wsPreEncodedFrame: Buffer[] };
}

/** socket.io's encoding of `emit('data', ...messages)` on the main namespace: `2["data",m1,m2,…]`. */
export function encodeDataEvent(jsonMessages: string[]): EncodedPacket {
  const data = `2["data",${jsonMessages.join(',')}]`;
  return { data, options: { wsPreEncodedFrame: [webSocketTextFrame(`4${data}`)] } };
}

/**
 * An unmasked, final WebSocket text frame (RFC 6455 §5.2), as a server sends it: one buffer, so
 * the transport writes it to the socket in one call. engine.io prefixes a message packet with "4".
 */
export function webSocketTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN + text
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header, 'utf8');
  return frame;
}

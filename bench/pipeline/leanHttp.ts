/**
 * The load's HTTP client: keep-alive HTTP/1.1 over plain TCP sockets, one request at a time per
 * connection, as node:http's keep-alive Agent does, without its machinery.
 *
 * The load generator shares the bench's two cores with the server, the database and the 500
 * subscribers. With node:http it cost ~0.4 of a core at 1,000 orders/s (bench:pipeline's client
 * CPU column), time the server and the database could not have; against a server on another
 * machine that would not be so. This client writes each request as one string and reads the status
 * and Content-Length of the answer, which is all the bench needs. BENCH_CLIENT=node-http measures
 * with node:http instead, for comparison (the plain-fastify anchor uses the same client as the rest).
 */
import { connect, type Socket } from 'node:net';
import type { Reply } from './load.js';

const HEADER_END = Buffer.from('\r\n\r\n');

interface Waiting {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** One keep-alive connection and the answer it is reading. */
class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: Waiting | undefined;
  /** The answer's status and body length once its head is read. */
  private head: { status: number; length: number; bodyStart: number; close: boolean } | undefined;
  closed = false;

  constructor(
    readonly socket: Socket,
    private readonly done: (connection: Connection) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    const fail = (error: Error) => {
      this.closed = true;
      const w = this.waiting;
      this.waiting = undefined;
      if (w) {
        clearTimeout(w.timer);
        w.reject(error);
      }
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  send(request: string, waiting: Waiting): void {
    this.waiting = waiting;
    this.socket.write(request);
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    if (!this.head) {
      const end = this.buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const text = this.buffered.toString('latin1', 0, end);
      const status = Number(text.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      if (!length) {
        // Every answer of the routes measured has a length; anything else is a broken bench.
        this.socket.destroy(new Error(`answer without content-length: ${text.split('\r\n')[0]}`));
        return;
      }
      this.head = { status, length: Number(length[1]), bodyStart: end + HEADER_END.length, close: /\r\nconnection:\s*close/i.test(text) };
    }
    const { status, length, bodyStart, close } = this.head;
    if (this.buffered.length < bodyStart + length) return;
    const body = this.buffered.toString('utf8', bodyStart, bodyStart + length);
    this.buffered = this.buffered.subarray(bodyStart + length);
    this.head = undefined;
    const w = this.waiting!;
    this.waiting = undefined;
    clearTimeout(w.timer);
    if (close) {
      this.closed = true;
      this.socket.end();
    }
    w.resolve({ status, body });
    this.done(this);
  }
}

export class LeanHttp {
  private readonly idle: Connection[] = [];
  private readonly queue: Array<(connection: Connection) => void> = [];
  private open = 0;

  constructor(
    private readonly port: number,
    private readonly maxConnections: number,
  ) {}

  /** POST `body` as JSON; rejects on a network error or after `timeoutMs` (the connection is dropped then). */
  post(path: string, body: object, headers: Record<string, string>, timeoutMs: number): Promise<Reply> {
    const payload = JSON.stringify(body);
    let head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${this.port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nlang: en_US\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    const request = `${head}\r\n${payload}`;
    return new Promise<Reply>((resolve, reject) => {
      this.connection((connection) => {
        const timer = setTimeout(() => connection.socket.destroy(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);
        connection.send(request, { resolve, reject, timer });
      });
    });
  }

  close(): void {
    for (const c of this.idle) c.socket.destroy();
    this.idle.length = 0;
  }

  private connection(use: (connection: Connection) => void): void {
    const ready = this.idle.pop();
    if (ready) return use(ready);
    if (this.open < this.maxConnections) {
      this.open += 1;
      const socket = connect(this.port, '127.0.0.1');
      const connection = new Connection(socket, (c) => this.release(c));
      socket.once('close', () => {
        this.open -= 1;
        const at = this.idle.indexOf(connection);
        if (at >= 0) this.idle.splice(at, 1);
        // A request queued for a connection that is gone gets a new one.
        const next = this.queue.shift();
        if (next) this.connection(next);
      });
      return use(connection);
    }
    this.queue.push(use);
  }

  private release(connection: Connection): void {
    if (connection.closed) return;
    const next = this.queue.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}

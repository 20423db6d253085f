import { io, type Socket } from 'socket.io-client';
import type { Acknowledged, Trader } from './submissions.js';

/** How long after its acknowledgement an order's notice may take to reach a socket of its user. */
export const NOTICE_BOUND_MS = 3000;

/**
 * One trader's private socket as the app keeps it (issue 53 §4): subscribed to channel `user` with
 * the session token, through the load balancer (so on any node), resubscribing after each
 * reconnect. It records every order it hears of — a spot `order` push by its id, a futures push by
 * the ids it lists — and the times its connection was up, so a check can ask, for each acknowledged
 * order, whether a socket connected throughout heard of it.
 */
export class UserWatcher {
  readonly socket: Socket;
  /** Order ids heard, spot and futures apart (their ids are separate sequences). */
  readonly heard = { order: new Set<number>(), futures: new Set<number>() };
  /** [subscribed at, connection lost at (Infinity while up)] per connection. */
  private readonly spans: Array<[number, number]> = [];

  constructor(
    url: string,
    readonly trader: Trader,
  ) {
    this.socket = io(url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
    this.socket.on('connect', () => {
      this.socket.emit('subscribe', { channel: 'user', token: trader.token }, (answer: { code?: number }) => {
        if (answer?.code === 200 && this.socket.connected) this.spans.push([Date.now(), Infinity]);
      });
    });
    this.socket.on('disconnect', () => {
      const open = this.spans.at(-1);
      if (open && open[1] === Infinity) open[1] = Date.now();
    });
    this.socket.on('data', (...payloads: Array<{ channel?: string; kind?: string; order?: { id?: number }; orders?: number[] }>) => {
      for (const p of payloads) {
        if (p.channel !== 'user') continue;
        if (p.kind === 'order' && typeof p.order?.id === 'number') this.heard.order.add(p.order.id);
        if (p.kind === 'futures' && Array.isArray(p.orders)) for (const id of p.orders) this.heard.futures.add(Number(id));
      }
    });
  }

  /** Whether one subscription lasted from `from` to `to` with no break. */
  connectedThroughout(from: number, to: number): boolean {
    return this.spans.some(([start, end]) => start <= from && end >= to);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * The acknowledged orders (spot and futures) whose user had a socket connected from the order's
 * first sending until NOTICE_BOUND_MS after its acknowledgement, and which that socket never heard
 * of. Also how many orders were checked, so a run that checks nothing is visible.
 */
export function unheardOrders(watchers: readonly UserWatcher[], acknowledged: readonly Acknowledged[]): { checked: number; unheard: string[] } {
  const byTrader = new Map(watchers.map((w) => [w.trader.account, w]));
  let checked = 0;
  const unheard: string[] = [];
  for (const a of acknowledged) {
    if ((a.kind !== 'order' && a.kind !== 'futures') || a.sentAt === undefined || a.at === undefined) continue;
    const watcher = byTrader.get(a.trader);
    if (!watcher?.connectedThroughout(a.sentAt, a.at + NOTICE_BOUND_MS)) continue;
    checked++;
    if (!watcher.heard[a.kind].has(a.id)) unheard.push(`${a.trader} ${a.kind} ${a.id} (sent ${a.sentAt}, acknowledged ${a.at})`);
  }
  return { checked, unheard };
}

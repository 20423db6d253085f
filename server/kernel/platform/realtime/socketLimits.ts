import type { IncomingMessage } from 'node:http';

/**
 * What one client may make the gateway do (issue 34: 4 sockets × 20,000 depth subscribes made the
 * server write 116 MB and stalled every HTTP answer). A page holds a few dozen channels on one
 * socket, opens one socket per tab, and asks for a fresh snapshot only after a sequence gap; the
 * limits sit far above that and far below what jams the server.
 */
export interface SocketLimits {
  /** Sockets open at once from one client address (the page's own tabs, a household behind one NAT); 0: no cap. */
  socketsPerAddress: number;
  /** subscribe / unsubscribe messages one socket may send in a burst, then `messagesPerSecond`. */
  messageBurst: number;
  messagesPerSecond: number;
  /**
   * Snapshots (a book, the latest trades, a candle) one socket may be sent on request in a burst —
   * a first subscribe or an explicit resync — then `snapshotsPerSecond`. A repeated subscribe to a
   * channel the socket holds sends nothing, so only asking on purpose draws on this.
   */
  snapshotBurst: number;
  snapshotsPerSecond: number;
  /** A socket that goes on sending after this many refusals in a row is disconnected. */
  refusalsBeforeDisconnect: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  socketsPerAddress: 20,
  messageBurst: 300,
  messagesPerSecond: 20,
  snapshotBurst: 150,
  snapshotsPerSecond: 5,
  refusalsBeforeDisconnect: 200,
};

/**
 * A token bucket: `take()` answers 0 when a token was there (and takes it), else the milliseconds
 * until one will be. The clock is injectable so tests never wait.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.at = clock();
  }

  take(): number {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }
}

/** Open sockets per client address, so one address cannot open thousands. */
export class AddressCount {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts a socket in if its address has room; false (and nothing counted) if it has not. */
  admit(address: string): boolean {
    const now = this.open.get(address) ?? 0;
    if (this.max > 0 && now >= this.max) return false;
    this.open.set(address, now + 1);
    return true;
  }

  release(address: string): void {
    const now = (this.open.get(address) ?? 1) - 1;
    if (now <= 0) this.open.delete(address);
    else this.open.set(address, now);
  }
}

/**
 * The client's address for a socket's handshake: the peer, or — when the peer is a trusted proxy
 * (TRUSTED_PROXIES, as the HTTP side believes them) — the nearest X-Forwarded-For hop that is not
 * one, so sockets behind one reverse proxy are not all counted as the proxy's.
 */
export function clientAddress(request: IncomingMessage, trustedProxies: readonly string[] = []): string {
  const peer = normalise(request.socket.remoteAddress ?? '');
  if (!trustedProxies.includes(peer)) return peer;
  const header = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((h) => normalise(h.trim())).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  return peer;
}

/** An IPv4 address as IPv6 reports it (::ffff:1.2.3.4) is that IPv4 address. */
const normalise = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { ResultCode, type SocketRefusal } from '../../../../domain/api.js';
import { localeFromHeader, type LocaleCode } from '../../../../domain/languages.js';
import { USER_CHANNEL, type UserChannelMessage } from '../../../../domain/userChannel.js';
import { translate, type MessageKey } from '../i18n/messages.js';
import { hashToken } from '../auth/sessions.js';
import type { Revocation, RevocationSource } from '../auth/sessionCache.js';
import { ChannelRegistry, userOfRoom, userRoom } from './channels.js';
import { setFrameCorking } from './frameCorking.js';
import { originAllowed } from './origins.js';
import { PushCoalescer } from './pushCoalescer.js';
import { AddressCount, clientAddress, DEFAULT_SOCKET_LIMITS, TokenBucket, type SocketLimits } from './socketLimits.js';
import { watchSockets } from '../observability/metrics.js';

export const MAX_CHANNELS_PER_SOCKET = 100;

export interface Realtime {
  /** Pushes `payload` as event `data` to every subscriber of `channel`, tagged with the channel, when this turn ends. */
  publish(channel: string, payload: object): void;
  /** Number of sockets in a channel, for tests and metrics. */
  subscriberCount(channel: string): number;
  /** Pushes a private-channel message to the sockets subscribed as `userId`, and to no one else. */
  publishToUser<M extends UserChannelMessage>(userId: number, message: M): void;
  /** Whether any socket is subscribed to `userId`'s private channel (else there is nothing to read or push). */
  userListening(userId: number): boolean;
  /** The users with a socket on the private channel here now (a realtime edge reports them to its server). */
  listeningUsers(): number[];
  /** Told when a user's private channel gets its first socket here (true) or loses its last (false). */
  onUserListening(listener: (userId: number, listening: boolean) => void): void;
  close(): Promise<void>;
}

type Ack = (reply: { code: number; msg: string; channel?: string }) => void;

/**
 * The socket.io gateway of docs/API.md: clients emit `subscribe` / `unsubscribe` with a channel
 * name; the server pushes event `data`, whose arguments are one or more messages (everything a
 * socket is owed from one turn travels in one packet: pushCoalescer.ts). Unknown channels and
 * malformed messages are answered with a translated refusal (ack, or event `refused`) and change nothing. A new subscriber gets the
 * channel's snapshot (see RealtimeOptions) or else its last payload, so a page need not wait.
 */
export interface RealtimeOptions {
  /**
   * A fresh snapshot for channels that have one (depth, trades, candles). Sent on a socket's first
   * subscribe to the channel and on `{ channel, resync: true }`, which is how a client resyncs after
   * a sequence gap; a plain repeat sends nothing. Channels without one get the last payload published on them.
   */
  snapshot?: (channel: string) => object | undefined | Promise<object | undefined>;
  /**
   * Where pushes come from besides `publish`: in the cluster, the owners' sockets stream on Redis,
   * each push handed to `deliver` (bus/cluster.ts joinSocketsStream; answers its stop). Snapshots
   * then come from the cluster (a Promise), read after the socket joins the channel's room.
   */
  cluster?: (io: Server, deliver: (room: string, payload: object) => void) => (() => void) | void;
  /**
   * The user id behind a session token, for the private user channel (server/kernel/platform/auth/sessions.ts
   * userIdForToken at the composition roots, so the gateway holds no database code). Without it the
   * private channel is refused.
   */
  authenticate?: (token: string) => Promise<number | undefined>;
  /** Origins besides the page's own that may open a socket (ALLOWED_ORIGINS); see origins.ts. */
  allowedOrigins?: readonly string[];
  /** The shortest time between two pushes to the sockets (PUSH_INTERVAL_MS; pushCoalescer.ts). */
  pushIntervalMs?: number;
  /**
   * Where session revocations are heard (the process's session cache, which hears other processes'
   * through revocations.ts): a revoked token's private-channel subscriptions end at once.
   */
  revocations?: RevocationSource;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES), for the sockets-per-address cap. */
  trustedProxies?: readonly string[];
  /** What one client may make the gateway do (socketLimits.ts); tests narrow it. */
  limits?: Partial<SocketLimits>;
  /** The limits' clock (tests). */
  clock?: () => number;
  /**
   * Told of every public push this gateway receives, published here or delivered from the cluster's
   * stream (never a user's): the Binance streams follow the same feed as the sockets, on any node.
   */
  onPush?: (channel: string, payload: object) => void;
  /**
   * Followers of users' private channels besides the sockets (a Binance user data stream): those
   * users count as listening here, and every message pushed to a user is told to `onUserPush`.
   */
  userFollowers?: { has(userId: number): boolean; users(): number[] };
  onUserPush?: (userId: number, message: UserChannelMessage) => void;
}

/** What the gateway keeps on a socket about its private channel. */
interface UserSocketData {
  userId?: number;
  /** The hash of the token the socket subscribed with, so that token's revocation finds it. */
  tokenHash?: string;
  /** Bumped by every user-channel subscribe and unsubscribe, so a slow token check that an unsubscribe overtook joins nothing. */
  userSeq?: number;
}

export function attachRealtime(server: HttpServer, registry: ChannelRegistry, options: RealtimeOptions = {}): Realtime {
  // A socket owed several messages gets them in one write (frameCorking.ts).
  setFrameCorking(true);
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    // Before any handshake: a page from another site gets no socket at all.
    allowRequest: (request, callback) => callback(null, originAllowed(request, options.allowedOrigins)),
  });
  watchSockets(io);
  const last = new Map<string, object>();
  // Every push goes out at the end of its turn (or of the push interval), one packet per socket (pushCoalescer.ts).
  const pushes = new PushCoalescer(io.of('/'), options.pushIntervalMs);
  const recent = new RecentDeltas();
  const leaveCluster = options.cluster?.(io, (room, payload) => {
    recent.note(room, payload);
    pushes.push(room, payload);
    if (userOfRoom(room) === undefined) options.onPush?.(room, payload);
  });
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const clock = options.clock ?? Date.now;
  const addresses = new AddressCount(limits.socketsPerAddress);
  // Each socket's allowances (socketLimits.ts), kept beside it rather than in socket.data, which is the client-visible part.
  const budgets = new WeakMap<Socket, { messages: TokenBucket; snapshots: TokenBucket; refusals: number }>();
  // Sockets on the private channel by their token's hash, so a sign-out finds them (a reset finds them by user room).
  const byToken = new Map<string, Set<Socket>>();
  // Counts revocations heard, so a token check that one overtook is made again.
  let revocationsHeard = 0;
  const stopHearing = options.revocations?.onRevoked((revocation) => {
    revocationsHeard += 1;
    endRevoked(revocation);
  });

  io.on('connection', (socket) => {
    const lang = localeFromHeader(socket.handshake.auth?.lang ?? socket.handshake.query?.lang ?? socket.handshake.headers.lang);
    const address = clientAddress(socket.request, options.trustedProxies);
    if (!addresses.admit(address)) {
      socket.emit('refused', { code: ResultCode.tooMany, msg: translate(lang, 'tooManySockets') } satisfies SocketRefusal);
      socket.disconnect(true);
      return;
    }
    budgets.set(socket, {
      messages: new TokenBucket(limits.messageBurst, limits.messagesPerSecond, clock),
      snapshots: new TokenBucket(limits.snapshotBurst, limits.snapshotsPerSecond, clock),
      refusals: 0,
    });
    socket.on('disconnect', () => {
      addresses.release(address);
      forgetToken(socket);
    });
    socket.on('subscribe', (message: unknown, ack?: unknown) => {
      if (withinRate(socket, lang, ack)) onSubscribe(socket, lang, message, ack);
    });
    socket.on('unsubscribe', (message: unknown, ack?: unknown) => {
      if (withinRate(socket, lang, ack)) onUnsubscribe(socket, lang, message, ack);
    });
  });

  function refuse(socket: Socket, lang: LocaleCode, key: MessageKey, ack: unknown, channel?: string, code: ResultCode = ResultCode.badRequest, vars?: Record<string, string>): void {
    const refusal: SocketRefusal = { code, msg: translate(lang, key, vars), ...(channel ? { channel } : {}) };
    if (typeof ack === 'function') (ack as Ack)(refusal);
    else socket.emit('refused', refusal);
  }

  /** Refuses (saying when to try again) a message over the socket's rate; a socket that will not stop is dropped. */
  function withinRate(socket: Socket, lang: LocaleCode, ack: unknown): boolean {
    const budget = budgets.get(socket);
    if (!budget) return false;
    const waitMs = budget.messages.take();
    if (waitMs === 0) {
      budget.refusals = 0;
      return true;
    }
    tooFast(socket, lang, ack, waitMs);
    return false;
  }

  function tooFast(socket: Socket, lang: LocaleCode, ack: unknown, waitMs: number, channel?: string): void {
    const budget = budgets.get(socket);
    if (budget && ++budget.refusals > limits.refusalsBeforeDisconnect) return void socket.disconnect(true);
    refuse(socket, lang, 'tooManyRequestsRetry', ack, channel, ResultCode.tooMany, { seconds: String(Math.max(1, Math.ceil(waitMs / 1000))) });
  }

  function accept(lang: LocaleCode, ack: unknown, channel: string): void {
    if (typeof ack === 'function') (ack as Ack)({ code: ResultCode.ok, msg: translate(lang, 'ok'), channel });
  }

  /**
   * Idempotent: a subscribe to a channel the socket holds already is acknowledged and sends
   * nothing, unless it asks `{ channel, resync: true }` (a client that saw a sequence gap). Every
   * snapshot sent draws on the socket's snapshot allowance.
   */
  function onSubscribe(socket: Socket, lang: LocaleCode, message: unknown, ack: unknown): void {
    const user = ChannelRegistry.parseUser(message);
    if (user) return void subscribeUser(socket, lang, user.token, ack);
    const channel = ChannelRegistry.parse(message);
    if (!channel) return refuse(socket, lang, 'malformedMessage', ack);
    if (!registry.has(channel)) return refuse(socket, lang, 'unknownChannel', ack, channel);
    const held = socket.rooms.has(channel);
    if (!held && socket.rooms.size > MAX_CHANNELS_PER_SOCKET) return refuse(socket, lang, 'tooManyChannels', ack, channel);
    if (held && !ChannelRegistry.asksResync(message)) return accept(lang, ack, channel);
    // Drawn before the snapshot is built: a refused socket costs no book copy either.
    const waitMs = budgets.get(socket)!.snapshots.take();
    if (waitMs > 0) return tooFast(socket, lang, ack, waitMs, channel);
    const snapshot = options.snapshot?.(channel);
    if (snapshot instanceof Promise) return void subscribeFromCluster(socket, lang, channel, snapshot, ack);
    const latest = snapshot ? { ...snapshot, channel } : last.get(channel);
    // What was published before this socket joined goes to the old members only, so the snapshot
    // below is never followed by a message it already contains.
    pushes.flush();
    void socket.join(channel);
    accept(lang, ack, channel);
    if (latest) socket.emit('data', latest);
  }

  /**
   * In the cluster the snapshot is read from Redis, after the socket has joined: every push its
   * owner wrote after that snapshot is still to come from the stream, so none is missed. Pushes it
   * already holds may follow it (a depth delta at or below its seq, which the client drops; a trade
   * it lists, which the client lists once). A depth delta that came between the join and the
   * snapshot went out before it, and the client dropped it while it waited: sent again after it.
   * What the coalescer holds from before the join goes to the old members only (as in the local
   * path): the snapshot read after the join already holds it, and an owner's announce (a takeover's
   * snapshot, seq begun again) queued then would otherwise reach this socket before its own.
   */
  function subscribeFromCluster(socket: Socket, lang: LocaleCode, channel: string, snapshot: Promise<object | undefined>, ack: unknown): void {
    const mark = recent.mark(channel);
    pushes.flush();
    void socket.join(channel);
    accept(lang, ack, channel);
    snapshot.then(
      (held) => {
        if (!held || !socket.connected || !socket.rooms.has(channel)) return;
        socket.emit('data', { ...held, channel });
        const seq = (held as { seq?: unknown }).seq;
        if (typeof seq === 'number') for (const delta of recent.since(channel, mark, seq)) socket.emit('data', delta);
      },
      () => undefined,
    );
  }

  /** The private channel: the token names the user; the socket joins that user's room only. */
  async function subscribeUser(socket: Socket, lang: LocaleCode, token: string | undefined, ack: unknown): Promise<void> {
    const data = socket.data as UserSocketData;
    const seq = (data.userSeq = (data.userSeq ?? 0) + 1);
    const userId = await userBehind(token);
    if (userId === undefined) return refuse(socket, lang, 'notLoggedIn', ack, USER_CHANNEL);
    if (!socket.connected || data.userSeq !== seq) return;
    if (data.userId !== undefined && data.userId !== userId) void socket.leave(userRoom(data.userId));
    pushes.flush();
    forgetToken(socket);
    data.userId = userId;
    data.tokenHash = hashToken(token!);
    const sockets = byToken.get(data.tokenHash) ?? new Set<Socket>();
    byToken.set(data.tokenHash, sockets.add(socket));
    void socket.join(userRoom(userId));
    accept(lang, ack, USER_CHANNEL);
  }

  /** The user behind a token, asked again if a revocation was heard meanwhile (it may have ended this very token). */
  async function userBehind(token: string | undefined): Promise<number | undefined> {
    if (!token || !options.authenticate) return undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      const heard = revocationsHeard;
      let userId: number | undefined;
      try {
        userId = await options.authenticate(token);
      } catch {
        return undefined;
      }
      if (heard === revocationsHeard) return userId;
    }
    return undefined;
  }

  function forgetToken(socket: Socket): void {
    const hash = (socket.data as UserSocketData).tokenHash;
    if (hash === undefined) return;
    const sockets = byToken.get(hash);
    sockets?.delete(socket);
    if (sockets?.size === 0) byToken.delete(hash);
    (socket.data as UserSocketData).tokenHash = undefined;
  }

  /** A revoked session: its sockets leave the private channel now and are told so (translated), on this process. */
  function endRevoked(revocation: Revocation): void {
    const sockets =
      'tokenHash' in revocation
        ? [...(byToken.get(revocation.tokenHash) ?? [])]
        : [...(io.sockets.adapter.rooms.get(userRoom(revocation.userId)) ?? [])].flatMap((id) => io.sockets.sockets.get(id) ?? []);
    for (const socket of sockets) {
      const data = socket.data as UserSocketData;
      if (data.userId === undefined) continue;
      // Anything queued for the user before the revocation may still go; nothing after it.
      pushes.flush();
      void socket.leave(userRoom(data.userId));
      data.userSeq = (data.userSeq ?? 0) + 1;
      data.userId = undefined;
      forgetToken(socket);
      const lang = localeFromHeader(socket.handshake.auth?.lang ?? socket.handshake.query?.lang ?? socket.handshake.headers.lang);
      socket.emit('refused', { code: ResultCode.forbidden, msg: translate(lang, 'notLoggedIn'), channel: USER_CHANNEL } satisfies SocketRefusal);
    }
  }

  function unsubscribeUser(socket: Socket, lang: LocaleCode, ack: unknown): void {
    const data = socket.data as UserSocketData;
    data.userSeq = (data.userSeq ?? 0) + 1;
    if (data.userId !== undefined) void socket.leave(userRoom(data.userId));
    data.userId = undefined;
    forgetToken(socket);
    accept(lang, ack, USER_CHANNEL);
  }

  function onUnsubscribe(socket: Socket, lang: LocaleCode, message: unknown, ack: unknown): void {
    if (ChannelRegistry.parseUser(message)) return unsubscribeUser(socket, lang, ack);
    const channel = ChannelRegistry.parse(message);
    if (!channel) return refuse(socket, lang, 'malformedMessage', ack);
    void socket.leave(channel);
    accept(lang, ack, channel);
  }

  return {
    publish(channel, payload) {
      const tagged = { ...payload, channel };
      last.set(channel, tagged);
      pushes.push(channel, tagged);
      options.onPush?.(channel, tagged);
    },
    subscriberCount: (channel) => io.sockets.adapter.rooms.get(channel)?.size ?? 0,
    publishToUser(userId, message) {
      pushes.push(userRoom(userId), message);
      options.onUserPush?.(userId, message);
    },
    userListening: (userId) => (io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0 || (options.userFollowers?.has(userId) ?? false),
    listeningUsers: () => [...new Set([...[...io.sockets.adapter.rooms.keys()].flatMap((room) => userOfRoom(room) ?? []), ...(options.userFollowers?.users() ?? [])])],
    onUserListening(listener) {
      // The in-memory adapter creates a room with its first member and deletes it with its last.
      const tell = (listening: boolean) => (room: string) => {
        const userId = userOfRoom(room);
        if (userId !== undefined) listener(userId, listening);
      };
      io.sockets.adapter.on('create-room', tell(true));
      io.sockets.adapter.on('delete-room', tell(false));
    },
    close: () => {
      stopHearing?.();
      leaveCluster?.();
      return new Promise((resolve) => void io.close(() => resolve()));
    },
  };
}

/**
 * The last depth deltas each channel delivered from the cluster, numbered in the order they came,
 * so a subscriber whose snapshot arrived after some of them gets those again (subscribeFromCluster).
 */
class RecentDeltas {
  private readonly channels = new Map<string, { count: number; deltas: Array<{ n: number; seq: number; payload: object }> }>();

  note(channel: string, payload: object): void {
    const seq = (payload as { seq?: unknown }).seq;
    if (typeof seq !== 'number') return;
    let held = this.channels.get(channel);
    if (!held) this.channels.set(channel, (held = { count: 0, deltas: [] }));
    held.deltas.push({ n: ++held.count, seq, payload });
    if (held.deltas.length > RECENT_KEPT) held.deltas.shift();
  }

  mark(channel: string): number {
    return this.channels.get(channel)?.count ?? 0;
  }

  /** Those delivered after `mark` whose seq is past `seq`, in order. */
  since(channel: string, mark: number, seq: number): object[] {
    return (this.channels.get(channel)?.deltas ?? []).filter((d) => d.n > mark && d.seq > seq).map((d) => d.payload);
  }
}

/** A snapshot read takes a Redis round trip: far fewer deltas than this come meanwhile. */
const RECENT_KEPT = 64;

import type { Pair } from '../../../../domain/api.js';
import { USER_CHANNEL } from '../../../../domain/userChannel.js';

/** What a product's channels depend on: the pair, and whether it is listed for spot or contract trading. */
export type ListedPair = Pick<Pair, 'left_symbol' | 'right_symbol' | 'trade_status' | 'contract_status'>;

/** Every public channel of a listed pair: the products' `channels` put together (server/products/channels.ts). */
export type PairChannels = (pair: ListedPair) => string[];

/**
 * The socket.io room of one user's private channel. The colon keeps it apart from every public
 * channel name (see CHANNEL_SHAPE), so no subscribe by name can ever join it.
 */
export const userRoom = (userId: number): string => `user:${userId}`;

/** The user whose private-channel room this is, if it is one. */
export function userOfRoom(room: string): number | undefined {
  const match = /^user:(\d+)$/.exec(room);
  return match ? Number(match[1]) : undefined;
}

/** Channel names are short lowercase words joined by underscores; anything else is refused unread. */
const CHANNEL_SHAPE = /^[a-z0-9]{1,12}(_[a-z0-9]{1,12}){1,4}$/;

/**
 * The public channels subscribers may join: the private channel aside (by token), only those of
 * the listed pairs, as the products declare them (spec §7: ticks, depth, trades, candles). A name
 * outside the list is refused unread.
 */
export class ChannelRegistry {
  private readonly known: Set<string>;

  constructor(
    pairs: readonly ListedPair[],
    private readonly channelsOf: PairChannels,
  ) {
    this.known = new Set(pairs.flatMap(channelsOf));
  }

  /** A pair listed while running (kernel `PairOpenings`): its market channels may be subscribed from now on. */
  addSpotPair(left: string, right: string): void {
    for (const channel of this.channelsOf({ left_symbol: left, right_symbol: right, trade_status: 1, contract_status: 0 })) this.known.add(channel);
  }

  /** The pairs as listed now (re-read after a change on any process): a contract listed while running included. */
  addPairs(pairs: readonly ListedPair[]): void {
    for (const pair of pairs) for (const channel of this.channelsOf(pair)) this.known.add(channel);
  }

  has(channel: string): boolean {
    return this.known.has(channel);
  }

  list(): string[] {
    return [...this.known].sort();
  }

  /**
   * A subscribe or unsubscribe of the private user channel: `{ channel: 'user', token }` (or the
   * bare name, which carries no token and is refused on subscribe). Undefined for anything else.
   */
  static parseUser(message: unknown): { token: string | undefined } | undefined {
    const raw = typeof message === 'string' ? message : (message as { channel?: unknown } | null)?.channel;
    if (typeof raw !== 'string' || raw.toLowerCase() !== USER_CHANNEL) return undefined;
    const token = typeof message === 'object' ? (message as { token?: unknown }).token : undefined;
    return { token: typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : undefined };
  }

  /** Whether a subscribe asks for a fresh snapshot of a channel the socket holds: `{ channel, resync: true }`. */
  static asksResync(message: unknown): boolean {
    return typeof message === 'object' && message !== null && (message as { resync?: unknown }).resync === true;
  }

  /** Accepts the bare channel name or { channel }, as documented in docs/API.md. */
  static parse(message: unknown): string | undefined {
    const raw = typeof message === 'string' ? message : (message as { channel?: unknown } | null)?.channel;
    if (typeof raw !== 'string' || raw.length > 64) return undefined;
    const channel = raw.toLowerCase();
    return CHANNEL_SHAPE.test(channel) ? channel : undefined;
  }
}

import { futureIndexChannel, futureTickChannel, spotTickChannel, type Pair } from '../../../src/domain/api.js';
import { KLINE_INTERVALS } from '../../../src/domain/constants.js';
import { depthChannel, klineChannel, tradeChannel } from '../../../src/domain/market.js';
import { USER_CHANNEL } from '../../../src/domain/spotOrders.js';
import { futureDepthChannel, futureKlineChannel, futureTradeChannel } from '../../../src/domain/futures/api.js';

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
 * The channels of spec §7 for the listed pairs: {left}_{right}_tick for spot-tradable pairs,
 * {left}_{right}_future_tick and _future_index_tick for contract pairs (and the contract market's
 * _future_depth, _future_trade and _future_kline_{interval}); plus, per spot pair, the
 * order book (_depth), latest trades (_trade) and live candles (_kline_{interval}).
 */
export class ChannelRegistry {
  private readonly known: Set<string>;

  constructor(pairs: readonly Pair[]) {
    this.known = new Set(pairs.flatMap(channelsOf));
  }

  /** A pair listed while running (kernel `PairOpenings`): its market channels may be subscribed from now on. */
  addSpotPair(left: string, right: string): void {
    for (const channel of channelsOf({ left_symbol: left, right_symbol: right, trade_status: 1, contract_status: 0 })) this.known.add(channel);
  }

  /** Channels the serving process has (a realtime edge's sync): pairs listed while the edge was away included. */
  addChannels(channels: Iterable<string>): void {
    for (const channel of channels) if (CHANNEL_SHAPE.test(channel)) this.known.add(channel);
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

function channelsOf(p: Pick<Pair, 'left_symbol' | 'right_symbol' | 'trade_status' | 'contract_status'>): string[] {
  return [
    ...(p.trade_status === 1
      ? [
          spotTickChannel(p.left_symbol, p.right_symbol),
          depthChannel(p.left_symbol, p.right_symbol),
          tradeChannel(p.left_symbol, p.right_symbol),
          ...KLINE_INTERVALS.map((i) => klineChannel(p.left_symbol, p.right_symbol, i)),
        ]
      : []),
    ...(p.contract_status === 1
      ? [
          futureTickChannel(p.left_symbol, p.right_symbol),
          futureIndexChannel(p.left_symbol, p.right_symbol),
          futureDepthChannel(p.left_symbol, p.right_symbol),
          futureTradeChannel(p.left_symbol, p.right_symbol),
          ...KLINE_INTERVALS.map((i) => futureKlineChannel(p.left_symbol, p.right_symbol, i)),
        ]
      : []),
  ];
}

import type { Level, PublicTrade } from '../../../../domain/market.js';
import { TRADE_HISTORY } from '../../exchange/marketData.js';

/** A depth channel's book as its messages left it: price → quantity, as the wire writes them. */
interface Book {
  seq: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

type Folded = { kind: 'book'; book: Book } | { kind: 'trades'; trades: PublicTrade[] } | { kind: 'last'; payload: object };

/**
 * A realtime edge's copy of what a new subscriber should get on each public channel, kept from the
 * bus's stream alone (the edge runs no market): it starts from the serving process's snapshots and
 * folds every later message into them the way a client does —
 *
 * - a depth delta (`kind: 'delta'`, MarketData.flushDepth) sets or, at quantity 0, removes levels;
 *   the deltas are taken against the top DEPTH_LEVELS, so the folded book is exactly the book the
 *   market's own snapshot would show, in the same order;
 * - a trades update (`kind: 'update'`) is put before the trades held, keeping TRADE_HISTORY;
 * - anything else (ticks, candles in progress, snapshots) replaces what was held.
 *
 * So an edge's snapshot equals the market's at the same point of the stream
 * (tests/server/channelReplica.test.ts drives a market and compares them).
 */
export class ChannelReplica {
  private readonly channels = new Map<string, Folded>();

  /** Everything a sync answered: replaces what was held. */
  load(snapshots: Record<string, object>): void {
    this.channels.clear();
    for (const [channel, payload] of Object.entries(snapshots)) this.fold(channel, payload);
  }

  fold(channel: string, payload: object): void {
    const message = payload as { kind?: unknown; seq?: unknown; bids?: unknown; asks?: unknown; trades?: unknown };
    const held = this.channels.get(channel);
    if (message.kind === 'snapshot' && isLevels(message.bids) && isLevels(message.asks)) {
      const book: Book = { seq: Number(message.seq), bids: new Map(), asks: new Map() };
      apply(book.bids, message.bids);
      apply(book.asks, message.asks);
      this.channels.set(channel, { kind: 'book', book });
    } else if (message.kind === 'delta' && isLevels(message.bids) && isLevels(message.asks)) {
      // A delta with nothing to apply it to (the edge missed the snapshot) is left out, never guessed.
      if (held?.kind !== 'book') return;
      apply(held.book.bids, message.bids);
      apply(held.book.asks, message.asks);
      held.book.seq = Number(message.seq);
    } else if ((message.kind === 'snapshot' || message.kind === 'update') && Array.isArray(message.trades)) {
      const trades = message.trades as PublicTrade[];
      const before = message.kind === 'update' && held?.kind === 'trades' ? held.trades : [];
      this.channels.set(channel, { kind: 'trades', trades: [...trades, ...before].slice(0, TRADE_HISTORY) });
    } else {
      const { channel: _tag, ...untagged } = payload as { channel?: string };
      this.channels.set(channel, { kind: 'last', payload: untagged });
    }
  }

  /** The first of `replicas` that holds `channel` gives its snapshot (one replica per process followed). */
  static snapshotOf(replicas: readonly ChannelReplica[], channel: string): object | undefined {
    for (const replica of replicas) {
      const held = replica.snapshot(channel);
      if (held) return held;
    }
    return undefined;
  }

  /** What a new subscriber gets: a depth or trades snapshot, or the last payload; undefined if none came. */
  snapshot(channel: string): object | undefined {
    const held = this.channels.get(channel);
    if (!held) return undefined;
    if (held.kind === 'trades') return { kind: 'snapshot', trades: held.trades };
    if (held.kind === 'last') return held.payload;
    const { seq, bids, asks } = held.book;
    return { kind: 'snapshot', seq, bids: sorted(bids, -1), asks: sorted(asks, 1) };
  }
}

function isLevels(value: unknown): value is Level[] {
  return Array.isArray(value) && value.every((l) => Array.isArray(l) && typeof l[0] === 'string' && typeof l[1] === 'string');
}

function apply(side: Map<string, string>, levels: Level[]): void {
  for (const [price, quantity] of levels) {
    if (Number(quantity) === 0) side.delete(price);
    else side.set(price, quantity);
  }
}

/** Bids best (highest) first, asks best (lowest) first, as the engine's depth lists them. */
function sorted(side: Map<string, string>, direction: 1 | -1): Level[] {
  return [...side].sort((a, b) => direction * (Number(a[0]) - Number(b[0])));
}

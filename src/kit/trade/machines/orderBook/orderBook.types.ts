import type { DepthMessage } from '../../../../../domain/market';
import type { BookSides } from './levels';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export type DepthSnapshot = Extract<DepthMessage, { kind: 'snapshot' }>;
export type DepthDelta = Extract<DepthMessage, { kind: 'delta' }>;

export interface OrderBookInput {
  /** `{left}_{right}_depth` */
  channel: string;
}

export interface OrderBookContext {
  channel: string;
  book: BookSides;
  /** seq of the last snapshot or delta applied; undefined before the first snapshot. */
  seq: number | undefined;
  /** How often a gap or a silent channel made us ask for a fresh snapshot. */
  resyncs: number;
  /** Deltas dropped as stale or as arriving before their snapshot (for the inspector). */
  dropped: number;
  /**
   * The price step the panel groups levels by, as its number of decimals (2 → 0.01, -1 → 10);
   * undefined: the pair's own tick, no grouping. The trader's choice, kept through resyncs.
   */
  grouping: number | undefined;
}

/** What the depth feed reports (../../actors/depthFeed.actor.ts). */
export type OrderBookEvent =
  | { type: 'book.snapshot'; message: DepthSnapshot }
  /** A frame's deltas in arrival order (the feed hands them over once per frame: one event, one snapshot, one render). */
  | { type: 'book.deltas'; messages: DepthDelta[] }
  | Signals<'connection', 'lost' | 'restored'>
  /** The trader picks a price step (undefined: back to the pair's tick). */
  | { type: 'book.group'; places: number | undefined };

/** What the machine asks of its feed. */
export type DepthFeedCommand = { type: 'feed.resubscribe' };

import type { KlineInterval } from '../../../../domain/constants.js';
import { INTERVALS } from '../klines.js';

/**
 * One Binance market stream, as named on the wire (`btcusdt@depth5@100ms`): the symbol in lower
 * case and what it carries. docs/API.md "Binance WebSocket streams".
 */
export type StreamKind =
  | { kind: 'trade' }
  | { kind: 'aggTrade' }
  | { kind: 'bookTicker' }
  | { kind: 'ticker' }
  | { kind: 'miniTicker' }
  /** `@depth<levels>`: the top of the book, pushed each second (or each 100 ms). */
  | { kind: 'partialDepth'; levels: number; fast: boolean }
  /** `@depth`: the book's changes, gathered over a second (or each 100 ms), with update ids. */
  | { kind: 'diffDepth'; fast: boolean }
  | { kind: 'kline'; interval: string; source: KlineInterval };

export type MarketStream = StreamKind & { name: string; symbol: string };

/** Binance's stream name shape: a lower-case symbol, `@`, then the stream's words. */
const NAME = /^([a-z0-9]{2,20})@([a-zA-Z0-9_@]{1,30})$/;

/**
 * The stream a name asks for, or undefined for a name Binance would not know. Kline intervals are
 * those kept as bars here (1m, 5m, 15m, 30m, 1h, 1d, 1w, 1M); the built ones (3m, 2h…) are REST only.
 */
export function parseStream(name: string): MarketStream | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, symbol, rest] = match as unknown as [string, string, string];
  const kind = kindOf(rest);
  return kind && { ...kind, name, symbol };
}

function kindOf(rest: string): StreamKind | undefined {
  switch (rest) {
    case 'trade':
    case 'aggTrade':
    case 'bookTicker':
    case 'ticker':
    case 'miniTicker':
      return { kind: rest };
    case 'depth':
    case 'depth@1000ms':
      return { kind: 'diffDepth', fast: false };
    case 'depth@100ms':
      return { kind: 'diffDepth', fast: true };
  }
  const partial = /^depth(5|10|20)(@100ms|@1000ms)?$/.exec(rest);
  if (partial) return { kind: 'partialDepth', levels: Number(partial[1]), fast: partial[2] === '@100ms' };
  const kline = /^kline_([0-9]{1,2}[mhdwM])$/.exec(rest);
  if (kline && Object.hasOwn(INTERVALS, kline[1]!)) {
    const interval = INTERVALS[kline[1]!]!;
    if (!interval.built) return { kind: 'kline', interval: kline[1]!, source: interval.source };
  }
  return undefined;
}

/** A listenKey (the user data stream's name): 60 letters and digits, as Binance's. */
export const LISTEN_KEY = /^[A-Za-z0-9]{60}$/;

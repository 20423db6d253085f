import { spotTickChannel } from '../../../domain/api.js';
import { KLINE_INTERVALS } from '../../../domain/constants.js';
import { depthChannel, klineChannel, tradeChannel } from '../../../domain/market.js';
import type { ListedPair } from '../../kernel/platform/realtime/channels.js';

/** Spec §7 per spot-tradable pair: {left}_{right}_tick, the order book (_depth), latest trades (_trade) and live candles (_kline_{interval}). */
export function spotChannels(p: ListedPair): string[] {
  if (p.trade_status !== 1) return [];
  const [left, right] = [p.left_symbol, p.right_symbol];
  return [spotTickChannel(left, right), depthChannel(left, right), tradeChannel(left, right), ...KLINE_INTERVALS.map((i) => klineChannel(left, right, i))];
}

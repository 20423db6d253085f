import { futureIndexChannel, futureTickChannel } from '../../../domain/api.js';
import { KLINE_INTERVALS } from '../../../domain/constants.js';
import { futureDepthChannel, futureKlineChannel, futureTradeChannel } from '../../../domain/futures/api.js';
import type { ListedPair } from '../../kernel/platform/realtime/channels.js';

/**
 * Spec §7 per contract pair: {left}_{right}_future_tick and _future_index_tick, and the contract
 * market's _future_depth, _future_trade and _future_kline_{interval}.
 */
export function futuresChannels(p: ListedPair): string[] {
  if (p.contract_status !== 1) return [];
  const [left, right] = [p.left_symbol, p.right_symbol];
  return [
    futureTickChannel(left, right),
    futureIndexChannel(left, right),
    futureDepthChannel(left, right),
    futureTradeChannel(left, right),
    ...KLINE_INTERVALS.map((i) => futureKlineChannel(left, right, i)),
  ];
}

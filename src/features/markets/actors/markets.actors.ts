import { fromPromise } from 'xstate';
import type { KlineHistory, KlineHistoryRequest } from '../machines/kline/kline.types';
import type { ApiClient } from '../../../services/api';
import { isKlineBar } from '../../../app/actors/marketParsers';

/** GET /api/market/kline (docs/API.md): oldest first; malformed bars are dropped. */
export function createKlineHistoryActor(api: ApiClient) {
  return fromPromise<KlineHistory, KlineHistoryRequest>(async ({ input, signal }) => {
    // The futures market has no candle history endpoint: its chart starts from the live candle.
    if (input.futures) return { pair: input.pair, interval: input.interval, bars: [], more: false };
    const params: Record<string, string> = { pair: input.pair, interval: input.interval };
    if (input.to !== undefined) params.to = String(input.to);
    const history = await api.get<KlineHistory>('/api/market/kline', params, signal);
    const bars = Array.isArray(history?.bars) ? history.bars.filter(isKlineBar) : [];
    return { pair: input.pair, interval: input.interval, bars, more: history?.more === true };
  });
}

import { fromPromise } from 'xstate';
import type { KlineHistory, KlineHistoryRequest } from '../machines/kline/kline.types';
import type { ApiClient } from '../../../services/api';
import { isKlineBar } from '../../../app/actors/marketParsers';
import { FUTURES_PATHS } from '../../../../domain/futures/api';

/** GET /api/market/kline, or /api/futures/kline for a contract market (docs/API.md): oldest first; malformed bars are dropped. */
export function createKlineHistoryActor(api: ApiClient) {
  return fromPromise<KlineHistory, KlineHistoryRequest>(async ({ input, signal }) => {
    const params: Record<string, string> = { pair: input.pair, interval: input.interval };
    if (input.to !== undefined) params.to = String(input.to);
    const history = await api.get<KlineHistory>(input.futures ? FUTURES_PATHS.kline : '/api/market/kline', params, signal);
    const bars = Array.isArray(history?.bars) ? history.bars.filter(isKlineBar) : [];
    return { pair: input.pair, interval: input.interval, bars, more: history?.more === true };
  });
}

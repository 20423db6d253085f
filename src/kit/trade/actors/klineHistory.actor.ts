import { fromPromise } from 'xstate';
import type { KlineHistory, KlineHistoryRequest } from '../machines/kline/kline.types';
import type { ApiClient } from '../../../services/api';
import { isKlineBar } from '../../../app/actors/marketParsers';
import { FUTURES_PATHS } from '../../../../domain/futures/api';
import { takeFirstCandles } from '../../../services/firstCandles';

/**
 * GET /api/market/kline, or /api/futures/kline for a contract market (docs/API.md): oldest first;
 * malformed bars are dropped. A spot trade page's first read takes the candles its HTML came with
 * (services/firstCandles.ts) when they fit.
 */
export function createKlineHistoryActor(api: ApiClient) {
  return fromPromise<KlineHistory, KlineHistoryRequest>(async ({ input, signal }) => {
    const params: Record<string, string> = { pair: input.pair, interval: input.interval };
    if (input.to !== undefined) params.to = String(input.to);
    const inPage = input.futures || input.to !== undefined ? undefined : takeFirstCandles(input.pair, input.interval);
    const history = inPage ?? (await api.get<KlineHistory>(input.futures ? FUTURES_PATHS.kline : '/api/market/kline', params, signal));
    const bars = Array.isArray(history?.bars) ? history.bars.filter(isKlineBar) : [];
    return { pair: input.pair, interval: input.interval, bars, more: history?.more === true };
  });
}

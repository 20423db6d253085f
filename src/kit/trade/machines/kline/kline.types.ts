import type { KlineInterval } from '../../../../../domain/constants';
import type { ToastMessage } from '../../../../../domain/errors';
import type { KlineBar, KlineHistory } from '../../../../../domain/market';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface KlineInput {
  left: string;
  right: string;
  interval: KlineInterval;
  /** The pair's futures market (`{pair}_future_kline_{interval}`) instead of its spot market. */
  futures?: boolean;
}

/** A page of older bars, for the chart's "load more to the left" callback. */
export interface OlderPage {
  /** Increases with every answer, so the view knows a new one arrived. */
  seq: number;
  bars: KlineBar[];
  more: boolean;
  failed: boolean;
}

export interface KlineContext {
  left: string;
  right: string;
  futures: boolean;
  interval: KlineInterval;
  /** Every closed (and the current) bar loaded so far, oldest first. */
  bars: KlineBar[];
  /** Whether the server has bars older than bars[0]. */
  more: boolean;
  /** The candle in progress from the candle channel, if any came since the last load. */
  liveBar: KlineBar | undefined;
  /** Increases with every (re)load of the history: the chart resets its data when it changes. */
  loadId: number;
  olderPage: OlderPage | undefined;
  error: ToastMessage | undefined;
  /** The connection dropped since the last load: the next reconnect reloads the history. */
  offline: boolean;
}

export type KlineEvent =
  | { type: 'kline.setInterval'; interval: KlineInterval }
  | Signals<'kline', 'loadOlder' | 'retry'>
  | { type: 'kline.bar'; interval: KlineInterval; bar: KlineBar }
  | Signals<'connection', 'lost' | 'restored'>;

export interface KlineHistoryRequest {
  /** e.g. btc_usdt */
  pair: string;
  interval: KlineInterval;
  /** The futures market: history from GET /api/futures/kline, live bars from its candle channel. */
  futures?: boolean;
  /** Only bars that open before this time (ms). */
  to?: number;
}

export type { KlineHistory };

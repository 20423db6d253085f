import type { KlineBar } from '../../../../../domain/market';
import { klineMachine } from './kline.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const minute = 60_000;
const t0 = 1_763_683_200_000;
const bar = (time: number, close: string): KlineBar => ({ time, open: '96000', high: '96400', low: '95900', close, amount: '1.5', vol: '144000', count: 12 });

export const HISTORY_FIXTURE = { pair: 'btc_usdt', interval: '1min' as const, bars: [bar(t0, '96100'), bar(t0 + minute, '96200')], more: true };
export const OLDER_FIXTURE = { pair: 'btc_usdt', interval: '1min' as const, bars: [bar(t0 - 2 * minute, '95900'), bar(t0 - minute, '96000')], more: false };
export const LIVE_BAR = bar(t0 + minute, '96250.5');

export const klineModel = machineModel(
  klineMachine,
  [{ name: 'BTC_USDT 1min', input: { left: 'BTC', right: 'USDT', interval: '1min' } }],
  [
    { type: 'xstate.done.actor.fetchKlineHistory', output: HISTORY_FIXTURE },
    ...actorAnswers('fetchKlineHistory', OLDER_FIXTURE),
    { type: 'xstate.error.actor.candleFeed', error: new Error('subscribe failed') },
    { type: 'kline.setInterval', interval: '5min' },
    { type: 'kline.bar', interval: '1min', bar: LIVE_BAR },
  ],
  // Whether older bars exist decides what kline.loadOlder does; a drop decides what a reconnect does.
  (s) => [s.context.more, s.context.offline],
);

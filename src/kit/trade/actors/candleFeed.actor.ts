import type { KlineInterval } from '../../../../domain/constants';
import type { KlineEvent } from '../machines/kline/kline.types';
import type { FrameScheduler } from '../../../services/frameScheduler';
import type { SocketClient } from '../../../services/socket';
import { channelFeedActor, type ConnectionChangeEvent } from '../../../app/actors/channelFeed';
import { parseKlineMessage } from '../../../app/actors/marketParsers';

type BarEvent = Extract<KlineEvent, { type: 'kline.bar' }>;

/**
 * Within one frame only the last state of each candle matters; a candle that closed inside the
 * frame keeps its final state before the next one starts.
 */
export function latestPerCandle(events: Array<BarEvent | ConnectionChangeEvent>): Array<BarEvent | ConnectionChangeEvent> {
  const out: Array<BarEvent | ConnectionChangeEvent> = [];
  for (const event of events) {
    const previous = out.at(-1);
    if (event.type === 'kline.bar' && previous?.type === 'kline.bar' && previous.bar.time === event.bar.time) out[out.length - 1] = event;
    else out.push(event);
  }
  return out;
}

/** `{pair}_kline_{interval}`: the candle in progress as kline.bar events, at most one per candle per frame. */
export function createCandleFeedActor(socket: SocketClient, frames: FrameScheduler) {
  return channelFeedActor<BarEvent, { channel: string; interval: KlineInterval }>(socket, frames, {
    coalesce: latestPerCandle,
    toEvent: (payload, { channel, interval }) => {
      const message = parseKlineMessage(payload, channel);
      return message ? { type: 'kline.bar', interval, bar: message.bar } : undefined;
    },
  });
}

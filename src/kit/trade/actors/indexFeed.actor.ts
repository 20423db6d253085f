import type { PairMarketEvent } from '../machines/pairMarket/pairMarket.machine';
import type { FrameScheduler } from '../../../services/frameScheduler';
import type { SocketClient } from '../../../services/socket';
import { channelFeedActor } from '../../../app/actors/channelFeed';
import { parseIndexTick } from '../../../app/actors/marketParsers';

type IndexTickEvent = Extract<PairMarketEvent, { type: 'market.indexTick' }>;

/** `{pair}_future_index_tick` (index and mark price) as market.indexTick, only the latest per frame. */
export function createIndexFeedActor(socket: SocketClient, frames: FrameScheduler) {
  return channelFeedActor<IndexTickEvent>(socket, frames, {
    // Connection changes mean nothing to an index price: the replayed last tick follows a reconnect.
    coalesce: (events) => events.filter((e) => e.type === 'market.indexTick').slice(-1),
    toEvent: (payload, { channel }) => {
      const tick = parseIndexTick(payload, channel);
      return tick ? { type: 'market.indexTick', close: tick.close, ...(typeof tick.mark === 'string' ? { mark: tick.mark } : {}) } : undefined;
    },
  });
}

import type { LatestTradesEvent } from '../machines/latestTrades/latestTrades.machine';
import type { FrameScheduler } from '../../../services/frameScheduler';
import type { SocketClient } from '../../../services/socket';
import { channelFeedActor } from '../../../app/actors/channelFeed';
import { parseTradesMessage } from '../../../app/actors/marketParsers';

/** `{pair}_trade` as trades.snapshot / trades.update events, handed over once per frame. */
export function createTradesFeedActor(socket: SocketClient, frames: FrameScheduler) {
  return channelFeedActor<LatestTradesEvent>(socket, frames, {
    toEvent: (payload, { channel }) => {
      const message = parseTradesMessage(payload, channel);
      if (!message) return undefined;
      return { type: message.kind === 'snapshot' ? 'trades.snapshot' : 'trades.update', trades: message.trades };
    },
  });
}

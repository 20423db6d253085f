import { fromCallback, type EventObject } from 'xstate';
import type { LatestTradesEvent } from '../machines/latestTrades/latestTrades.machine';
import type { FrameScheduler } from '../../../services/frameScheduler';
import type { SocketClient } from '../../../services/socket';
import { openChannelFeed } from '../../../app/actors/channelFeed';
import { parseTradesMessage } from '../../../app/actors/marketParsers';

/** `{pair}_trade` as trades.snapshot / trades.update events, handed over once per frame. */
export function createTradesFeedActor(socket: SocketClient, frames: FrameScheduler) {
  return fromCallback<EventObject, { channel: string }>(({ input, sendBack }) =>
    openChannelFeed<LatestTradesEvent>({
      socket,
      frames,
      channel: input.channel,
      sendBack,
      toEvent: (payload) => {
        const message = parseTradesMessage(payload, input.channel);
        if (!message) return undefined;
        return { type: message.kind === 'snapshot' ? 'trades.snapshot' : 'trades.update', trades: message.trades };
      },
    }),
  );
}

import { fromCallback } from 'xstate';
import type { DepthFeedCommand, OrderBookEvent } from '../machines/orderBook/orderBook.types';
import type { FrameScheduler } from '../../../services/frameScheduler';
import type { SocketClient } from '../../../services/socket';
import { openChannelFeed } from '../../../app/actors/channelFeed';
import { parseDepthMessage } from '../../../app/actors/marketParsers';

/**
 * The order book's feed: each valid depth message becomes book.snapshot or book.delta, handed
 * over once per frame in arrival order; `feed.resubscribe` asks the server for a fresh snapshot.
 */
export function createDepthFeedActor(socket: SocketClient, frames: FrameScheduler) {
  return fromCallback<DepthFeedCommand, { channel: string }>(({ input, sendBack, receive }) => {
    receive((command) => {
      if (command.type === 'feed.resubscribe') socket.resubscribe(input.channel);
    });
    return openChannelFeed<OrderBookEvent>({
      socket,
      frames,
      channel: input.channel,
      sendBack,
      toEvent: (payload) => {
        const message = parseDepthMessage(payload, input.channel);
        if (!message) return undefined;
        return message.kind === 'snapshot' ? { type: 'book.snapshot', message } : { type: 'book.delta', message };
      },
    });
  });
}

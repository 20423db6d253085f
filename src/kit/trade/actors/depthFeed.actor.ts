import type { DepthFeedCommand, OrderBookEvent } from '../machines/orderBook/orderBook.types';
import type { FrameScheduler } from '../../../services/frameScheduler';
import type { SocketClient } from '../../../services/socket';
import { channelFeedActor, type ConnectionChangeEvent } from '../../../app/actors/channelFeed';
import { parseDepthMessage } from '../../../app/actors/marketParsers';

/**
 * A frame's adjacent deltas as one book.deltas: at 200 deltas a second a frame holds three or four,
 * and one event means one machine step and one notification of the book's subscribers, not four.
 * Snapshots and connection changes stay where they were between them.
 */
export function joinDeltas(events: Array<OrderBookEvent | ConnectionChangeEvent>): Array<OrderBookEvent | ConnectionChangeEvent> {
  const out: Array<OrderBookEvent | ConnectionChangeEvent> = [];
  for (const event of events) {
    const last = out.at(-1);
    if (event.type === 'book.deltas' && last?.type === 'book.deltas') out[out.length - 1] = { type: 'book.deltas', messages: [...last.messages, ...event.messages] };
    else out.push(event);
  }
  return out;
}

/**
 * The order book's feed: each valid depth message becomes book.snapshot or book.deltas, handed
 * over once per frame in arrival order (adjacent deltas joined); `feed.resubscribe` asks the server
 * for a fresh snapshot.
 */
export function createDepthFeedActor(socket: SocketClient, frames: FrameScheduler) {
  return channelFeedActor<OrderBookEvent, { channel: string }, DepthFeedCommand>(socket, frames, {
    receive: (command, { channel }) => {
      if (command.type === 'feed.resubscribe') socket.resubscribe(channel);
    },
    toEvent: (payload, { channel }) => {
      const message = parseDepthMessage(payload, channel);
      if (!message) return undefined;
      return message.kind === 'snapshot' ? { type: 'book.snapshot', message } : { type: 'book.deltas', messages: [message] };
    },
    coalesce: joinDeltas,
  });
}

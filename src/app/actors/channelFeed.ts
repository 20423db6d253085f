import { fromCallback, type EventObject } from 'xstate';
import type { FrameScheduler } from '../../services/frameScheduler';
import type { SocketClient } from '../../services/socket';
import { createFrameBuffer } from './frameBuffer';

/** Reported by every feed when the socket drops and when it is back (channels re-subscribed). */
export type ConnectionChangeEvent = { type: 'connection.lost' } | { type: 'connection.restored' };

/**
 * The plumbing every market-data feed shares: join the channel, turn each valid payload into a
 * machine event, and hand the events over once per frame, in arrival order, together with the
 * connection changes (so a "lost" can never overtake data that came before it). `coalesce` may
 * shrink a batch (e.g. keep only the latest candle). Returns the cleanup.
 */
export function openChannelFeed<TEvent extends EventObject>(options: {
  socket: SocketClient;
  frames: FrameScheduler;
  channel: string;
  toEvent: (payload: unknown) => TEvent | undefined;
  sendBack: (event: TEvent | ConnectionChangeEvent) => void;
  coalesce?: (events: Array<TEvent | ConnectionChangeEvent>) => Array<TEvent | ConnectionChangeEvent>;
}): () => void {
  const { socket, channel, sendBack } = options;
  const buffer = createFrameBuffer<TEvent | ConnectionChangeEvent>(options.frames, (events) => {
    for (const event of options.coalesce ? options.coalesce(events) : events) sendBack(event);
  });
  const leave = socket.subscribe(channel, (payload) => {
    const event = options.toEvent(payload);
    if (event) buffer.push(event);
  });
  const stopStatus = socket.onStatus((connected) => buffer.push({ type: connected ? 'connection.restored' : 'connection.lost' }));
  return () => {
    leave();
    stopStatus();
    buffer.dispose();
  };
}

/**
 * A feed as the callback actor a machine invokes with `{ channel }` (and what else `toEvent` reads
 * of its input, e.g. a candle's interval): `openChannelFeed` on that channel while it runs.
 * `receive` hears the parent's commands (the order book's `feed.resubscribe`).
 */
export function channelFeedActor<TEvent extends EventObject, TInput extends { channel: string } = { channel: string }, TCommand extends EventObject = EventObject>(
  socket: SocketClient,
  frames: FrameScheduler,
  feed: {
    toEvent: (payload: unknown, input: TInput) => TEvent | undefined;
    coalesce?: (events: Array<TEvent | ConnectionChangeEvent>) => Array<TEvent | ConnectionChangeEvent>;
    receive?: (command: TCommand, input: TInput) => void;
  },
) {
  return fromCallback<TCommand, TInput>(({ input, sendBack, receive }) => {
    const { receive: hear } = feed;
    if (hear) receive((command) => hear(command, input));
    return openChannelFeed<TEvent>({ socket, frames, channel: input.channel, sendBack, toEvent: (payload) => feed.toEvent(payload, input), coalesce: feed.coalesce });
  });
}

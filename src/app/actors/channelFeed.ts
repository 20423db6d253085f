import type { EventObject } from 'xstate';
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

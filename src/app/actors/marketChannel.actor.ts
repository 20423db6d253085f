import { fromCallback, type EventObject } from 'xstate';
import type { MarketTick } from '../../../domain/api';
import { isDecimalString } from '../../../domain/decimal';
import type { FrameScheduler } from '../../services/frameScheduler';
import type { SocketClient } from '../../services/socket';
import { createFrameBuffer } from './frameBuffer';

/** Socket payloads are untrusted: a tick is used only if every field has the documented shape. */
export function parseTick(payload: unknown, channel: string): MarketTick | undefined {
  const p = payload as Partial<MarketTick> | null;
  if (!p || typeof p !== 'object' || p.channel !== channel || typeof p.pair !== 'string') return undefined;
  const decimals = [p.close, p.open, p.high, p.low, p.amount, p.vol, p.increase];
  if (!decimals.every(isDecimalString) || typeof p.count !== 'number') return undefined;
  if (p.paused !== undefined && p.paused !== true) return undefined;
  return p as MarketTick;
}

/**
 * One actor per tick channel (spec §7 / ARCHITECTURE): joins the channel on start, reports each
 * valid tick to its parent as `market.tick`, leaves the channel when stopped. Given a frame
 * scheduler, a burst of ticks becomes one report per frame (the latest tick; each is a full
 * 24-hour summary, so nothing is lost).
 */
export function createMarketChannelActor(socket: SocketClient, frames?: FrameScheduler) {
  return fromCallback<EventObject, { channel: string }>(({ input, sendBack }) => {
    const report = (tick: MarketTick) => sendBack({ type: 'market.tick', tick });
    const buffer = frames ? createFrameBuffer<MarketTick>(frames, (ticks) => report(ticks.at(-1)!)) : undefined;
    const leave = socket.subscribe(input.channel, (payload) => {
      const tick = parseTick(payload, input.channel);
      if (!tick) return;
      if (buffer) buffer.push(tick);
      else report(tick);
    });
    return () => {
      leave();
      buffer?.dispose();
    };
  });
}

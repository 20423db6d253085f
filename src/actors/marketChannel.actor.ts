import { fromCallback, type EventObject } from 'xstate';
import type { MarketTick } from '../domain/api';
import { isDecimalString } from '../domain/decimal';
import type { SocketClient } from '../services/socket';

/** Socket payloads are untrusted: a tick is used only if every field has the documented shape. */
export function parseTick(payload: unknown, channel: string): MarketTick | undefined {
  const p = payload as Partial<MarketTick> | null;
  if (!p || typeof p !== 'object' || p.channel !== channel || typeof p.pair !== 'string') return undefined;
  const decimals = [p.close, p.open, p.high, p.low, p.amount, p.vol, p.increase];
  if (!decimals.every(isDecimalString) || typeof p.count !== 'number') return undefined;
  return p as MarketTick;
}

/**
 * One actor per tick channel (spec §7 / ARCHITECTURE): joins the channel on start, reports each
 * valid tick to its parent as `market.tick`, leaves the channel when stopped.
 */
export function createMarketChannelActor(socket: SocketClient) {
  return fromCallback<EventObject, { channel: string }>(({ input, sendBack }) =>
    socket.subscribe(input.channel, (payload) => {
      const tick = parseTick(payload, input.channel);
      if (tick) sendBack({ type: 'market.tick', tick });
    }),
  );
}

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SocketClient, TickListener } from '../../services/socket';
import { TICK_FIXTURE } from '../machines/app/app.model';
import { createMarketChannelActor, parseTick } from './marketChannel.actor';

const tick = TICK_FIXTURE;

function fakeSocket() {
  const joined = new Map<string, TickListener>();
  const socket: SocketClient = {
    subscribe(channel, listener) {
      joined.set(channel, listener);
      return () => joined.delete(channel);
    },
    resubscribe: () => undefined,
    onStatus: () => () => undefined,
    onConnection: () => () => undefined,
    close: () => undefined,
  };
  return { socket, joined };
}

describe('market channel actor', () => {
  it('accepts only well-formed ticks of its own channel', () => {
    expect(parseTick(tick, 'btc_usdt_tick')).toEqual(tick);
    expect(parseTick({ ...tick, close: 1 }, 'btc_usdt_tick')).toBeUndefined();
    expect(parseTick({ ...tick, channel: 'eth_usdt_tick' }, 'btc_usdt_tick')).toBeUndefined();
    expect(parseTick('garbage', 'btc_usdt_tick')).toBeUndefined();
    expect(parseTick(null, 'btc_usdt_tick')).toBeUndefined();
    // A paused market's last tick (the process that runs it is gone) is kept with its flag; a flag of another shape is not.
    expect(parseTick({ ...tick, paused: true }, 'btc_usdt_tick')).toEqual({ ...tick, paused: true });
    expect(parseTick({ ...tick, paused: 'yes' }, 'btc_usdt_tick')).toBeUndefined();
  });

  it('joins on start, forwards ticks to its parent and leaves on stop', async () => {
    const { socket, joined } = fakeSocket();
    const { setup, assign } = await import('xstate');
    const parent = setup({
      types: { context: {} as { ticks: unknown[] } },
      actors: { channel: createMarketChannelActor(socket) },
    }).createMachine({
      context: { ticks: [] },
      invoke: { src: 'channel', input: { channel: 'btc_usdt_tick' } },
      on: { 'market.tick': { actions: assign({ ticks: ({ context, event }) => [...context.ticks, (event as unknown as { tick: unknown }).tick] }) } },
    });
    const actor = createActor(parent).start();
    expect(joined.has('btc_usdt_tick')).toBe(true);
    joined.get('btc_usdt_tick')!(tick);
    joined.get('btc_usdt_tick')!({ ...tick, close: 'NaN' });
    expect(actor.getSnapshot().context.ticks).toEqual([tick]);
    actor.stop();
    expect(joined.has('btc_usdt_tick')).toBe(false);
  });
});

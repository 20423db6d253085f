import { describe, expect, it, vi } from 'vitest';

/** The socket.io-client the service loads, replaced by one whose events the test fires. */
const handlers = new Map<string, (...args: unknown[]) => void>();
vi.mock('socket.io-client', () => ({
  io: () => ({
    connected: true,
    on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
    emit: () => undefined,
    io: { on: () => undefined },
    close: () => undefined,
  }),
}));

const { createSocketClient } = await import('./socket');

describe('socket client', () => {
  it('routes every message of one data event to its channel, in order (the server coalesces a turn into one event)', async () => {
    const client = createSocketClient({ getLang: () => 'en_US' });
    await vi.waitFor(() => expect(handlers.has('data')).toBe(true));
    const btc: unknown[] = [];
    const eth: unknown[] = [];
    client.subscribe('btc_usdt_tick', (m) => btc.push(m));
    client.subscribe('eth_usdt_tick', (m) => eth.push(m));

    handlers.get('data')!({ channel: 'btc_usdt_tick', n: 1 }, { channel: 'eth_usdt_tick', n: 2 }, { channel: 'sol_usdt_tick', n: 3 }, null, { channel: 'btc_usdt_tick', n: 4 });

    expect(btc).toEqual([
      { channel: 'btc_usdt_tick', n: 1 },
      { channel: 'btc_usdt_tick', n: 4 },
    ]);
    expect(eth).toEqual([{ channel: 'eth_usdt_tick', n: 2 }]);
    client.close();
  });
});

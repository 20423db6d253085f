import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../server/kernel/realtime/bus/messages.js';
import { openRedisBus, type RealtimeBus } from '../../server/kernel/realtime/bus/redisBus.js';
import { usingPostgres } from './testDb.js';
import { REDIS_URL } from './scaleOutSetup.js';

/**
 * The realtime bus over this machine's Redis (CI's PostgreSQL pass, like tests/server/edge.test.ts):
 * a turn's messages travel as one stream entry, in order; a malformed one is dropped without
 * stopping the ones after it; and a follower whose connection breaks reads what was sent meanwhile
 * (issue 38: with pub/sub, a private notice sent while an edge reconnected was never delivered).
 */

describe.runIf(usingPostgres())('the realtime bus over Redis', () => {
  const opened: RealtimeBus[] = [];
  const open = (prefix: string, log?: (message: string) => void) => {
    const bus = openRedisBus(REDIS_URL, prefix, log);
    opened.push(bus);
    return bus;
  };
  afterAll(async () => {
    for (const bus of opened) await bus.close();
  });

  it('sends what one turn queued as one message, in the order queued, to every listener', async () => {
    const prefix = `openex-test:${randomUUID()}`;
    const server = open(prefix);
    const edges = [open(prefix), open(prefix)];
    const received: BusMessage[][][] = [[], []];
    await Promise.all(edges.map((edge, i) => edge.onStream((messages) => received[i]!.push(messages))));
    for (let i = 0; i < 100; i++) server.send({ k: 'channel', channel: 'btc_usdt_trade', payload: { n: i } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.send({ k: 'pair', left: 'NOVA', right: 'USDT' });
    const deadline = Date.now() + 5000;
    while (received.some((r) => r.length < 2) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const turns of received) {
      expect(turns.map((t) => t.length)).toEqual([100, 1]);
      expect(turns[0]!.map((m) => (m as { payload: { n: number } }).payload.n)).toEqual([...Array(100).keys()]);
      expect(turns[1]).toEqual([{ k: 'pair', left: 'NOVA', right: 'USDT' }]);
    }
  });

  it('answers a sync request on the serving side only, and drops a stream message that is not JSON', async () => {
    const prefix = `openex-test:${randomUUID()}`;
    const errors: string[] = [];
    const server = open(prefix);
    const edge = open(prefix, (message) => errors.push(message));
    const asked: string[] = [];
    await server.onSyncRequest((nonce) => asked.push(nonce));
    const stream: BusMessage[] = [];
    await edge.onStream((messages) => stream.push(...messages));
    await edge.requestSync('nonce-1');
    const raw = new Redis(REDIS_URL);
    await raw.xadd(`${prefix}:stream`, '*', 'm', '{not json');
    await raw.quit();
    server.send({ k: 'hello', instance: 'i-1' });
    const deadline = Date.now() + 5000;
    while ((asked.length === 0 || stream.length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual(['nonce-1']);
    expect(stream).toEqual([{ k: 'hello', instance: 'i-1' }]);
    expect(errors).toEqual(['realtime bus: a stream message that is not JSON']);
  });

  it('delivers to a follower whose connection broke what was sent while it was away, in order, and says it is back', async () => {
    const prefix = `openex-test:${randomUUID()}`;
    const server = open(prefix);
    const edge = open(prefix);
    const received: BusMessage[] = [];
    let back = 0;
    edge.onResubscribed(() => back++);
    await edge.onStream((messages) => received.push(...messages));
    server.send({ k: 'user', userId: 1, message: { kind: 'notice', n: 1 } as never });
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await until(() => received.length === 1);
    // Cut the edge's receiving connection (whatever carries the stream: named reader, or subscriber
    // when it was pub/sub); notices sent while it reconnects are kept for it.
    const redis = new Redis(REDIS_URL);
    const lines = ((await redis.client('LIST')) as string).split('\n').filter((l) => l.includes(` name=${prefix}:reader `) || l.includes(` name=${prefix}:subscriber `));
    expect(lines).toHaveLength(1);
    await redis.client('KILL', 'ID', lines[0]!.match(/id=(\d+)/)![1]!);
    await redis.quit();
    for (let n = 2; n <= 4; n++) server.send({ k: 'user', userId: 1, message: { kind: 'notice', n } as never });
    await until(() => received.length === 4 && back === 1);
    expect(received.map((m) => (m as unknown as { message: { n: number } }).message.n)).toEqual([1, 2, 3, 4]);
    expect(back).toBe(1);
  });
});

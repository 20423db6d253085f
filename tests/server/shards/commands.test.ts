import { describe, expect, it } from 'vitest';
import { MARKET_NOT_HERE, type CommandBatch, type CommandReply as Reply } from '../../../server/kernel/cluster/bus/messages.js';
import { COMMAND_BOUND_MS, CommandClient, MarketUnavailable } from '../../../server/kernel/cluster/shards/commandClient.js';
import { serveCommands, type CommandQueue } from '../../../server/kernel/cluster/bus/commandQueue.js';

/**
 * The commands between a caller and an entry's holder (kernel/cluster/shards), over a queue in memory: one
 * batch a turn with its deadline, answers matched by id, and every way a command can fail to be
 * answered. The queue itself, over Redis, is tests/server/shards/commandQueue.test.ts.
 */
function fakeQueue({ sendFails = false } = {}) {
  const published: CommandBatch[] = [];
  const sent: Array<Reply & { replyTo: string }> = [];
  let handle: ((batch: CommandBatch) => Promise<void>) | undefined;
  const send = async (batch: CommandBatch) => {
    if (sendFails) throw new Error('connection lost');
    published.push(batch);
    void handle?.(batch);
  };
  const queue: CommandQueue = async (handler) => {
    handle = handler;
    return { stop: async () => void (handle = undefined) };
  };
  const reply = (replyTo: string, answer: Reply) => void sent.push({ replyTo, ...answer });
  return { send, queue, reply, published, sent, deliver: (batch: unknown) => handle!(batch as CommandBatch) };
}

const INBOX = { caller: 'server-a', key: 'replies:server-a' };

const running = () => true;

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the commands to a market process', () => {
  it('sends what one turn called as one batch and answers each call with its own reply', async () => {
    const { send, published } = fakeQueue();
    const client = new CommandClient(send, INBOX, running);
    const before = Date.now();
    const calls = [client.call('BTC_USDT', { n: 1 }), client.call('BTC_USDT', { n: 2 }), client.call('ETH_USDT', { n: 3 })];
    await turn();
    expect(published).toHaveLength(1);
    // The batch carries when its first caller stops waiting: a holder that reads it later drops it.
    expect(published[0]!.deadline).toBeGreaterThanOrEqual(before + COMMAND_BOUND_MS);
    expect(published[0]!.deadline).toBeLessThanOrEqual(Date.now() + COMMAND_BOUND_MS);
    expect(published[0]).toEqual({
      from: 'server-a',
      replyTo: 'replies:server-a',
      deadline: published[0]!.deadline,
      commands: [
        { id: 1, market: 'BTC_USDT', command: { n: 1 } },
        { id: 2, market: 'BTC_USDT', command: { n: 2 } },
        { id: 3, market: 'ETH_USDT', command: { n: 3 } },
      ],
    });
    // Replies come in any order; one to another server with the same id is not ours.
    const reply = (id: number, rest: Partial<Reply>, to = 'server-a'): Reply => ({ to, id, ...rest });
    client.receive(reply(2, { result: 'two' }, 'server-b'));
    client.receive(reply(3, { result: 'three' }));
    client.receive(reply(2, { result: 'two' }));
    client.receive(reply(1, { error: 'the pipeline failed' }));
    // A failure where it ran may have done it: the caller answers "retry with the same key" (not a 500).
    await expect(calls[0]).rejects.toThrow('the pipeline failed');
    await expect(calls[0]).rejects.toMatchObject({ market: expect.any(String), maybeDone: true });
    await expect(calls[0]).rejects.toBeInstanceOf(MarketUnavailable);
    await expect(calls[1]).resolves.toBe('two');
    await expect(calls[2]).resolves.toBe('three');
    expect(client.inFlight).toBe(0);
  });

  it('fails at once, as not done and queueing nothing, when no holder is known to run, or the market does not run there', async () => {
    const { send, published } = fakeQueue();
    const nobody = new CommandClient(send, INBOX, () => false);
    const unheard = nobody.call('BTC_USDT', {});
    await expect(unheard).rejects.toBeInstanceOf(MarketUnavailable);
    await expect(unheard).rejects.toMatchObject({ market: 'BTC_USDT', maybeDone: false });
    await turn();
    expect(published).toEqual([]);

    const client = new CommandClient(fakeQueue().send, INBOX, running);
    const elsewhere = client.call('SOL_USDT', {});
    client.receive({ to: 'server-a', id: 1, error: MARKET_NOT_HERE });
    await expect(elsewhere).rejects.toMatchObject({ market: 'SOL_USDT', maybeDone: false });
  });

  it('fails as possibly done when the answer does not come within the bound, the send is lost, or the server stops', async () => {
    const slow = new CommandClient(fakeQueue().send, INBOX, running, 30);
    const started = Date.now();
    await expect(slow.call('BTC_USDT', {})).rejects.toMatchObject({ maybeDone: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    // A late answer after the timeout is dropped.
    slow.receive({ to: 'server-a', id: 1, result: 'late' });

    const lost = new CommandClient(fakeQueue({ sendFails: true }).send, INBOX, running);
    await expect(lost.call('BTC_USDT', {})).rejects.toMatchObject({ maybeDone: true });

    const stopping = new CommandClient(fakeQueue().send, INBOX, running);
    const pending = stopping.call('BTC_USDT', {});
    stopping.close();
    await expect(pending).rejects.toMatchObject({ maybeDone: true });
  });

  it("carries out each command in the holder and sends each answer to its sender's reply stream; the batch is done once all are answered", async () => {
    const { send, queue, reply, sent, deliver } = fakeQueue();
    let release!: () => void;
    const slow = new Promise<number>((resolve) => (release = () => resolve(90)));
    await serveCommands(
      queue,
      (market, command) => {
        if (market !== 'BTC_USDT') return undefined;
        const c = command as { fail?: boolean; throw?: boolean; slow?: boolean; n: number };
        if (c.throw) throw new Error('bad command');
        if (c.slow) return slow;
        return c.fail ? Promise.reject(new Error('insufficient disk')) : Promise.resolve(c.n * 10);
      },
      reply,
    );
    const client = new CommandClient(send, INBOX, running);
    // Their answers go to `sent` here, never back to the client: each call fails at its bound, later,
    // which nobody waits for (with the worker's files sharing one process, an unhandled failure would
    // land in whichever file runs then).
    for (const [market, command] of [['BTC_USDT', { n: 4 }], ['ETH_USDT', { n: 5 }], ['BTC_USDT', { n: 6, fail: true }], ['BTC_USDT', { n: 7, throw: true }]] as const) {
      client.call(market, command).catch(() => undefined);
    }
    await turn();
    await turn();
    expect(sent).toEqual(
      expect.arrayContaining([
        { replyTo: 'replies:server-a', to: 'server-a', id: 1, result: 40 },
        { replyTo: 'replies:server-a', to: 'server-a', id: 2, error: MARKET_NOT_HERE },
        { replyTo: 'replies:server-a', to: 'server-a', id: 3, error: 'insufficient disk' },
        { replyTo: 'replies:server-a', to: 'server-a', id: 4, error: 'bad command' },
      ]),
    );
    expect(sent).toHaveLength(4);

    // The queue acknowledges a batch only when its handling resolves: after its last answer.
    let handled = false;
    const batch = deliver({ from: 'server-a', replyTo: 'replies:server-a', deadline: Date.now() + 1000, commands: [{ id: 9, market: 'BTC_USDT', command: { slow: true } }] }).then(() => (handled = true));
    await turn();
    expect(handled).toBe(false);
    release();
    await batch;
    expect(sent.at(-1)).toEqual({ replyTo: 'replies:server-a', to: 'server-a', id: 9, result: 90 });
  });
});

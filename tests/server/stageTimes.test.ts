import { describe, expect, it } from 'vitest';
import { Sequencer } from '../../server/kernel/exchange/sequencer.js';
import { StageTimes } from '../../server/kernel/exchange/stageTimes.js';

describe('stage times (STAGE_TIMES=1: where an order’s time goes)', () => {
  it('gives each stage its p50, p99 (the top of their 0.1 ms buckets), max and count, and starts over when read', () => {
    const times = new StageTimes();
    for (let i = 0; i < 100; i++) times.add('record', i / 10 + 0.05); // 0.05 … 9.95 ms
    times.add('durable', 250); // beyond the buckets: the largest value seen
    const taken = times.take();
    expect(taken.record).toEqual({ p50: 5, p99: 9.9, max: 10, n: 100 }); // max 9.95, rounded to 0.1
    expect(taken.durable).toEqual({ p50: 250, p99: 250, max: 250, n: 1 });
    expect(times.take()).toEqual({});
  });

  it('times a pipelined batch through every sequencer stage once it is on', async () => {
    const { enableStageTimes, stageTimes: before } = await import('../../server/kernel/exchange/stageTimes.js');
    expect(before).toBeUndefined();
    enableStageTimes();
    const { stageTimes } = await import('../../server/kernel/exchange/stageTimes.js');
    const sequencer = new Sequencer<number, number>({
      run: async (batch) => batch,
      start: async (batch) => ({
        finish: async (committed) => {
          await new Promise((r) => setTimeout(r, 5)); // the settlement
          committed();
          await new Promise((r) => setTimeout(r, 5)); // the disk
          return batch;
        },
      }),
      rebuild: async () => undefined,
    });
    expect(await Promise.all([sequencer.submit(1), sequencer.submit(2)])).toEqual([1, 2]);
    const taken = stageTimes!.take();
    expect(Object.keys(taken).sort()).toEqual(['durable', 'previousCommit', 'queued', 'record', 'settle']);
    expect(taken.settle!.max).toBeGreaterThanOrEqual(4);
    expect(taken.durable!.max).toBeGreaterThanOrEqual(4);
    expect(taken.queued!.n).toBe(1); // one batch of two

    // An unpipelined market (the futures exchange): the batch's whole run.
    const whole = new Sequencer<number, number>({ run: async (batch) => (await new Promise((r) => setTimeout(r, 5)), batch), rebuild: async () => undefined });
    expect(await whole.submit(3)).toBe(3);
    const run = stageTimes!.take();
    expect(Object.keys(run).sort()).toEqual(['queued', 'run']);
    expect(run.run!.max).toBeGreaterThanOrEqual(4);
  });
});

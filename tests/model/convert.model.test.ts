import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownMachine } from '../../src/app/machines/countdown/countdown.machine';
import { BUY_QUOTE, CONVERTED, HISTORY_FIXTURE, MOVED } from '../../src/features/convert/machines/convert/convert.fixtures';
import { convertModel } from '../../src/features/convert/machines/convert/convert.model';
import { describeModel, runModel } from './harness';

/**
 * The convert page (/convert): its generated paths, and scenarios — a quote asked only for a
 * sendable request, counted down second by second by the real countdown child until it expires,
 * dropped by any edit; an accept converted, moved or refused, each reading the history again.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('convert (generated paths)', () => describeModel(convertModel));

const flow = (run: ReturnType<typeof runModel>) => (run.actor.getSnapshot().value as { flow: string }).flow;
const context = (run: ReturnType<typeof runModel>) => run.actor.getSnapshot().context as Record<string, unknown>;

/** The page started on USDT → BTC with its history read, the countdown real (fake timers drive it). */
async function start() {
  const run = runModel(convertModel, { input: { from: 'USDT', to: 'BTC' }, actors: { countdown: countdownMachine } });
  await run.settle({ type: 'xstate.done.actor.fetchHistory', output: HISTORY_FIXTURE });
  return run;
}

/** Asks a quote for 1,000 USDT and answers it with BUY_QUOTE. */
async function quoted(run: ReturnType<typeof runModel>) {
  run.actor.send({ type: 'convert.setAmount', amount: ' 1000 ' });
  run.actor.send({ type: 'convert.quote', places: 2 });
  await run.settle({ type: 'xstate.done.actor.requestQuote', output: BUY_QUOTE });
}

describe('convert (scenarios)', () => {
  it('refuses a request the rule refuses in place and sends nothing; sends a good one trimmed', async () => {
    const run = await start();
    run.actor.send({ type: 'convert.quote', places: 2 });
    expect(context(run).problem).toBe('convert.errors.amountRequired');
    run.actor.send({ type: 'convert.setAmount', amount: '10.123' });
    expect(context(run).problem).toBeUndefined();
    run.actor.send({ type: 'convert.quote', places: 2 });
    expect(context(run).problem).toBe('convert.errors.amountPlaces');
    run.actor.send({ type: 'convert.setAmount', amount: '00010' });
    run.actor.send({ type: 'convert.quote', places: 2 });
    expect(context(run).problem).toBe('convert.errors.amountInvalid');
    run.actor.send({ type: 'convert.setTo', to: 'USDT' });
    run.actor.send({ type: 'convert.setAmount', amount: '10' });
    run.actor.send({ type: 'convert.quote', places: 2 });
    expect(context(run).problem).toBe('convert.errors.pairRequired');
    expect(run.deferred.inputsOf('requestQuote')).toEqual([]);
    run.actor.send({ type: 'convert.setTo', to: 'BTC' });
    await quoted(run);
    expect(run.deferred.inputsOf('requestQuote')).toEqual([{ from: 'USDT', to: 'BTC', amount: '1000' }]);
    expect(flow(run)).toBe('quoted');
  });

  it('counts the quote down a second at a time and expires it at zero; Refresh asks again for the same request', async () => {
    const run = await start();
    await quoted(run);
    expect(context(run).remaining).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(context(run).remaining).toBe(9);
    await vi.advanceTimersByTimeAsync(8000);
    expect(context(run).remaining).toBe(1);
    expect(flow(run)).toBe('quoted');
    await vi.advanceTimersByTimeAsync(1000);
    expect(flow(run)).toBe('expired');
    expect(context(run).quote).toEqual(BUY_QUOTE);
    run.actor.send({ type: 'convert.accept' });
    expect(run.deferred.inputsOf('acceptQuote')).toEqual([]);
    run.actor.send({ type: 'convert.refresh' });
    expect(flow(run)).toBe('quoting');
    expect(run.deferred.inputsOf('requestQuote')).toEqual([
      { from: 'USDT', to: 'BTC', amount: '1000' },
      { from: 'USDT', to: 'BTC', amount: '1000' },
    ]);
  });

  it('drops the quote on any edit, and a swap pays what was to be received', async () => {
    const run = await start();
    await quoted(run);
    run.actor.send({ type: 'convert.swap' });
    expect(flow(run)).toBe('editing');
    expect(context(run)).toMatchObject({ from: 'BTC', to: 'USDT', amount: ' 1000 ', quote: undefined });
    // The countdown went with the quote: nothing expires later.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(flow(run)).toBe('editing');
    run.actor.send({ type: 'convert.setFrom', from: 'ETH', to: 'USDT' });
    expect(context(run)).toMatchObject({ from: 'ETH', to: 'USDT' });
  });

  it('converts: the result, the history read again, and New goes back to an empty amount', async () => {
    const run = await start();
    await quoted(run);
    run.actor.send({ type: 'convert.setAmount', amount: '1000' });
    run.actor.send({ type: 'convert.quote', places: 2 });
    await run.settle({ type: 'xstate.done.actor.requestQuote', output: BUY_QUOTE });
    run.actor.send({ type: 'convert.accept' });
    expect(run.deferred.inputsOf('acceptQuote')).toEqual([{ quote_id: BUY_QUOTE.quote_id }]);
    // The fields are held while the accept is on its way.
    run.actor.send({ type: 'convert.setAmount', amount: '5' });
    expect(flow(run)).toBe('accepting');
    await run.settle({ type: 'xstate.done.actor.acceptQuote', output: CONVERTED });
    expect(flow(run)).toBe('converted');
    expect(context(run).result).toEqual(CONVERTED);
    expect(run.deferred.inputsOf('fetchHistory')).toHaveLength(2);
    run.actor.send({ type: 'convert.new' });
    expect(flow(run)).toBe('editing');
    expect(context(run)).toMatchObject({ amount: '', result: undefined, from: 'USDT', to: 'BTC' });
  });

  it('a moved book converts nothing and offers a new quote; a refusal says the server’s words and does too', async () => {
    const run = await start();
    await quoted(run);
    run.actor.send({ type: 'convert.accept' });
    await run.settle({ type: 'xstate.done.actor.acceptQuote', output: MOVED });
    expect(flow(run)).toBe('moved');
    await run.settle({ type: 'xstate.done.actor.fetchHistory', output: HISTORY_FIXTURE });
    run.actor.send({ type: 'convert.refresh' });
    await run.settle({ type: 'xstate.done.actor.requestQuote', output: BUY_QUOTE });
    run.actor.send({ type: 'convert.accept' });
    await run.settle({ type: 'xstate.error.actor.acceptQuote', error: { kind: 'server', serverMessage: 'Not enough USDT available' } });
    expect(flow(run)).toBe('refused');
    expect(context(run).refusal).toEqual({ text: 'Not enough USDT available' });
    expect(run.deferred.inputsOf('fetchHistory')).toHaveLength(3);
    run.actor.send({ type: 'convert.refresh' });
    expect(flow(run)).toBe('quoting');
    expect(context(run).refusal).toBeUndefined();
  });

  it('a quote refused by the server is said, and an edit clears it', async () => {
    const run = await start();
    run.actor.send({ type: 'convert.setAmount', amount: '5' });
    run.actor.send({ type: 'convert.quote', places: 2 });
    await run.settle({ type: 'xstate.error.actor.requestQuote', error: { kind: 'server', serverMessage: 'The amount is below the minimum of 10 USDT' } });
    expect(flow(run)).toBe('refused');
    expect(context(run).refusal).toEqual({ text: 'The amount is below the minimum of 10 USDT' });
    run.actor.send({ type: 'convert.setAmount', amount: '50' });
    expect(flow(run)).toBe('editing');
    expect(context(run).refusal).toBeUndefined();
  });

  it('a failed history read is retried on demand', async () => {
    const run = runModel(convertModel, { input: { from: 'USDT', to: 'BTC' } });
    await run.settle({ type: 'xstate.error.actor.fetchHistory', error: { kind: 'network' } });
    expect(run.actor.getSnapshot().matches({ history: 'failed' })).toBe(true);
    run.actor.send({ type: 'convert.historyRetry' });
    await run.settle({ type: 'xstate.done.actor.fetchHistory', output: [] });
    expect(run.actor.getSnapshot().matches({ history: 'ready' })).toBe(true);
    expect(context(run).history).toEqual([]);
  });
});

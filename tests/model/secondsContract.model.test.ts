import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { secondsContractMachine } from '../../src/features/seconds/machines/secondsContract/secondsContract.machine';
import { OPEN, SETTLED, TICKET } from '../../src/features/seconds/machines/secondsFixtures';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('seconds ticket (scenarios)', () => {
  it('a contract bought before the page (resumed) is a counting-down card from the start, with the page\'s clock offset, and takes its result', () => {
    const deferred = standInsFor(secondsContractMachine);
    const actor = createActor(secondsContractMachine.provide({ actors: deferred.actors }), { input: { symbol: 'btc_usdt', resumed: { contract: OPEN, offset: 250 } } }).start();
    expect(actor.getSnapshot().matches({ live: 'countingDown' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ contract: OPEN, offset: 250, direction: 'up', period: 30, quantity: '100' });
    expect(deferred.inputsOf('loadTicket')).toHaveLength(0);
    actor.send({ type: 'ticket.pushed', contract: { ...SETTLED, id: OPEN.id } });
    expect(actor.getSnapshot().value).toBe('settled');
  });

  it('while the ticket is read again after a settlement, a period and a stake chosen are kept, and another settlement reads it again', async () => {
    const deferred = standInsFor(secondsContractMachine);
    const actor = createActor(secondsContractMachine.provide({ actors: deferred.actors }), { input: { symbol: 'btc_usdt' } }).start();
    deferred.settle({ type: 'xstate.done.actor.loadTicket', output: TICKET });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('choosing');
    // A contract settled elsewhere: the balance and today's result are read again, the ticket stays on screen.
    actor.send({ type: 'ticket.pushed', contract: SETTLED });
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'ticket.period', period: 60 });
    actor.send({ type: 'ticket.quantity', quantity: '250' });
    actor.send({ type: 'ticket.pushed', contract: { ...SETTLED, id: SETTLED.id + 1 } });
    expect(deferred.inputsOf('loadTicket')).toHaveLength(3);
    deferred.settle({ type: 'xstate.done.actor.loadTicket', output: TICKET });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ period: 60, quantity: '250' });
  });

  it('a refused stake is written under it and stays until the stake changes (issue 50 S3); a server refusal too', async () => {
    const deferred = standInsFor(secondsContractMachine);
    const actor = createActor(secondsContractMachine.provide({ actors: deferred.actors }), { input: { symbol: 'btc_usdt' } }).start();
    deferred.settle({ type: 'xstate.done.actor.loadTicket', output: { ...TICKET, account: { ...TICKET.account!, acknowledged: true } } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ticket.period', period: 60 });
    actor.send({ type: 'ticket.quantity', quantity: '99999999' });
    actor.send({ type: 'ticket.buy', direction: 'up' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'seconds.error.max' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'seconds.error.max' });
    actor.send({ type: 'ticket.quantity', quantity: '20' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    actor.send({ type: 'ticket.buy', direction: 'up' });
    actor.send({ type: 'ticket.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    deferred.settle({ type: 'xstate.error.actor.buyContract', error: { kind: 'server', serverMessage: 'The limit for this pair is reached' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'The limit for this pair is reached' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup } from 'xstate';
import { MAX_CARDS, secondsDeskMachine } from '../../src/features/seconds/machines/secondsDesk/secondsDesk.machine';
import { secondsDeskModel } from '../../src/features/seconds/machines/secondsDesk/secondsDesk.model';
import { describeModel } from './harness';

type TicketEvent = { type: 'buy'; period: number; quantity: string; id: number } | { type: 'settle' };
interface FakeContract {
  id: number;
  direction: 'up' | 'down';
  buy_price: string;
}

/**
 * A ticket stand-in: `buy` takes the trader's period and stake and moves it to `live` (where the
 * real contract goes once the server accepted it), so the fresh form's carried choice can be read.
 */
const fakeTicket = setup({
  types: {} as { context: { period?: number; quantity: string; symbol: string; contract?: FakeContract }; input: { symbol: string; period?: number; quantity?: string }; events: TicketEvent },
}).createMachine({
  context: ({ input }) => ({ symbol: input.symbol, period: input.period, quantity: input.quantity ?? '' }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        buy: { target: 'live', actions: assign(({ event }) => ({ period: event.period, quantity: event.quantity, contract: { id: event.id, direction: 'up' as const, buy_price: `9625${event.id}.5` } })) },
      },
    },
    live: { on: { settle: 'settled' } },
    settled: { type: 'final' },
  },
});

describe('seconds desk machine: the form, and a fresh form for each bought ticket', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  describeModel(secondsDeskModel);

  const start = () => {
    const machine = secondsDeskMachine.provide({ actors: { contract: fakeTicket as never } });
    const desk = createActor(machine, { input: { symbol: 'btc_usdt' } }).start();
    const tickets = () => desk.getSnapshot().context.tickets;
    let bought = 0;
    const buyForm = (period: number, quantity: string) => tickets()[0]!.send({ type: 'buy', period, quantity, id: ++bought } as never);
    return { desk, tickets, buyForm };
  };

  it('opens one ticket for the pair when the page starts', () => {
    const { desk, tickets } = start();
    expect(tickets()).toHaveLength(1);
    expect(tickets()[0]!.getSnapshot().context).toMatchObject({ symbol: 'btc_usdt', quantity: '' });
    desk.stop();
  });

  it('turns a bought form into the newest card and opens a form with its period and stake', () => {
    const { desk, tickets, buyForm } = start();
    const first = tickets()[0]!;
    buyForm(30, '100');
    expect(tickets()).toHaveLength(2);
    expect(tickets()[1]).toBe(first);
    expect(tickets()[0]!.getSnapshot().context).toMatchObject({ symbol: 'btc_usdt', period: 30, quantity: '100' });
    buyForm(60, '50');
    expect(tickets().map((t) => t.id)).toEqual(['ticket-2', 'ticket-1', 'ticket-0']);
    desk.stop();
  });

  it(`keeps ${MAX_CARDS} cards and stops the older ones`, () => {
    const { desk, tickets, buyForm } = start();
    const bought = [];
    for (let i = 0; i < MAX_CARDS + 2; i++) {
      bought.push(tickets()[0]!);
      buyForm(30, '10');
    }
    expect(tickets()).toHaveLength(1 + MAX_CARDS);
    // The two oldest are gone from the list and stopped (their clocks and polls with them).
    for (const old of bought.slice(0, 2)) {
      expect(tickets()).not.toContain(old);
      expect(old.getSnapshot().status).toBe('stopped');
    }
    expect(bought.at(-1)!.getSnapshot().status).toBe('active');
    desk.stop();
  });

  it('ignores a report about a ticket that is no longer the form', () => {
    const machine = secondsDeskMachine.provide({
      actors: { contract: fakeTicket as never, ticketWatch: fromCallback(() => () => undefined) },
    });
    const desk = createActor(machine, { input: { symbol: 'btc_usdt' } }).start();
    desk.send({ type: 'desk.bought', id: 'ticket-0', period: 30, quantity: '5' });
    desk.send({ type: 'desk.bought', id: 'ticket-0', period: 30, quantity: '5' });
    expect(desk.getSnapshot().context.tickets.map((t) => t.id)).toEqual(['ticket-1', 'ticket-0']);
    desk.stop();
  });

  it("keeps the live contracts' buy prices as the chart's levels until they settle", () => {
    const { desk, tickets, buyForm } = start();
    const levels = () => desk.getSnapshot().context.levels;
    expect(levels()).toEqual([]);
    buyForm(30, '100');
    buyForm(60, '50');
    expect(levels()).toEqual([
      { ticketId: 'ticket-1', id: 2, direction: 'up', price: '96252.5' },
      { ticketId: 'ticket-0', id: 1, direction: 'up', price: '96251.5' },
    ]);
    tickets()[2]!.send({ type: 'settle' } as never);
    expect(levels().map((l) => l.id)).toEqual([2]);
    desk.stop();
  });

  it('stops every ticket when the page leaves', () => {
    const { desk, tickets, buyForm } = start();
    buyForm(30, '10');
    const all = tickets();
    desk.stop();
    for (const ticket of all) expect(ticket.getSnapshot().status).toBe('stopped');
  });

  it('opens the contracts bought before the page as cards with their levels, after the form and before the cards bought here', async () => {
    const open = [
      { id: 7, symbol: 'BTC_USDT', direction: 'down' as const, buy_price: '96000', status: 1, accepted_at: 1 },
      { id: 8, symbol: 'BTC_USDT', direction: 'up' as const, buy_price: '96100', status: 1, accepted_at: 2 },
    ];
    const machine = secondsDeskMachine.provide({ actors: { contract: fakeTicket as never, loadOpen: fromPromise(async () => ({ contracts: open, offset: 120 })) as never } });
    const desk = createActor(machine, { input: { symbol: 'btc_usdt' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    const { tickets, levels } = desk.getSnapshot().context;
    // The form first, then the newest resumed contract.
    expect(tickets.map((t) => t.id)).toEqual(['ticket-0', 'resumed-8', 'resumed-7']);
    expect(tickets[1]!.getSnapshot().context).toMatchObject({ symbol: 'btc_usdt' });
    expect(levels).toEqual([
      { ticketId: 'resumed-8', id: 8, direction: 'up', price: '96100' },
      { ticketId: 'resumed-7', id: 7, direction: 'down', price: '96000' },
    ]);
    desk.stop();
  });
});

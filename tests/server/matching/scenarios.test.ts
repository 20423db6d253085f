import { describe, expect, it } from 'vitest';
import type { CancelReason, EngineEvent, EventSink, RejectReason, Side } from '../../../server/kernel/exchange/matching/types.js';
import { ENGINES } from './engines.js';
import { SCENARIOS } from './scenarios.js';

/** A sink written here, not the engine's EventList: `apply` must make the same calls `execute` records. */
class Recorder implements EventSink {
  readonly events: EngineEvent[] = [];
  accepted(orderId: number, accountId: number, side: Side, price: number, quantity: number): void {
    this.events.push({ type: 'accepted', orderId, accountId, side, price, quantity });
  }
  trade(makerOrderId: number, makerAccountId: number, takerOrderId: number, takerAccountId: number, takerSide: Side, price: number, quantity: number, makerDone: boolean): void {
    this.events.push({ type: 'trade', makerOrderId, makerAccountId, takerOrderId, takerAccountId, takerSide, price, quantity, makerDone });
  }
  cancelled(orderId: number, accountId: number, remaining: number, reason: CancelReason): void {
    this.events.push({ type: 'cancelled', orderId, accountId, remaining, reason });
  }
  rejected(orderId: number, accountId: number, reason: RejectReason): void {
    this.events.push({ type: 'rejected', orderId, accountId, reason });
  }
}

describe.each(ENGINES)('$name engine: scenario tables', ({ create }) => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_, scenario) => {
    const engine = create();
    const setup: EngineEvent[] = [];
    for (const command of scenario.given) engine.execute(command, setup);
    expect(setup.filter((e) => e.type === 'rejected')).toEqual([]);
    const before = engine.stateHash();
    const events: EngineEvent[] = [];
    engine.execute(scenario.when, events);
    expect(events).toEqual(scenario.events);
    expect(engine.orders()).toEqual(scenario.book);
    if (events.every((e) => e.type === 'rejected')) expect(engine.stateHash()).toBe(before);
  });

  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s, through a sink (apply)', (_, scenario) => {
    const engine = create();
    const setup = new Recorder();
    for (const command of scenario.given) engine.apply(command, setup);
    expect(setup.events.filter((e) => e.type === 'rejected')).toEqual([]);
    const recorder = new Recorder();
    engine.apply(scenario.when, recorder);
    expect(recorder.events).toEqual(scenario.events);
    expect(engine.orders()).toEqual(scenario.book);
  });

  it('aggregates depth by level, best first, up to the asked number of levels', () => {
    const engine = create();
    for (const command of SCENARIOS[0]!.given) engine.execute(command, []);
    expect(engine.depth(1)).toEqual({ bids: [{ price: 99, quantity: 8, orders: 2 }], asks: [{ price: 101, quantity: 10, orders: 2 }] });
    expect(engine.depth(5).bids).toHaveLength(2);
    expect(engine.bestBid()).toBe(99);
    expect(engine.bestAsk()).toBe(101);
  });
});

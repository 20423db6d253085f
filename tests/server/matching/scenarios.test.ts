import { describe, expect, it } from 'vitest';
import type { EngineEvent, EventSink } from '../../../server/kernel/exchange/matching/types.js';
import { ENGINES } from './engines.js';
import { SCENARIOS } from './scenarios.js';

/**
 * A sink written here, not the engine's EventList: `apply` must make the same calls `execute`
 * records. Each call is kept as [kind, ...arguments], and each expected event is turned into the
 * call it stands for by the sink's argument order (EventSink in types.ts).
 */
const ARGUMENTS = {
  accepted: ['orderId', 'accountId', 'side', 'price', 'quantity'],
  trade: ['makerOrderId', 'makerAccountId', 'takerOrderId', 'takerAccountId', 'takerSide', 'price', 'quantity', 'makerDone'],
  cancelled: ['orderId', 'accountId', 'remaining', 'reason'],
  rejected: ['orderId', 'accountId', 'reason'],
} as const;
function recorder(): { sink: EventSink; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const sink = Object.fromEntries(Object.keys(ARGUMENTS).map((kind) => [kind, (...args: unknown[]) => void calls.push([kind, ...args])])) as unknown as EventSink;
  return { sink, calls };
}
const asCall = (event: EngineEvent): unknown[] => [event.type, ...ARGUMENTS[event.type].map((name) => (event as unknown as Record<string, unknown>)[name])];

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
    const setup = recorder();
    for (const command of scenario.given) engine.apply(command, setup.sink);
    expect(setup.calls.filter(([kind]) => kind === 'rejected')).toEqual([]);
    const when = recorder();
    engine.apply(scenario.when, when.sink);
    expect(when.calls).toEqual(scenario.events.map(asCall));
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

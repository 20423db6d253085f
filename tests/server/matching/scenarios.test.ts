import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../server/kernel/exchange/matching/types.js';
import { ENGINES } from './engines.js';
import { SCENARIOS } from './scenarios.js';

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

  it('aggregates depth by level, best first, up to the asked number of levels', () => {
    const engine = create();
    for (const command of SCENARIOS[0]!.given) engine.execute(command, []);
    expect(engine.depth(1)).toEqual({ bids: [{ price: 99, quantity: 8, orders: 2 }], asks: [{ price: 101, quantity: 10, orders: 2 }] });
    expect(engine.depth(5).bids).toHaveLength(2);
    expect(engine.bestBid()).toBe(99);
    expect(engine.bestAsk()).toBe(101);
  });
});

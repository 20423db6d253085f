import { describe, expect, it } from 'vitest';
import { PushPace, RELAXED, SATURATED, STRETCH, WINDOW_MS, type LoadSource } from '../../server/kernel/platform/realtime/pushPace.js';

/** A load source whose clock and utilization the test sets. */
function fakeLoad() {
  const state = { now: 0, busy: 0, calls: 0 };
  const source: LoadSource = {
    utilizationSinceLastCall: () => ((state.calls += 1), state.busy),
    now: () => state.now,
  };
  return { state, source };
}

describe('push pace (the push interval under load)', () => {
  it('stretches the interval while the loop is saturated, up to STRETCH times the base, and relaxes back', () => {
    const { state, source } = fakeLoad();
    const pace = new PushPace(10, source);
    const window = (busy: number) => {
      state.now += WINDOW_MS;
      state.busy = busy;
      return pace.intervalMs();
    };
    expect(pace.intervalMs()).toBe(10);
    expect(window(SATURATED)).toBe(20);
    expect(window(1)).toBe(40);
    expect(window(1)).toBe(10 * STRETCH);
    expect(window(1)).toBe(10 * STRETCH); // capped
    // Between the thresholds it holds, so it does not flap.
    expect(window((SATURATED + RELAXED) / 2)).toBe(40);
    expect(window(RELAXED - 0.01)).toBe(20);
    expect(window(0.1)).toBe(10);
    expect(window(0)).toBe(10); // never below the base
  });

  it('looks at the load once per window, not on every flush', () => {
    const { state, source } = fakeLoad();
    const pace = new PushPace(10, source);
    state.busy = 1;
    for (let i = 0; i < 100; i++) {
      state.now += 1;
      pace.intervalMs();
    }
    expect(state.calls).toBe(Math.floor(100 / WINDOW_MS)); // 100 ms: no window has passed yet
    state.now += WINDOW_MS;
    expect(pace.intervalMs()).toBe(20);
    expect(state.calls).toBe(1);
  });

  it('keeps a zero base at zero (a push at the end of every turn)', () => {
    const { state, source } = fakeLoad();
    const pace = new PushPace(0, source);
    state.busy = 1;
    state.now += WINDOW_MS;
    expect(pace.intervalMs()).toBe(0);
  });

  it('reads the real event loop by default: a window spent busy doubles the interval', () => {
    const pace = new PushPace(10);
    expect(pace.intervalMs()).toBe(10);
    // Busy for longer than a window, without yielding: the loop's utilization over it is ~1.
    const end = performance.now() + WINDOW_MS * 1.5;
    while (performance.now() < end);
    expect(pace.intervalMs()).toBe(20);
  });
});

import { performance } from 'node:perf_hooks';

/**
 * The push interval, stretched while the server's event loop is saturated.
 *
 * A flush costs one kernel write per subscribed socket whatever it carries, so with many
 * subscribers the fan-out's cost is set by how often it flushes, not by how much happens: with 500
 * subscribers, ~45 flushes a second were ~20,000 writes and about half of the server's busy time at
 * any order rate (bench:pipeline's frames/s column). While the loop has time to spare that is the
 * price of fresh pushes, and the base interval (PUSH_INTERVAL_MS) applies. When the loop is
 * saturated, every further flush takes time from the orders themselves: the interval doubles (up to
 * STRETCH times the base) so each frame carries more, and halves back once the loop has room
 * again. Nothing is dropped: every message still reaches every subscriber, in order, in fewer,
 * larger frames — what exchanges call conflating a stream under load.
 *
 * The load is the event loop's utilization (busy share of the main thread) over windows of
 * WINDOW_MS; between the two thresholds the interval holds, so it does not flap.
 */
export const STRETCH = 4;
export const WINDOW_MS = 250;
export const SATURATED = 0.9;
export const RELAXED = 0.7;

export interface LoadSource {
  /** The event loop's busy share since the previous call (0–1). */
  utilizationSinceLastCall(): number;
  now(): number;
}

/** The main thread's own event-loop utilization. */
export function eventLoopLoad(): LoadSource {
  let previous = performance.eventLoopUtilization();
  return {
    utilizationSinceLastCall() {
      const current = performance.eventLoopUtilization();
      const window = performance.eventLoopUtilization(current, previous);
      previous = current;
      return window.utilization;
    },
    now: () => performance.now(),
  };
}

export class PushPace {
  private current: number;
  private windowStart: number;

  constructor(
    readonly baseMs: number,
    private readonly load: LoadSource = eventLoopLoad(),
  ) {
    this.current = baseMs;
    this.windowStart = load.now();
  }

  /** The interval to keep between two flushes now; looks at the load once per window. */
  intervalMs(): number {
    const now = this.load.now();
    if (now - this.windowStart < WINDOW_MS) return this.current;
    this.windowStart = now;
    const busy = this.load.utilizationSinceLastCall();
    if (busy >= SATURATED) this.current = Math.min(this.baseMs * STRETCH, this.current * 2);
    else if (busy < RELAXED) this.current = Math.max(this.baseMs, this.current / 2);
    return this.current;
  }
}

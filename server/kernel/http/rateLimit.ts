/**
 * A fixed-window counter per key (here: client IP and call), in memory. It sits in front of the
 * per-account and per-address limits, so one address cannot spray logins or code requests across
 * many accounts. One process, so in memory is enough; a scaled-out deployment would move it to Redis.
 */
export interface RateLimiter {
  /** True if this request is within the limit (and counts it). */
  allow(key: string, now?: number): boolean;
}

export function fixedWindowLimiter(max: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    allow(key, now = Date.now()) {
      if (windows.size > 50_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      }
      const w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= max;
    },
  };
}

/** Per client IP per minute; generous enough for a household behind one address. */
export const DEFAULT_ACCOUNT_RATE_LIMITS = { login: 30, sendCode: 20 } as const;

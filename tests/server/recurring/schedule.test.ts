import { describe, expect, it } from 'vitest';
import { nextDueAfter, runOrderKey } from '../../../server/products/recurring/runner.js';

describe('a recurring plan’s schedule', () => {
  it('after being behind several periods, is due next at the first scheduled time after now (one buy, not one per period missed)', () => {
    const due = Date.parse('2026-05-01T08:00:00Z');
    const now = Date.parse('2026-05-04T12:00:00Z');
    expect(nextDueAfter('daily', due, due, now)).toBe(Date.parse('2026-05-05T08:00:00Z'));
    expect(nextDueAfter('hourly', due, due, now)).toBe(Date.parse('2026-05-04T13:00:00Z'));
    expect(nextDueAfter('monthly', due, due, now)).toBe(Date.parse('2026-06-01T08:00:00Z'));
  });

  it('keys each run’s order by its plan and due time, in the Idempotency-Key’s form', () => {
    expect(runOrderKey(12, 1_780_000_000_000)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(runOrderKey(12, 1)).not.toBe(runOrderKey(12, 2));
  });
});

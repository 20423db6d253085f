import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './localDateTime';

describe('datetime-local values and epoch ms', () => {
  it('round-trips any time to the second, in the local time zone', () => {
    for (const ms of [0, 1_700_000_000_000, 1_763_900_000_000, Date.UTC(2026, 2, 29, 1, 30), Date.UTC(2026, 9, 25, 0, 59, 59)]) {
      const text = toLocalInput(ms);
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
      expect(fromLocalInput(text)).toBe(ms);
    }
  });

  it('reads the local wall clock (what the picker shows)', () => {
    const ms = fromLocalInput('2026-11-23T14:30')!;
    const d = new Date(ms);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([2026, 10, 23, 14, 30, 0]);
    expect(fromLocalInput('2026-11-23T14:30:15')).toBe(ms + 15_000);
  });

  it('refuses malformed and impossible times', () => {
    for (const bad of ['', '2026-11-23', '2026-11-23 14:30', '2026-02-30T10:00', '2026-13-01T10:00', '2026-11-23T24:00', '2026-11-23T14:60', '1700000000000']) {
      expect(fromLocalInput(bad), bad).toBeUndefined();
    }
  });
});

describe('in a time zone with daylight saving time', () => {
  it('refuses the skipped hour and keeps the fold to its first occurrence', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      expect(fromLocalInput('2026-03-29T02:30')).toBeUndefined();
      expect(fromLocalInput('2026-03-29T03:30')).toBe(Date.UTC(2026, 2, 29, 1, 30));
      expect(fromLocalInput('2026-10-25T02:30')).toBe(Date.UTC(2026, 9, 25, 0, 30));
      expect(toLocalInput(Date.UTC(2026, 10, 23, 13, 30))).toBe('2026-11-23T14:30');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

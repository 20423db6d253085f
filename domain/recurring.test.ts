import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './recurring';

const at = (iso: string) => Date.parse(iso);

describe('nextRunAfter', () => {
  it('adds an hour, a day or a week', () => {
    const due = at('2026-03-28T10:00:00Z');
    expect(nextRunAfter('hourly', due)).toBe(at('2026-03-28T11:00:00Z'));
    expect(nextRunAfter('daily', due)).toBe(at('2026-03-29T10:00:00Z'));
    expect(nextRunAfter('weekly', due)).toBe(at('2026-04-04T10:00:00Z'));
  });

  it('buys monthly on the start’s day, the month’s last day when it is shorter, and back on the 31st after', () => {
    const anchor = at('2026-01-31T09:30:00Z');
    const feb = nextRunAfter('monthly', anchor, anchor);
    expect(feb).toBe(at('2026-02-28T09:30:00Z'));
    const mar = nextRunAfter('monthly', feb, anchor);
    expect(mar).toBe(at('2026-03-31T09:30:00Z'));
    expect(nextRunAfter('monthly', mar, anchor)).toBe(at('2026-04-30T09:30:00Z'));
    // Across a year's end, and a leap February.
    const dec = at('2027-12-31T00:00:00Z');
    expect(nextRunAfter('monthly', dec, at('2026-01-31T00:00:00Z'))).toBe(at('2028-01-31T00:00:00Z'));
    expect(nextRunAfter('monthly', at('2028-01-31T00:00:00Z'), at('2026-01-31T00:00:00Z'))).toBe(at('2028-02-29T00:00:00Z'));
  });
});

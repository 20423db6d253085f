import { describe, expect, it } from 'vitest';
import { OPEN } from '../secondsFixtures';
import { remainingMs } from './secondsContract.machine';

describe('remainingMs: the countdown of a contract on the server clock', () => {
  const contract = { ...OPEN, accepted_at: 1_000_400, expires_at: 1_030_000 };

  it('counts down on the server clock as seen from here', () => {
    expect(remainingMs({ contract, now: 1_010_000, offset: 0 })).toBe(20_000);
    expect(remainingMs({ contract, now: 1_009_000, offset: 1_000 })).toBe(20_000);
    expect(remainingMs({ contract, now: 1_040_000, offset: 0 })).toBe(0);
  });

  it('never shows more than the server gave it on acceptance: a 30 s contract does not read "31 s" when the offset is estimated short', () => {
    // The local clock thinks the server is 800 ms behind (the answer's way back counted as the server's lag).
    expect(remainingMs({ contract, now: 1_000_500, offset: -800 })).toBe(29_600);
    expect(Math.ceil(remainingMs({ contract, now: 1_000_500, offset: -800 }) / 1000)).toBe(30);
  });

  it('is 0 without a contract', () => {
    expect(remainingMs({ contract: undefined, now: 1, offset: 0 })).toBe(0);
  });
});

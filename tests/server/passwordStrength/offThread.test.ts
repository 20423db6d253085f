import { afterAll, describe, expect, it } from 'vitest';
import { passwordScore, PASSWORD_MIN_SCORE } from '../../../domain/passwordStrength.js';
import { passwordStrengthThread } from '../../../server/kernel/platform/auth/passwordStrength/offThread.js';

const thread = passwordStrengthThread();
afterAll(() => thread.stop());

const samples: Array<[string, string[]]> = [
  ['password1', []],
  ['Tr0ub4dor&3', []],
  ['correct horse battery staple 77', []],
  ['alice2026alice', ['alice@example.com']],
  ['Qx7!vLm2#pR9', ['bob@example.com']],
  ['', []],
];

describe("the password estimate on a thread of its own (server/kernel/platform/auth/passwordStrength)", () => {
  it('answers as the browser\'s estimate does, checks sent together each answered', async () => {
    const answers = await Promise.all(samples.map(([password, related]) => thread.strongEnough(password, related)));
    expect(answers).toEqual(samples.map(([password, related]) => passwordScore(password, related) >= PASSWORD_MIN_SCORE));
    expect(answers).toContain(true);
    expect(answers).toContain(false);
  }, 60_000);

  it('keeps the event loop free while it checks', async () => {
    await thread.strongEnough('warm-up 2026 x', []);
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 1);
    // Checks that take the estimate tens of milliseconds each (l33t and repeats).
    await Promise.all(Array.from({ length: 8 }, (_, i) => thread.strongEnough(`Tr0ub4dor&3-P@ssw0rd-${i}`, ['someone@example.com'])));
    clearInterval(ticking);
    expect(ticks).toBeGreaterThan(0);
  }, 60_000);

  it('a check waiting when the thread is stopped is refused, and the next check starts a new thread', async () => {
    const waiting = thread.strongEnough('Tr0ub4dor&3-P@ssw0rd-stop', []);
    await thread.stop();
    await expect(waiting).rejects.toThrow(/stopped/);
    await expect(thread.strongEnough('password1', [])).resolves.toBe(false);
  }, 60_000);
});

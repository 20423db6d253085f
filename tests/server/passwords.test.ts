import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, verifyPasswordOrDecoy } from '../../server/kernel/platform/auth/passwords.js';

describe('password checks that do not tell whether an account exists', () => {
  it('checks a real hash, and refuses a missing account after checking the decoy', async () => {
    const stored = await hashPassword('Right-pass-1');
    expect(await verifyPasswordOrDecoy('Right-pass-1', stored)).toBe(true);
    expect(await verifyPasswordOrDecoy('Wrong-pass-1', stored)).toBe(false);
    expect(await verifyPasswordOrDecoy('Right-pass-1', undefined)).toBe(false);
    expect(await verifyPasswordOrDecoy('Right-pass-1', null)).toBe(false);
  });

  it('makes the decoy once: every refusal for an unknown account does one check, never a hash too', async () => {
    const first = decoyHash();
    expect(decoyHash()).toBe(first);
    expect(await first).toMatch(/^scrypt\$/);
  });
});

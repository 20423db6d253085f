import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SUITE_HASH_COST } from './cheapPasswordHashes.setup.js';
import { decoyHash, hashPassword, PASSWORD_HASH_PARAMS, setPasswordHashCostForTests, verifyPassword, verifyPasswordOrDecoy } from '../../server/kernel/platform/auth/passwords.js';

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

  it('hashes at full cost in a server (scrypt N=2^15, r=8, p=1); only this suite lowers it, and a hash is checked at its own cost', async () => {
    const cheap = await hashPassword('Right-pass-1');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/); // the suite's cost (cheapPasswordHashes.setup.ts)
    setPasswordHashCostForTests(PASSWORD_HASH_PARAMS);
    try {
      const full = await hashPassword('Right-pass-1');
      expect(full).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword('Right-pass-1', full)).toBe(true);
      // A hash made at another cost still checks right: the cost is read from the hash.
      expect(await verifyPassword('Right-pass-1', cheap)).toBe(true);
      expect(await verifyPassword('Wrong-pass-1', cheap)).toBe(false);
    } finally {
      setPasswordHashCostForTests(SUITE_HASH_COST);
    }
    // Nothing a server runs lowers the cost: the setter is named only where it is defined.
    const callers = execFileSync('git', ['grep', '-l', 'setPasswordHashCostForTests', '--', 'server', 'domain', 'src', 'scripts'], { encoding: 'utf8' }).trim().split('\n');
    expect(callers).toEqual(['server/kernel/platform/auth/passwords.ts']);
  });
});

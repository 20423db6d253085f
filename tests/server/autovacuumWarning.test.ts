import { describe, expect, it } from 'vitest';
import { autovacuumWarning } from '../../server/kernel/platform/db/open.js';

/** A PostgreSQL at DATABASE_URL without autovacuum is told to its operator at start (open.ts). */
describe('autovacuum warning', () => {
  it('names the setting and what to do when autovacuum is off', () => {
    expect(autovacuumWarning('off')).toMatch(/autovacuum off.*VACUUM ANALYZE/s);
  });

  it('says nothing when it is on, or the setting could not be read', () => {
    expect(autovacuumWarning('on')).toBeUndefined();
    expect(autovacuumWarning(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { WithdrawQuota } from '../../../../../domain/wallet';
import { withdrawalsHeldUntil } from './withdrawalHold';

const quota = (over: Partial<WithdrawQuota> = {}): WithdrawQuota => ({ currency: 'USDT', limit_usdt: '10000', used_usdt: '0', remaining: '10000', available: '500', verified: true, two_factor: true, ...over });

describe('the withdrawal hold after a security change', () => {
  it('is the end the server sent with the quota', () => {
    const until = Date.UTC(2026, 11, 1, 4, 42, 37);
    expect(withdrawalsHeldUntil(quota({ withdrawals_locked_until: until }))).toBe(until);
  });
  it('is not said with no hold (the server sends 0 once it is over), or before the quota is read (an older server sends no field)', () => {
    expect(withdrawalsHeldUntil(quota({ withdrawals_locked_until: 0 }))).toBeUndefined();
    expect(withdrawalsHeldUntil(quota())).toBeUndefined();
    expect(withdrawalsHeldUntil(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { WithdrawQuota } from '../../../../domain/wallet';
import { withdrawalsHeldUntil } from './withdrawalHold';

const quota = (over: Partial<WithdrawQuota> = {}): WithdrawQuota => ({ currency: 'USDT', limit_usdt: '10000', used_usdt: '0', remaining: '10000', available: '500', verified: true, two_factor: true, ...over });

describe('the withdrawal hold after a security change', () => {
  it('is said until its end, and not after it', () => {
    const until = Date.UTC(2026, 11, 1, 4, 42, 37);
    expect(withdrawalsHeldUntil(quota({ withdrawals_locked_until: until }), until - 1)).toBe(until);
    expect(withdrawalsHeldUntil(quota({ withdrawals_locked_until: until }), until)).toBeUndefined();
  });
  it('is not said with no hold, or before the quota is read (an older server sends no field)', () => {
    expect(withdrawalsHeldUntil(quota({ withdrawals_locked_until: 0 }), 1)).toBeUndefined();
    expect(withdrawalsHeldUntil(quota(), 1)).toBeUndefined();
    expect(withdrawalsHeldUntil(undefined, 1)).toBeUndefined();
  });
});

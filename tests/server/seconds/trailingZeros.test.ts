import { describe, expect, it } from 'vitest';
import { expectOk } from '../http.js';
import { useSeconds } from './harness.js';

/** Issue 49 §1: a stake of "10.000" (past the 2 places, in zeros) is a stake of 10. */
const t = useSeconds();

describe('seconds stakes with trailing zeros are the numbers they denote', () => {
  it('a stake of "10.000" freezes 10 USDT', async () => {
    t.pricedAt('96000', 300);
    const user = await t.user('1000');
    const bought = expectOk(await t.buy(user, { direction: 'up', quantity: '10.000' }));
    expect(bought.quantity).toBe('10');
    expect(await t.balance(user)).toEqual({ available: '990', frozen: '10' });
  });
});

import { describe, expect, it } from 'vitest';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { expectOk } from '../http.js';
import { useWallet } from './harness.js';

/** Issue 49 §1: a transfer of "2.5000000000" (past the 8 places, in zeros) moves 2.5, not 250. */
const t = useWallet();

describe('wallet amounts with trailing zeros are the numbers they denote', () => {
  it('a transfer of "2.5000000000" USDT moves 2.5', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '10');
    expectOk(await t.call(user, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '2.5000000000' }, 'trailing-zeros-1'));
    expect(await t.balance(user, 'USDT')).toEqual({ available: '7.5', frozen: '0' });
    expect(await t.balance(user, 'USDT', 'contract')).toEqual({ available: '2.5', frozen: '0' });
  });
});

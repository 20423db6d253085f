import { describe, expect, it } from 'vitest';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { formatUtc, lockWithdrawals } from '../../../server/kernel/platform/auth/withdrawalLock.js';
import { translate } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../http.js';
import { FUNDS_PASSWORD, useWallet } from './harness.js';

/**
 * Issue 49 §6: docs/API.md says the withdrawal lock is checked before the quota and the balance;
 * the code checked the balance first, so a locked user with too little balance was told
 * "Insufficient balance" and not when they could withdraw.
 */
const t = useWallet();
const request = (quantity: string) => ({ currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', quantity, funds_password: FUNDS_PASSWORD });

describe('the withdrawal lock is told first', () => {
  it('a locked user asking for more than the balance or the quota hears of the lock and its end', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '30');
    const until = t.now() + 3_600_000;
    await lockWithdrawals(t.db, user.id, until, 'funds_password');
    const locked = translate('en_US', 'withdrawalsLocked', { until: formatUtc(until) });
    expectRefusal(await t.call(user, WALLET_PATHS.withdraw, request('500'), 'lock-first-1'), 400, locked);
    expectRefusal(await t.call(user, WALLET_PATHS.withdraw, request('9999999'), 'lock-first-2'), 400, locked);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '30', frozen: '0' });
    t.set(until + 1);
    expectOk(await t.call(user, WALLET_PATHS.withdraw, request('15'), 'lock-first-3'));
  });
});

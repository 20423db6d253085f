import { describe, expect, it } from 'vitest';
import { DepositStatus, WALLET_PATHS, type DepositRecord, type HeldDepositResolution } from '../../../../domain/wallet.js';
import { lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../../../server/kernel/platform/auth/withdrawalLock.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { databaseFiatRates } from '../../../../server/products/markets/fiatRates.js';
import { SimulatedChain } from '../../../../server/products/wallet/chain/simulatedChain.js';
import { wallet } from '../../../../server/products/wallet/wallet.js';
import { testAppRoutes } from '../../buildApp.js';
import { expectOk, expectRefusal } from '../../http.js';
import { auditMark, auditRowsAfter, type TestOperator } from '../../support/operators.js';
import { productTestbed } from '../../support/productTestbed.js';
import type { TestUser } from '../../support/users.js';
import { productAccountRules } from '../../support/walletAccounts.js';
import { recordingFeed } from '../../wallet/harness.js';

/**
 * A held deposit's return (server/products/wallet/heldDeposits.ts) sends it on the chain to an
 * address the operator types — no sender is kept at deposit time, so it is the address the owner
 * asks support for: money out chosen by the owner, as a withdrawal is. A withdrawal's approval waits
 * out the owner's 24-hour security lock (walletWithdrawalOwnerLocked); the return did not, so
 * whoever had just taken the account over (new password, 2FA off) had a held deposit sent to their
 * own address at once. Now it is refused, translated and audited, while the lock runs; a credit
 * (the funds stay on the exchange) is not.
 */
const EN = MESSAGES.en_US;
const t = productTestbed({
  products: ({ db, now }) => {
    const chain = new SimulatedChain({ blockMs: 60_000 });
    const walletProduct = wallet({ db, chain, feed: recordingFeed(), now, accounts: productAccountRules() });
    chain.connect(walletProduct.chainEvents);
    return { chain, wallet: walletProduct };
  },
  parts: (p, db) => ({ routes: testAppRoutes({ db, rates: databaseFiatRates(db), wallet: p.wallet, chainSimulator: p.chain }), stop: () => p.chain.stop() }),
  operator: 'held-lock-chief@openex.test',
  users: { tag: 'heldlock' },
});
const ops = t.deskOperators({ fiona: ['finance'] });
const RETURN_TO = '0x52908400098527886e0f7030069857d2e4169ee7';

const returnHeld = (op: TestOperator, id: number, lang = 'en_US') =>
  t.post<HeldDepositResolution>({ ...op.headers, lang }, WALLET_PATHS.operatorReturnHeldDeposit, { id, address: RETURN_TO, totp_code: t.operatorCode(op) });
const creditHeld = (op: TestOperator, id: number) => t.post<HeldDepositResolution>(op.headers, WALLET_PATHS.operatorCreditHeldDeposit, { id, totp_code: t.operatorCode(op) });

/** A below-minimum transfer to the user's deposit address: recorded as held. */
async function heldDeposit(user: TestUser): Promise<DepositRecord> {
  const { address } = expectOk(await t.post<{ address: string }>(user, WALLET_PATHS.depositAddress, { currency: 'USDT', network: 'ERC20' }));
  const held = expectOk(await t.post<DepositRecord>(undefined, WALLET_PATHS.simulateDeposit, { address, currency: 'USDT', network: 'ERC20', quantity: '9.99' }));
  expect(held.status).toBe(DepositStatus.held);
  return held;
}

const rowOf = async (id: number) => (await t.db.query('select status, return_address, return_tx_hash, resolved_by from deposit where id = $1', [id]))[0];
const prefix = (lang: keyof typeof MESSAGES) => MESSAGES[lang].walletHeldDepositOwnerLocked.split('{until}')[0]!;

describe("a held deposit's return and its owner's security lock", () => {
  it('is refused while the lock runs, audited, sending nothing; a credit is not; after the lock it is returned', async () => {
    const user = await t.user();
    const toReturn = await heldDeposit(user);
    const toCredit = await heldDeposit(user);
    // A security change (as the accounts product writes it: password, 2FA, email, …).
    const until = t.now() + WITHDRAWAL_LOCK_MS;
    await t.db.transaction((tx) => lockWithdrawals(tx, user.id, until, 'login_password'));
    const before = await rowOf(toReturn.id);

    const mark = await auditMark(t.db);
    const refused = await returnHeld(ops.fiona, toReturn.id);
    expectRefusal(refused, 400);
    expect(refused.body.msg.startsWith(prefix('en_US'))).toBe(true);
    const german = await returnHeld(ops.fiona, toReturn.id, 'de_DE');
    expect(german.body.msg.startsWith(prefix('de_DE'))).toBe(true);
    expect(prefix('de_DE')).not.toBe(prefix('en_US'));
    expect(await auditRowsAfter(t.db, mark)).toEqual([
      expect.objectContaining({ kind: 'deposit.return', outcome: 'refused', detail: 'walletHeldDepositOwnerLocked' }),
      expect.objectContaining({ kind: 'deposit.return', outcome: 'refused', detail: 'walletHeldDepositOwnerLocked' }),
    ]);
    expect(await rowOf(toReturn.id)).toEqual(before);

    // Crediting keeps the funds on the exchange: the lock does not hold it.
    expect(expectOk(await creditHeld(ops.fiona, toCredit.id)).status).toBe(DepositStatus.success);

    t.advance(until - t.now() + 1);
    const returned = expectOk(await returnHeld(ops.fiona, toReturn.id));
    expect(returned).toMatchObject({ status: DepositStatus.returned, return_address: RETURN_TO });
    expect(EN.walletHeldDepositOwnerLocked).toContain('{until}');
  });
});

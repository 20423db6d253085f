import { expect, test } from '@playwright/test';
import { call, tokenOf } from './support/api';
import { textsOf } from './support/catalogue';
import { operatorDesk } from './support/operator';
import { deskOperator } from './support/deskOperators';
import { submitWithOperatorCode } from './support/operatorSession';
import { signUp } from './support/register';
import { failOnPageErrors } from './support/waits';

/**
 * Issue 52's held deposits, as the people involved see them: a trader sends less than the network's
 * minimum; their deposit page lists it as held, with why; a finance operator finds it on the Held
 * deposits desk and credits it with their 2FA code; the trader's deposit page shows it credited and
 * their spot balance has it. Every control is found by its visible label.
 */

failOnPageErrors();

test('a deposit below the minimum is held, shown with its reason, and credited by finance from the Held deposits desk', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const say = textsOf('en_US');
  const email = `e2e-held-${Date.now()}@example.org`;
  await signUp(page, email, { open: false });
  const token = await tokenOf(page);
  // USDT on ERC20 takes 10 at least; 0.5 is held, never credited.
  const { address } = await call<{ address: string; deposit_min: string }>(page, '/api/wallet/deposit_address', { currency: 'USDT', network: 'ERC20' }, token);
  await call(page, '/api/chain/simulate_deposit', { address, currency: 'USDT', network: 'ERC20', quantity: '0.5' });

  await page.goto('/wallet/recharge/USDT');
  const deposit = page.getByRole('table', { name: say('wallet.deposit.recent') }).getByRole('row').filter({ hasText: 'ERC20' });
  await expect(deposit).toHaveCount(1);
  await expect(deposit).toContainText(say('wallet.deposit.status.held'));
  await expect(deposit).toContainText(say('wallet.deposit.held.belowMinimum'));

  const finance = deskOperator('heldDeposits');
  const desk = await operatorDesk(browser, 'en_US', finance);
  await desk.getByRole('tab', { name: say('wallet.held.desk'), exact: true }).click();
  const row = desk.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(say('wallet.held.reasonShort.below_minimum'))).toBeVisible();
  await row.getByRole('button', { name: say('wallet.held.credit'), exact: true }).click();
  const dialog = desk.getByRole('dialog', { name: say('wallet.held.creditTitle') });
  await submitWithOperatorCode(dialog, dialog.getByLabel(say('wallet.held.code'), { exact: true }), dialog.getByRole('button', { name: say('wallet.held.credit'), exact: true }), finance);
  // Resolved: it leaves the desk's list.
  await expect(row).toHaveCount(0);
  await desk.context().close();

  // The trader's page hears of it (the record's push) and shows it credited.
  await expect(deposit).toContainText(say('wallet.deposit.status.success'), { timeout: 20_000 });
  await expect(deposit).not.toContainText(say('wallet.deposit.status.held'));
  const balances = await call<Array<{ currency: string; available: string }>>(page, '/api/wallet/balances', { account: 'spot' }, token);
  expect(balances.find((b) => b.currency === 'USDT')?.available).toBe('0.5');
});

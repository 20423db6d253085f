import { expect, test, type Page } from '@playwright/test';
import { call, tokenOf } from './support/api';
import { deskOperator } from './support/deskOperators';
import { operatorDesk } from './support/operator';
import { submitWithOperatorCode } from './support/operatorSession';
import { signUp } from './support/register';

/**
 * An operator working through the identity queue (docs/OPERATOR.md "The step-up window"): the
 * first review asks the operator's own 2FA code; within five minutes of it the next one says until
 * when no code is needed and goes through without one. A desk operator of the test's own (its own
 * session and codes), so no other test's review opens or spends its window.
 */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function submitsIdentity(page: Page, n: number): Promise<string> {
  const email = `e2e-queue-${n}-${Date.now()}@example.org`;
  await signUp(page, email, { open: false });
  await call(page, '/api/identity/submit', { name: 'Ada Queue', id_number: `Q${n}234567`, front: PNG, back: PNG }, await tokenOf(page));
  return email;
}

test('an identity queue: the first review asks the code, the next within five minutes says until when none is needed and approves without one', async ({ page, browser }) => {
  const first = await submitsIdentity(page, 1);
  const second = await submitsIdentity(page, 2);
  const as = deskOperator('queue');
  const desk = await operatorDesk(browser, undefined, as);
  const approve = async (email: string) => {
    const row = desk.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Review' }).click();
    await desk.getByRole('button', { name: 'Approve', exact: true }).click();
    return desk.getByRole('dialog');
  };

  const asked = await approve(first);
  await expect(asked.getByText(/No code needed until/)).toHaveCount(0);
  await submitWithOperatorCode(asked, asked.getByLabel('Your 2FA code', { exact: true }), asked.getByRole('button', { name: 'Approve' }), as);
  await expect(desk.getByRole('row').filter({ hasText: first })).toHaveCount(0);

  const stepped = await approve(second);
  await expect(stepped.getByText(/No code needed until \d{1,2}:\d{2}/)).toBeVisible();
  await expect(stepped.getByLabel('Your 2FA code', { exact: true })).toHaveValue('');
  await stepped.getByRole('button', { name: 'Approve' }).click();
  await expect(stepped).toBeHidden();
  await expect(desk.getByRole('row').filter({ hasText: second })).toHaveCount(0);
  await desk.context().close();
});

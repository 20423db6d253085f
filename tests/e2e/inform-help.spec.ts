import { expect, test } from '@playwright/test';
import { signUp } from './support/register';

test('a new user sees the welcome notification and the bell count, and marks it read', async ({ page }) => {
  await signUp(page, `inform-${Date.now()}@example.org`);
  const banner = page.getByRole('banner');
  const bell = banner.getByRole('link', { name: 'Notifications: 1 unread' });
  await expect(bell).toBeVisible();
  await expect(bell).toContainText('1');
  await bell.click();
  await expect(page).toHaveURL(/\/inform$/);
  const item = page.getByTestId('notification').filter({ hasText: 'Welcome to OpenEx' });
  await expect(item).toBeVisible();
  await expect(page.getByText('1 unread', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(page.getByText('0 unread', { exact: true })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  // Still read after a reload: the server kept it.
  await page.reload();
  await expect(page.getByTestId('notification').filter({ hasText: 'Welcome to OpenEx' })).toBeVisible();
  await expect(page.getByText('0 unread', { exact: true })).toBeVisible();
});

test('the help centre searches in English and in Japanese and opens an article', async ({ page }) => {
  await signUp(page, `help-${Date.now()}@example.org`, { open: false });
  await page.goto('/user/helpcenter');
  await expect(page.getByRole('heading', { name: 'Common questions' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search questions and answers' }).fill('funds password');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Results: \d+$/ })).toBeVisible();
  await page.getByRole('link', { name: /How do I register an account\?/ }).click();
  await expect(page).toHaveURL(/\/user\/helpDetail\/register-account$/);
  await expect(page.getByRole('heading', { name: 'How do I register an account?' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Request a verification code' })).toBeVisible();

  // Japanese: the same article, searched with Japanese words.
  await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: /日本語/ }).click();
  await expect(page.getByRole('heading', { name: 'アカウントを登録するには？' })).toBeVisible();
  await page.getByRole('link', { name: /ヘルプセンターに戻る/ }).click();
  await expect(page.getByRole('heading', { name: 'よくある質問' })).toBeVisible();
  await page.getByRole('searchbox', { name: '質問と回答を検索' }).fill('資金パスワード');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^検索結果：\d+ 件$/ })).toBeVisible();
  await page.getByRole('link', { name: /アカウントを登録するには？/ }).click();
  await expect(page.getByRole('heading', { name: 'アカウントを登録するには？' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '認証コードをリクエストして入力します' })).toBeVisible();

  // An unknown article: a translated failure with a retry (the server's message is the toast).
  await page.goto('/user/helpDetail/no-such-article');
  await expect(page.getByRole('alert').filter({ hasText: 'この記事を読み込めませんでした。' })).toBeVisible();
});

test('arriving at /agree opens the user agreement, once, and Close leaves the page', async ({ page }) => {
  await page.goto('/agree');
  const agreement = page.getByRole('dialog', { name: 'User Agreement' });
  await expect(agreement).toContainText('This User Agreement governs your use');
  await agreement.getByRole('button', { name: 'Close' }).click();
  await expect(agreement).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'User agreement' })).toBeVisible();
});

import { expect, test, type Locator, type Page } from '@playwright/test';

/** Waits until what `read` answers differs from what it answered when called (a live book, say). */
export async function expectChange(read: () => Promise<string>, timeout = 10_000): Promise<void> {
  const before = await read();
  await expect.poll(read, { timeout }).not.toBe(before);
}

/**
 * Waits (≤ 150 s) until `url` answers `status`: a process the test started is up. A fresh data
 * directory's first start (initdb, every migration, the seeds) took 11 s on a quiet slow machine and
 * over 60 s beside the other worker's browser and servers (a CI run failed on 60).
 */
export async function untilAnswers(url: string, status: number): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(url)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(status);
}

/** Every test of the spec that calls this fails on an uncaught error in its page. */
export function failOnPageErrors(): void {
  test.beforeEach(async ({ page }) => {
    page.on('pageerror', (error) => {
      throw error;
    });
  });
}

/**
 * Before the spec's tests: the server starts its markets (and simulated chain) cold, so the first
 * page can take a while on a busy machine. Opens /home and waits (≤ 90 s) until `ready` shows.
 */
export function waitForFirstPage(ready: (page: Page) => Locator): void {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/home');
    await expect(ready(page)).toBeVisible({ timeout: 90_000 });
    await page.close();
  });
}

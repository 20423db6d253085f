import type { Page } from '@playwright/test';

/**
 * Waits for a toast (role status) saying `text`, watched from before `act` at every frame of the
 * page: a success toast shows for a second, which a poll of the page can miss on a loaded machine
 * (CI saw "Order placed" come and go unseen), while a person would have read it.
 */
export async function toastDuring(page: Page, text: string, act: () => Promise<void>, options: { timeout?: number } = {}): Promise<void> {
  // `timeout` counts from before `act`: give an act that may retry (a refused 2FA step) its time too.
  const seen = page.waitForFunction(
    (wanted) => [...document.querySelectorAll('[role="status"]')].some((element) => element.textContent?.includes(wanted)),
    text,
    { polling: 'raf', timeout: options.timeout ?? 15_000 },
  );
  await act();
  await seen;
}

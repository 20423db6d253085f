import type { Page } from '@playwright/test';

/**
 * Resolves once a toast saying `text` shows (role status, or alert for an error toast), watched at
 * every frame of the page from this call on: a toast shows for a second or so (spec §9), which a
 * poll of the page can miss on a loaded machine (CI saw "Order placed" come and go unseen), while a
 * person would have read it. Call it before the action that brings the toast.
 */
export function toastSeen(page: Page, text: string, options: { role?: 'status' | 'alert'; timeout?: number } = {}): Promise<unknown> {
  return page.waitForFunction(
    ({ wanted, role }) => [...document.querySelectorAll(`[role="${role}"]`)].some((element) => element.textContent?.includes(wanted)),
    { wanted: text, role: options.role ?? 'status' },
    { polling: 'raf', timeout: options.timeout ?? 15_000 },
  );
}

/** `act`, then the toast saying `text` (toastSeen); `timeout` counts from before `act`: give an act that may retry (a refused 2FA step) its time too. */
export async function toastDuring(page: Page, text: string, act: () => Promise<void>, options: { timeout?: number } = {}): Promise<void> {
  const seen = toastSeen(page, text, options);
  await act();
  await seen;
}

import { expect } from '@playwright/test';

/** Waits until what `read` answers differs from what it answered when called (a live book, say). */
export async function expectChange(read: () => Promise<string>, timeout = 10_000): Promise<void> {
  const before = await read();
  await expect.poll(read, { timeout }).not.toBe(before);
}

/** Waits (≤ 60 s) until `url` answers `status`: a process the test started is up. */
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
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(status);
}

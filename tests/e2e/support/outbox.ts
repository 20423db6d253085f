import { expect, type Locator } from '@playwright/test';
import { outboxMessages } from '../../server/outbox';

interface OutboxMessage {
  to: string;
  purpose: string;
  code: string;
}

/**
 * The newest verification code the server wrote to its outbox (the default code delivery, in the
 * e2e server's DATA_DIR) for an address, optionally for one purpose; waits until it is there.
 */
export async function codeFor(address: string, purpose?: string, dataDir = process.env.E2E_DATA_DIR!, timeoutMs?: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const mine = outboxMessages<OutboxMessage>(dataDir).filter((m) => m.to === address && (purpose === undefined || m.purpose === purpose));
      code = mine.at(-1)?.code ?? '';
      return code;
    }, timeoutMs === undefined ? {} : { timeout: timeoutMs })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Presses a page's Send code button and reads the code it sent, pressing again as a person would
 * when told to wait: codes are limited per client address (20 a minute, README), every test sends
 * from 127.0.0.1, and a refused press toasts and leaves the button enabled (a sent code disables
 * it for the resend wait, so a press is only repeated when the first went nowhere).
 */
export async function sendAndReadCode(send: Locator, address: string, purpose?: string): Promise<string> {
  let code = '';
  await expect(async () => {
    // A sent code renames the button ("Resend in …"): not found or disabled, it is not pressed again.
    if (await send.isEnabled({ timeout: 1000 }).catch(() => false)) await send.click({ timeout: 2000 });
    code = await codeFor(address, purpose, undefined, 4000);
  }).toPass({ timeout: 90_000, intervals: [1500] });
  return code;
}

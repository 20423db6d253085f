import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

interface OutboxMessage {
  to: string;
  purpose: string;
  code: string;
}

function readOutbox(dataDir: string): OutboxMessage[] {
  try {
    const text = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim();
    return text ? text.split('\n').map((line) => JSON.parse(line) as OutboxMessage) : [];
  } catch {
    return [];
  }
}

/**
 * The newest verification code the server wrote to its outbox (the default code delivery, in the
 * e2e server's DATA_DIR) for an address, optionally for one purpose; waits until it is there.
 */
export async function codeFor(address: string, purpose?: string, dataDir = process.env.E2E_DATA_DIR!): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const mine = readOutbox(dataDir).filter((m) => m.to === address && (purpose === undefined || m.purpose === purpose));
      code = mine.at(-1)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CodeMessage } from './codeEmail.js';
import { renderEmail } from './sessions/emails.js';

export type { CodeMessage } from './codeEmail.js';

/**
 * How verification codes reach people. The default writes an outbox (one JSON line per message
 * in DATA_DIR/outbox.jsonl, and a line in the server log) so a self-hosted instance works
 * offline; an SMTP or SMS delivery implements the same interface.
 */
export interface CodeDelivery {
  deliver(message: CodeMessage): Promise<void>;
}

export function outboxDelivery(file: string, log: (line: string) => void): CodeDelivery {
  return {
    async deliver(message) {
      await mkdir(dirname(file), { recursive: true });
      // The rendered subject and text too, as an email would show them (the anti-phishing code first).
      const { subject, text } = renderEmail(message, 'OpenEx');
      await appendFile(file, `${JSON.stringify({ ...message, subject, text })}\n`);
      log(`verification code for ${message.to} (${message.purpose}) written to ${file}`);
    },
  };
}

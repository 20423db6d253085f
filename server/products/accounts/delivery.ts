import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface CodeMessage {
  to: string;
  purpose: string;
  code: string;
  lang: string;
  time: string;
}

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
      await appendFile(file, `${JSON.stringify(message)}\n`);
      log(`verification code for ${message.to} (${message.purpose}) written to ${file}`);
    },
  };
}

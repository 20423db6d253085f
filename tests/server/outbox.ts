import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The messages a server has written to DATA_DIR/outbox.jsonl (the default delivery without SMTP),
 * whole lines only. The server's `appendFile` creates the file and then writes a line, so a reader
 * polling while a notice goes out can find the file empty or a line part-written: parsing that
 * failed a test with "Unexpected end of JSON input" (recurring.test.ts in CI, 2026-12-04).
 */
export function outboxMessages<T>(dataDir: string): T[] {
  const file = join(dataDir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

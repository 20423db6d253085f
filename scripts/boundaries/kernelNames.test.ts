import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 39: the kernel names no product's platform account. A product declares its own (a house, a
 * pool, one per project) in server/products/<product>/ledger.ts; only the kernel's `system:fees`
 * is the kernel's. Migrations are left out: the schema's history says what it said.
 */
const PRODUCT_ACCOUNTS = ['system:seconds_house', 'seconds_house', 'system:futures_pool', 'futures_pool', 'system:insurance_fund', 'system:ico:'];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function kernelSources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return kernelSources(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

describe("the kernel names no product's account", () => {
  const files = kernelSources('server/kernel');

  it('reads the kernel', () => {
    expect(files).toContain('server/kernel/platform/ledger/systemAccounts.ts');
  });

  it.each(PRODUCT_ACCOUNTS)('%s', (name) => {
    expect(files.filter((file) => readFileSync(join(ROOT, file), 'utf8').includes(name))).toEqual([]);
  });
});

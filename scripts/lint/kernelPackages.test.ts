import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

/**
 * The kernel's three packages (server/kernel/{exchange,platform,cluster}/README.md) as lint zones
 * (eslint.config.js's KERNEL_PACKAGES): exchange imports neither other package and no database,
 * bus or socket package; platform never imports cluster; cluster may import both. Each zone refuses
 * an import that breaks it and lets the allowed direction through.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
vi.setConfig({ testTimeout: 120_000 });

async function zonesBroken(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath: join(ROOT, file) });
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports').map((message) => /(?:^|\. )([a-z-]+): /.exec(message.message)?.[1] ?? message.message);
}

describe('the kernel packages', () => {
  const cases: Array<[zone: string, file: string, specifier: string, breaks: boolean]> = [
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', '../platform/db/database.js', true],
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', '../cluster/shards/processes.js', true],
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', './matching/types.js', false],
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', '../../../domain/decimal.js', false],
    ['kernel-exchange-does-no-io', 'server/kernel/exchange/x.ts', 'pg', true],
    ['kernel-exchange-does-no-io', 'server/kernel/exchange/x.ts', 'ioredis', true],
    ['kernel-exchange-does-no-io', 'server/kernel/platform/x.ts', 'pg', false],
    ['kernel-platform-below-cluster', 'server/kernel/platform/x.ts', '../cluster/shards/processes.js', true],
    ['kernel-platform-below-cluster', 'server/kernel/platform/x.ts', '../exchange/sequencer.js', false],
    ['kernel-platform-below-cluster', 'server/kernel/cluster/x.ts', '../platform/db/database.js', false],
    ['kernel-is-three-packages', 'server/kernel/x.ts', './platform/db/database.js', true],
  ];
  it.each(cases)('%s: %s imports %s → breaks: %s', async (zone, file, specifier, breaks) => {
    expect((await zonesBroken(file, specifier)).includes(zone)).toBe(breaks);
  });
});

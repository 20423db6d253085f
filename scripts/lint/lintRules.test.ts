import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 39: the import boundaries are ESLint rules (eslint.config.js, scripts/lint/boundaries.js),
 * run over the whole tree by `npm run lint`. These tests hold the rules themselves: each fires on an
 * import that breaks it and stays quiet on one that does not, whatever form the import takes, and
 * the ratchets' allowances list only crossings that still exist, no more of them than today.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The boundary rules `code`, as the file at repository path `file`, breaks. */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result!.messages.flatMap((message) => (message.ruleId?.startsWith('boundaries/') ? [message.ruleId.slice('boundaries/'.length)] : []));
}

const imports = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('each boundary fires on an import that breaks it, and only then', () => {
  const cases: Array<[rule: string, file: string, specifier: string, breaks: boolean]> = [
    ['server-products-apart', 'server/products/spot/x.ts', '../wallet/wallet.js', true],
    ['server-products-apart', 'server/products/spot/x.ts', './trading.js', false],
    ['server-products-apart', 'server/products/index.ts', './spot/product.js', false],
    ['server-products-apart', 'server/products/spot/x.ts', '../../kernel/ledger/ledger.js', false],
    ['client-features-apart', 'src/features/ico/views/X.tsx', '../../wallet/views/walletUi', true],
    ['client-features-apart', 'src/features/seconds/feature.tsx', '../markets/withPairMarket', false],
    ['client-features-apart', 'src/features/ico/views/X.tsx', '../../../app/ui/Button', false],
    ['client-features-apart', 'src/features/index.ts', './spot/feature', false],
    ['shell-imports-no-product', 'src/app/layout/X.tsx', '../../features/spot/spot.hooks', true],
    ['shell-imports-no-product', 'src/app/routes.tsx', '../features', true],
    ['shell-imports-no-product', 'src/app/layout/navigation.test.ts', '../../features', false],
    ['shell-imports-no-product', 'src/app/layout/navigation.test.ts', '../../features/spot/feature', true],
    ['shell-imports-no-product', 'src/main.tsx', './features', false],
    ['shell-imports-no-product', 'src/app/layout/X.tsx', '../ui/Button', false],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', '../../../../services/api', true],
    ['machines-do-no-io', 'src/app/machines/app/app.machine.ts', '../../services', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'axios', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'socket.io-client', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.model.ts', 'react', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'react-dom/client', true],
    ['machines-do-no-io', 'src/features/spot/orderForm.machine.ts', 'react', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'node:fs', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', '../../actors/spot.actors', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', '../../spot.flows', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', '../../../../../domain/decimal', false],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'xstate', false],
    ['machines-do-no-io', 'src/services/api.ts', 'axios', false],
    ['machines-do-no-io', 'src/features/spot/views/X.tsx', 'react', false],
    ['kernel-imports-no-product', 'server/kernel/http/app.ts', '../../products/spot/trading.js', true],
    ['kernel-imports-no-product', 'server/main.ts', './products/index.js', false],
    ['kernel-imports-no-product-domain', 'server/kernel/realtime/userFeed.ts', '../../../domain/spotOrders.js', true],
    ['kernel-imports-no-product-domain', 'server/kernel/realtime/channels.ts', '../../../domain/futures/api.js', true],
    ['kernel-imports-no-product-domain', 'server/kernel/realtime/userFeed.ts', '../../../domain/userChannel.js', false],
    ['client-imports-no-server', 'src/app/services.ts', '../../server/config.js', true],
    ['client-imports-no-server', 'src/app/services.ts', '../../domain/api', false],
    ['server-imports-no-client', 'server/products/spot/x.ts', '../../../src/app/services.js', true],
    ['server-imports-no-client', 'server/products/spot/x.ts', '../../../domain/api.js', false],
    ['domain-imports-neither-half', 'domain/api.ts', '../server/config.js', true],
    ['domain-imports-neither-half', 'domain/futures/api.ts', '../../src/app/services.js', true],
    ['domain-imports-neither-half', 'domain/futures/api.ts', '../decimal.js', false],
  ];

  it.each(cases)('%s: %s imports %s → breaks: %s', async (rule, file, specifier, breaks) => {
    expect((await broken(file, imports(specifier))).includes(rule)).toBe(breaks);
  });

  it('a clean file breaks none', async () => {
    expect(await broken('src/features/spot/machines/a/a.machine.ts', `import { setup } from 'xstate';\nimport { add } from '../../../../../domain/decimal';\nexport const m = [setup, add];\n`)).toEqual([]);
  });
});

describe('every form of import is seen, types included', () => {
  const forms: Array<[form: string, code: string]> = [
    ['import type', "import type { Config } from '../../server/config.js';\nexport type C = Config;\n"],
    ['export * from', "export * from '../../server/config.js';\n"],
    ['export { } from', "export { readConfig } from '../../server/config.js';\n"],
    ['import()', "export const load = () => import('../../server/config.js');\n"],
    ['import() type', "export type C = import('../../server/config.js').Config;\n"],
    ['require()', "export const c = require('../../server/config.js');\n"],
    ['import = require()', "import c = require('../../server/config.js');\nexport const d = c;\n"],
    ['declare module', "declare module '../../server/config.js' {\n  interface Config { x: 1 }\n}\nexport {};\n"],
  ];
  it.each(forms)('%s', async (_form, code) => {
    expect(await broken('src/app/x.ts', code)).toEqual(['client-imports-no-server']);
  });
});

describe('the ratchets: allowances only shrink', () => {
  const ratchets: Array<[rule: string, ceiling: number]> = [
    ['client-features-apart', 15],
    ['shell-imports-no-product', 8],
  ];

  /** The rule's options as eslint.config.js gives them to a file it lints. */
  async function optionsOf(rule: string): Promise<{ allow: string[] } & Record<string, unknown>> {
    const config = await eslint.calculateConfigForFile(join(ROOT, 'src/main.tsx'));
    return config.rules[`boundaries/${rule}`][1];
  }

  it.each(ratchets)('%s: its allowance is no longer than %i, and lists nothing twice', async (rule, ceiling) => {
    const { allow } = await optionsOf(rule);
    expect(new Set(allow).size).toBe(allow.length);
    expect(allow.length).toBeLessThanOrEqual(ceiling);
  });

  it.each(ratchets)('%s: every listed crossing still exists (strike off the ones that are gone)', async (rule) => {
    const { allow, ...options } = await optionsOf(rule);
    const strict = new ESLint({ cwd: ROOT, overrideConfig: { rules: { [`boundaries/${rule}`]: ['error', { ...options, allow: [] }] } } });
    const files = [...new Set(allow.map((edge) => edge.split(' -> ')[0]!))].filter((file) => existsSync(join(ROOT, file)));
    const results = await strict.lintFiles(files.map((file) => join(ROOT, file)));
    const seen = new Set(
      results.flatMap((result) =>
        result.messages
          .filter((message) => message.ruleId === `boundaries/${rule}`)
          .map((message) => `${result.filePath.slice(ROOT.length).replace(/^\//, '')} -> ${/\(([^)]+)\) breaks/.exec(message.message)?.[1]}`),
      ),
    );
    expect(allow.filter((edge) => !seen.has(edge)), `no longer imported: strike off ${rule}'s allowance in eslint.config.js and lower its ceiling here`).toEqual([]);
  });
});

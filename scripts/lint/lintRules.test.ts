import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

/**
 * The import boundaries are maintained rules (issue 54 §4): eslint-plugin-import-x's
 * no-restricted-paths with the zones of scripts/lint/zones.js, no-cycle, the core
 * no-restricted-imports for a machine's packages, and react-hooks' two classic rules, run over the
 * whole tree by `npm run lint`. These tests hold the configuration: each boundary refuses an import
 * that breaks it and lets one that does not through, whatever form the import takes.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
// The first lint loads the parser, the resolver and the zones: longer than vitest's default 5 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/** A zone's or machine rule's message starts with the boundary's name (`server-products-apart: …`). */
const boundaryOf = (message: string) => /(?:^|\. )([a-z-]+): /.exec(message)?.[1];

/** The boundaries `code`, as the file at repository path `file`, breaks. */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result!.messages.flatMap((message) =>
    message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports' ? [boundaryOf(message.message) ?? message.message] : [],
  );
}

const imports = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

/** The repository file a relative specifier names (the zones judge the resolved file: it must exist). */
function resolvedFile(file: string, specifier: string): string | undefined {
  const base = posix.join(posix.dirname(file), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => existsSync(join(ROOT, path)));
}

describe('each boundary refuses an import that breaks it, and only then', () => {
  const cases: Array<[boundary: string, file: string, specifier: string, breaks: boolean]> = [
    ['server-products-apart', 'server/products/spot/x.ts', '../wallet/product.js', true],
    ['server-products-apart', 'server/products/spot/x.ts', './product.js', false],
    ['server-products-apart', 'server/products/index.ts', './spot/product.js', false],
    ['server-products-apart', 'server/products/spot/x.ts', '../index.js', false],
    ['client-features-apart', 'src/features/ico/views/X.tsx', '../../wallet/feature', true],
    ['client-features-apart', 'src/features/seconds/feature.tsx', '../markets/withPairMarket', false],
    ['client-features-apart', 'src/features/ico/views/X.tsx', '../../../app/ui/Button', false],
    ['client-features-apart', 'src/features/index.ts', './spot/feature', false],
    ['shell-imports-no-product', 'src/app/layout/X.tsx', '../../features/spot/feature', true],
    ['shell-imports-no-product', 'src/app/routes.tsx', '../features/index', true],
    ['shell-imports-no-product', 'src/app/layout/navigation.test.ts', '../../features/index', false],
    ['shell-imports-no-product', 'src/app/layout/navigation.test.ts', '../../features/spot/feature', true],
    ['shell-imports-no-product', 'src/main.tsx', './features/index', false],
    ['shell-imports-no-product', 'src/app/layout/X.tsx', '../ui/Button', false],
    ['kit-imports-no-feature', 'src/kit/x.ts', '../features/spot/feature', true],
    ['kit-imports-no-feature', 'src/kit/x.ts', '../../domain/decimal', false],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', '../../../../services/api', true],
    ['machines-do-no-io', 'src/app/machines/app/app.machine.ts', '../../services', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', '../../spot.flows', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', '../../../../../domain/decimal', false],
    ['machines-do-no-io', 'src/features/spot/views/X.tsx', '../spot.flows', false],
    ['kernel-imports-no-product', 'server/kernel/x.ts', '../products/spot/product.js', true],
    ['kernel-imports-no-product', 'server/main.ts', './products/index.js', false],
    ['kernel-imports-no-product-domain', 'server/kernel/x.ts', '../../domain/spotOrders.js', true],
    ['kernel-imports-no-product-domain', 'server/kernel/x.ts', '../../domain/futures/api.js', true],
    ['kernel-imports-no-product-domain', 'server/kernel/x.ts', '../../domain/userChannel.js', false],
    ['client-imports-no-server', 'src/app/x.ts', '../../server/config.js', true],
    ['client-imports-no-server', 'src/app/x.ts', '../../domain/api', false],
    ['server-imports-no-client', 'server/products/spot/x.ts', '../../../src/app/services.js', true],
    ['server-imports-no-client', 'server/products/spot/x.ts', '../../../domain/api.js', false],
    ['domain-imports-neither-half', 'domain/x.ts', '../server/config.js', true],
    ['domain-imports-neither-half', 'domain/futures/x.ts', '../../src/app/services.js', true],
    ['domain-imports-neither-half', 'domain/futures/x.ts', '../decimal.js', false],
    // The kernel's three packages (server/kernel/{exchange,platform,cluster}/README.md): exchange
    // imports neither other package, platform never imports cluster, cluster may import both.
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', '../platform/db/database.js', true],
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', '../cluster/shards/processes.js', true],
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', './matching/types.js', false],
    ['kernel-exchange-stands-alone', 'server/kernel/exchange/x.ts', '../../../domain/decimal.js', false],
    ['kernel-platform-below-cluster', 'server/kernel/platform/x.ts', '../cluster/shards/processes.js', true],
    ['kernel-platform-below-cluster', 'server/kernel/platform/x.ts', '../exchange/sequencer.js', false],
    ['kernel-platform-below-cluster', 'server/kernel/cluster/x.ts', '../platform/db/database.js', false],
    ['kernel-is-three-packages', 'server/kernel/x.ts', './platform/db/database.js', true],
    // Packages: a machine's (no I/O, no React), and the kernel's exchange package (no database, bus or socket).
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'socket.io-client', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.model.ts', 'react', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'react-dom/client', true],
    ['machines-do-no-io', 'src/features/spot/orderForm.machine.ts', 'react', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'node:fs', true],
    ['machines-do-no-io', 'src/features/spot/machines/a/a.machine.ts', 'xstate', false],
    ['machines-do-no-io', 'src/services/api.ts', 'socket.io-client', false],
    ['machines-do-no-io', 'src/features/spot/views/X.tsx', 'react', false],
    ['kernel-exchange-does-no-io', 'server/kernel/exchange/x.ts', 'pg', true],
    ['kernel-exchange-does-no-io', 'server/kernel/exchange/x.ts', 'ioredis', true],
    ['kernel-exchange-does-no-io', 'server/kernel/platform/x.ts', 'pg', false],
  ];

  it.each(cases)('%s: %s imports %s → breaks: %s', async (boundary, file, specifier, breaks) => {
    // A zone judges the file a relative import resolves to: a case naming no file would pass for nothing.
    if (specifier.startsWith('.')) expect(resolvedFile(file, specifier), `${specifier} from ${file} names no file`).toBeDefined();
    expect((await broken(file, imports(specifier))).includes(boundary)).toBe(breaks);
  });

  it('a clean machine breaks none', async () => {
    expect(await broken('src/features/spot/machines/a/a.machine.ts', `import { setup } from 'xstate';\nimport { add } from '../../../../../domain/decimal';\nexport const m = [setup, add];\n`)).toEqual([]);
  });
});

describe('every form of import is seen, types included', () => {
  // no-restricted-paths reads ES imports and TypeScript's `import = require()`; the tree has no
  // require() and no `import('x').T` type or `declare module` naming another half (the home-made
  // plugin read those too; tsc keeps the tree ESM).
  const forms: Array<[form: string, code: string]> = [
    ['import type', "import type { Config } from '../../server/config.js';\nexport type C = Config;\n"],
    ['export * from', "export * from '../../server/config.js';\n"],
    ['export { } from', "export { readConfig } from '../../server/config.js';\n"],
    ['import()', "export const load = () => import('../../server/config.js');\n"],
    ['import = require()', "import c = require('../../server/config.js');\nexport const d = c;\n"],
  ];
  it.each(forms)('%s', async (_form, code) => {
    expect(await broken('src/app/x.ts', code)).toEqual(['client-imports-no-server']);
  });
});

describe('import circles and hooks', () => {
  it('react-hooks: a hook in a condition and an effect missing a dependency are errors', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function Page(props: { on: boolean; id: string }) {',
      '  if (props.on) useState(0);',
      '  useEffect(() => { console.log(props.id); }, []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, 'src/features/spot/views/X.tsx') });
    const rules = result!.messages.map((message) => `${message.ruleId}:${message.severity}`);
    expect(rules).toContain('react-hooks/rules-of-hooks:2');
    expect(rules).toContain('react-hooks/exhaustive-deps:2');
  });

  it('no-cycle is an error on every source file, off only for leaves (tests, scripts)', async () => {
    const severity = async (file: string) => {
      const rule = (await eslint.calculateConfigForFile(join(ROOT, file))).rules['import-x/no-cycle'];
      return Array.isArray(rule) ? rule[0] : rule;
    };
    expect(await severity('server/kernel/x.ts')).toBe(2);
    expect(await severity('src/features/spot/x.ts')).toBe(2);
    expect(await severity('tests/server/x.test.ts')).toBe(0);
    expect(await severity('src/features/fiat/views/OrderPage.tsx')).toBe(2);
  });
});


describe('no CSS comment in a styled template (it ships as written)', () => {
  const commentsIn = async (template: string) => {
    const code = `import styled, { css, createGlobalStyle, keyframes } from 'styled-components';\n${template}\nexport { css, createGlobalStyle, keyframes };\n`;
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, 'src/features/spot/views/X.tsx') });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').length;
  };
  it.each([
    ['styled.div', 'export const A = styled.div`\n  /* why */\n  color: red;\n`;'],
    ['styled(X)', 'const B = styled.div``;\nexport const A = styled(B)`color: red; /* why */`;'],
    ['styled.div.attrs()', "export const A = styled.input.attrs({ type: 'text' })`/* why */ color: red;`;"],
    ['styled(X).withConfig()', 'const B = styled.div``;\nexport const A = styled(B).withConfig({})`color: ${1}; /* why */`;'],
    ['css', 'export const a = css`/* why */ color: red;`;'],
    ['createGlobalStyle', 'export const G = createGlobalStyle`body { /* why */ margin: 0; }`;'],
    ['keyframes', 'export const k = keyframes`/* why */ from { opacity: 0; }`;'],
  ])('refused in %s', async (_tag, template) => {
    expect(await commentsIn(template)).toBe(1);
  });
  it('a JS comment beside the template, or a comment in an untagged template, is not', async () => {
    expect(await commentsIn('// why\nexport const A = styled.div`\n  color: ${/* a value */ 1};\n`;\nexport const s = `/* not css */`;')).toBe(0);
  });
});

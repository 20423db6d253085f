import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsUnder, targetOf } from './imports.js';
import { CHECKED_ROOTS, edgeOf, RULES, SERVER_IMPORTS_FROM_SRC, within, type Import, type Rule } from './rules.js';

/**
 * Issue 39: the import boundaries of docs/ARCHITECTURE.md, enforced. Every import of src/ and
 * server/ (TypeScript's import scanner, types included) is held to every rule of rules.ts; a
 * failure names the file, the import as written and the rule. Allowances are ratchets: they list
 * today's crossings and may only shrink.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IMPORTS = importsUnder(ROOT, CHECKED_ROOTS);

const describeBreak = (rule: Rule, imported: Import) => `${imported.file}: import '${imported.specifier}' (${imported.target}) breaks ${rule.id}: ${rule.says}`;

/** The imports breaking `rule` that its allowance does not list. */
function breaches(rule: Rule, imports: readonly Import[]): string[] {
  const allowed = new Set(rule.allowance?.edges ?? []);
  return imports.filter((imported) => rule.breaks(imported) && !allowed.has(edgeOf(imported))).map((imported) => describeBreak(rule, imported));
}

describe('import boundaries (docs/ARCHITECTURE.md)', () => {
  it('reads the imports of src/ and server/', () => {
    expect(IMPORTS.length).toBeGreaterThan(3000);
    expect(IMPORTS.some((i) => i.file === 'server/products/spot/routes.ts' && i.target === 'server/kernel/http/schemas')).toBe(true);
    expect(IMPORTS.some((i) => i.file.startsWith('src/features/') && i.target === 'xstate')).toBe(true);
  });

  it.each(RULES.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    expect(breaches(rule, IMPORTS)).toEqual([]);
  });

  describe('allowances only shrink', () => {
    const ratchets = RULES.filter((rule) => rule.allowance).map((rule) => [rule.id, rule] as const);

    it.each(ratchets)('%s: every listed crossing still exists (strike off the ones that are gone)', (_id, rule) => {
      const seen = new Set(IMPORTS.filter((imported) => rule.breaks(imported)).map(edgeOf));
      const gone = rule.allowance!.edges.filter((edge) => !seen.has(edge));
      expect(gone, `no longer imported: remove from ${rule.id}'s allowance in scripts/boundaries/rules.ts and lower its ceiling`).toEqual([]);
    });

    it.each(ratchets)('%s: the allowance is no longer than its ceiling, and lists nothing twice', (_id, rule) => {
      const { ceiling, edges } = rule.allowance!;
      expect(new Set(edges).size).toBe(edges.length);
      expect(edges.length).toBeLessThanOrEqual(ceiling);
    });
  });

  it('server/ imports nothing from src/ (the shared code is the top-level domain/ package)', () => {
    const fromSrc = IMPORTS.filter((i) => i.file.startsWith('server/') && within(i.target, 'src'));
    expect(SERVER_IMPORTS_FROM_SRC).toEqual([]);
    expect(fromSrc.map((i) => `${i.file} -> ${i.target}`)).toEqual([]);
    // And both halves do stand on it.
    expect(IMPORTS.some((i) => i.file.startsWith('server/') && within(i.target, 'domain'))).toBe(true);
    expect(IMPORTS.some((i) => i.file.startsWith('src/') && within(i.target, 'domain'))).toBe(true);
  });
});

describe('the rules catch what they are for', () => {
  const sample = (file: string, specifier: string): Import => ({ file, specifier, target: targetOf(file, specifier) });
  const rule = (id: string) => RULES.find((r) => r.id === id)!;
  const cases: Array<[string, Import, boolean]> = [
    ['server-products-apart', sample('server/products/spot/x.ts', '../wallet/wallet.js'), true],
    ['server-products-apart', sample('server/products/spot/x.ts', './trading.js'), false],
    ['server-products-apart', sample('server/products/index.ts', './spot/product.js'), false],
    ['server-products-apart', sample('server/products/spot/x.ts', '../../kernel/ledger/ledger.js'), false],
    ['client-features-apart', sample('src/features/ico/views/X.tsx', '../../wallet/views/walletUi'), true],
    ['client-features-apart', sample('src/features/seconds/feature.tsx', '../markets/withPairMarket'), false],
    ['client-features-apart', sample('src/features/ico/views/X.tsx', '../../../app/ui/Button'), false],
    ['client-features-apart', sample('src/features/index.ts', './spot/feature'), false],
    ['machines-do-no-io', sample('src/features/spot/machines/a/a.machine.ts', '../../../../services/api'), true],
    ['machines-do-no-io', sample('src/app/machines/app/app.machine.ts', '../../services'), true],
    ['machines-do-no-io', sample('src/features/spot/machines/a/a.machine.ts', 'axios'), true],
    ['machines-do-no-io', sample('src/features/spot/machines/a/a.machine.ts', 'socket.io-client'), true],
    ['machines-do-no-io', sample('src/features/spot/machines/a/a.machine.ts', '../../actors/spot.actors'), true],
    ['machines-do-no-io', sample('src/features/spot/machines/a/a.machine.ts', '../../spot.flows'), true],
    ['machines-do-no-io', sample('src/features/spot/machines/a/a.machine.ts', '../../../../domain/decimal'), false],
    ['machines-do-no-io', sample('src/features/spot/machines/a/a.machine.ts', 'xstate'), false],
    ['machines-do-no-io', sample('src/services/api.ts', 'axios'), false],
    ['kernel-imports-no-product', sample('server/kernel/http/app.ts', '../../products/spot/trading.js'), true],
    ['kernel-imports-no-product', sample('server/main.ts', './products/index.js'), false],
    ['kernel-imports-no-product-domain', sample('server/kernel/realtime/userFeed.ts', '../../../domain/spotOrders.js'), true],
    ['kernel-imports-no-product-domain', sample('server/kernel/realtime/channels.ts', '../../../domain/futures/api.js'), true],
    ['kernel-imports-no-product-domain', sample('server/kernel/realtime/userFeed.ts', '../../../domain/userChannel.js'), false],
    ['client-imports-no-server', sample('src/app/services.ts', '../../server/config.js'), true],
    ['domain-imports-neither-half', sample('domain/api.ts', '../server/config.js'), true],
    ['domain-imports-neither-half', sample('domain/futures/api.ts', '../../src/app/services.js'), true],
    ['domain-imports-neither-half', sample('domain/futures/api.ts', '../decimal.js'), false],
    ['server-imports-src-domain-only', sample('server/products/spot/x.ts', '../../../src/app/services.js'), true],
    ['server-imports-src-domain-only', sample('server/products/spot/x.ts', '../../../domain/api.js'), false],
  ];
  it.each(cases)('%s: %j → breaks: %s', (id, imported, breaks) => {
    expect(rule(id).breaks(imported)).toBe(breaks);
  });
});

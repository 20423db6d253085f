// `npm run lint` (part of `npm test`): typescript-eslint's recommended rules, without type
// information so the whole tree lints in seconds, and the import boundaries of
// docs/ARCHITECTURE.md (issue 39) as errors, from the repository's own plugin scripts/lint/boundaries.js.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries.js';

/**
 * Imports from one client product into another that were there when the rule was written: views
 * reusing another product's views, hooks and machines. A ratchet: move each into src/app or domain
 * (or behind a shared entry) and strike it off; never add one (scripts/lint/lintRules.test.ts fails
 * on a listed import that is gone, and on a list longer than today's 15).
 */
const CROSSING_FEATURES = [
  'src/features/accounts/views/auth/AgreePage.tsx -> src/features/support/support.hooks',
  'src/features/accounts/views/auth/RegisterNextPage.tsx -> src/features/support/support.hooks',
  'src/features/futures/views/ContractTradePage.tsx -> src/features/markets/views/trade/TradePage',
  'src/features/futures/views/FuturesStats.tsx -> src/features/markets/markets.hooks',
  'src/features/futures/views/FuturesWalletPage.tsx -> src/features/wallet/views/WalletAccountPage',
  'src/features/futures/views/FuturesWalletPage.tsx -> src/features/wallet/views/walletUi',
  'src/features/kyc/views/KycPage.tsx -> src/features/accounts/views/auth/AuthForm',
  'src/features/operator/views/OperatorLogin.tsx -> src/features/accounts/views/auth/AuthForm',
  'src/features/seconds/views/SecondsTradePage.tsx -> src/features/markets/views/trade/TradePage',
  'src/features/seconds/views/SecondsWalletPage.tsx -> src/features/wallet/views/WalletAccountPage',
  'src/features/seconds/views/SecondsWalletPage.tsx -> src/features/wallet/views/walletUi',
  'src/features/spot/views/SpotTradePage.tsx -> src/features/markets/views/trade/TradePage',
  'src/features/wallet/machines/withdrawal/withdrawal.machine.ts -> src/features/accounts/machines/recordBook/recordBook.machine',
  'src/features/wallet/views/WithdrawalPage.tsx -> src/features/accounts/machines/recordBook/recordBook.machine',
  'src/features/wallet/wallet.flows.ts -> src/features/accounts/actors/userCentre.actors',
];

/**
 * Imports from the shell into a product that were there when the rule was written: the header and
 * footer use support's notices, a header test builds support's machines, the user stream's model
 * borrows spot's order fixture. The same ratchet (at most 8).
 */
const SHELL_USES_PRODUCT = [
  'src/app/layout/Footer.tsx -> src/features/support/support.hooks',
  'src/app/layout/LiveBell.tsx -> src/features/support/support.hooks',
  'src/app/layout/Header.test.tsx -> src/features/support/machines/help/help.machine',
  'src/app/layout/Header.test.tsx -> src/features/support/machines/help/helpArticle.machine',
  'src/app/layout/Header.test.tsx -> src/features/support/machines/inform/inform.machine',
  'src/app/layout/Header.test.tsx -> src/features/support/machines/note/note.machine',
  'src/app/layout/Header.test.tsx -> src/features/support/support.context',
  'src/app/machines/userStream/userStream.model.ts -> src/features/spot/machines/orders/fixtures',
];

/** The import boundaries, all errors; `allow` lists are the ratchets above. */
const BOUNDARY_RULES = {
  'boundaries/server-products-apart': 'error',
  'boundaries/client-features-apart': [
    'error',
    {
      // How one product's page uses another's (ARCHITECTURE "Adding a product", step 3): the seconds
      // and futures trade pages fetch the markets product's flows with their own chunk through it.
      sharedEntries: ['src/features/markets/withPairMarket'],
      allow: CROSSING_FEATURES,
    },
  ],
  'boundaries/shell-imports-no-product': ['error', { allow: SHELL_USES_PRODUCT }],
  'boundaries/machines-do-no-io': [
    'error',
    // Packages that do I/O, and the view packages: a machine names its effects and is given them.
    { ioPackages: ['axios', 'socket.io-client', 'engine.io-client', 'ws', 'node-fetch', 'cross-fetch', 'undici', 'ky', 'react', 'react-dom', '@xstate/react', 'react-router-dom', 'react-router'] },
  ],
  'boundaries/kernel-imports-no-product': 'error',
  'boundaries/kernel-imports-no-product-domain': [
    'error',
    {
      productDomain: ['spotOrders', 'wallet', 'walletAmounts', 'walletValidation', 'futures', 'seconds', 'ico', 'fiat', 'fiatSettings', 'kyc', 'apiKeys'].map(
        (name) => `domain/${name}`,
      ),
    },
  ],
  'boundaries/client-imports-no-server': 'error',
  'boundaries/server-imports-no-client': 'error',
  'boundaries/domain-imports-neither-half': 'error',
};

export default defineConfig(
  globalIgnores(['**/dist/', '**/node_modules/', 'coverage/', 'reports/', 'data/', 'test-results/', 'playwright-report/', '.dist-build-*/', '.tmpdbg/']),
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
    plugins: { boundaries },
    rules: BOUNDARY_RULES,
  },
);

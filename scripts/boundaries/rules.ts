/**
 * The import boundaries of docs/ARCHITECTURE.md ("Rules of the house", "Products and the kernel"),
 * checked by boundaries.test.ts over every import of src/ and server/ (issue 39: "nothing enforces
 * any of this"). Paths are repository-relative with '/' and without a code extension
 * (`server/kernel/http/schemas`); a package is its bare name (`axios`, `socket.io-client/dist/x`).
 *
 * A rule that did not hold when it was written carries an allowance: the imports that broke it
 * then, listed one by one. The list is a ratchet: a new crossing fails, a listed one that is gone
 * fails until it is struck off, and the list may never grow past `ceiling` (today's count).
 */

export interface Import {
  /** The importing file, e.g. `src/features/spot/views/SpotPanels.tsx`. */
  file: string;
  /** The specifier as written, e.g. `../../markets/views/trade/OrderBookPanel`. */
  specifier: string;
  /** What it names: a repository path without extension, or a package specifier. */
  target: string;
}

export interface Rule {
  id: string;
  /** What the rule says, as a failure repeats it. */
  says: string;
  /** Whether this import breaks the rule (before any allowance). */
  breaks(imported: Import): boolean;
  /** Crossings that broke the rule when it was written, as `file -> target`; they may only go. */
  allowance?: { ceiling: number; edges: readonly string[] };
}

/** The edge an allowance lists: `src/features/kyc/views/KycPage.tsx -> src/features/accounts/views/auth/AuthForm`. */
export const edgeOf = (imported: Import): string => `${imported.file} -> ${imported.target}`;

/**
 * Where server/ may import from src/: nowhere. The pure code both halves share is the top-level
 * domain/ package (it lived in src/domain until issue 39), so the server no longer stands on the client.
 */
export const SERVER_IMPORTS_FROM_SRC: readonly string[] = [];

/**
 * A feature's modules that other features may import: the documented ways one product's page uses
 * another's. `withPairMarket` (docs/ARCHITECTURE.md, "Adding a product", step 3): the seconds and
 * futures trade pages fetch the markets product's flows with their own chunk through it.
 */
export const SHARED_FEATURE_ENTRIES: readonly string[] = ['src/features/markets/withPairMarket'];

/** Packages that do I/O: a machine names its effects and is given them, it never imports them. */
const IO_PACKAGES = ['axios', 'socket.io-client', 'engine.io-client', 'ws', 'node-fetch', 'cross-fetch', 'undici', 'ky'];

/** `path` is `dir` or inside it. */
export const within = (path: string, dir: string): boolean => path === dir || path.startsWith(`${dir}/`);
/** The folder directly under `root` that `path` is in (`spot` for server/products/spot/x.ts), if any. */
const partOf = (path: string, root: string): string | undefined => (path.startsWith(`${root}/`) ? /^([^/]+)\//.exec(path.slice(root.length + 1))?.[1] : undefined);
const isPackage = (target: string, name: string) => target === name || target.startsWith(`${name}/`);

/** Server products are folders of server/products; one never imports another (the list, products/index.ts, is no product). */
const productsApart: Rule = {
  id: 'server-products-apart',
  says: 'server/products/<a>/ never imports server/products/<b>/: what several need is in the kernel, what one offers another goes through kernel.offers',
  breaks: ({ file, target }) => {
    const a = partOf(file, 'server/products');
    const b = partOf(target, 'server/products');
    return a !== undefined && b !== undefined && a !== b;
  },
};

/**
 * Client features are folders of src/features; one imports another only through a shared entry.
 * Today 22 imports cross between features (views reusing another product's views, hooks and
 * machines): they are the allowance, to be moved into src/app or domain, or behind an entry.
 */
const featuresApart: Rule = {
  id: 'client-features-apart',
  says: `src/features/<a>/ never imports src/features/<b>/ except a shared entry (${SHARED_FEATURE_ENTRIES.join(', ')}): shared code goes to src/app or domain`,
  breaks: ({ file, target }) => {
    const a = partOf(file, 'src/features');
    const b = partOf(target, 'src/features');
    return a !== undefined && b !== undefined && a !== b && !SHARED_FEATURE_ENTRIES.some((entry) => within(target, entry));
  },
  allowance: {
    ceiling: 22,
    edges: [
      'src/features/accounts/views/auth/AgreePage.tsx -> src/features/support/support.hooks',
      'src/features/accounts/views/auth/RegisterNextPage.tsx -> src/features/support/support.hooks',
      'src/features/futures/views/ContractPanels.tsx -> src/features/markets/views/trade/OrderBookPanel',
      'src/features/futures/views/ContractPanels.tsx -> src/features/markets/views/trade/TradePage',
      'src/features/futures/views/ContractTradePage.tsx -> src/features/markets/views/trade/TradePage',
      'src/features/futures/views/FuturesStats.tsx -> src/features/markets/markets.hooks',
      'src/features/futures/views/FuturesWalletPage.tsx -> src/features/wallet/views/WalletAccountPage',
      'src/features/futures/views/FuturesWalletPage.tsx -> src/features/wallet/views/walletUi',
      'src/features/kyc/views/KycPage.tsx -> src/features/accounts/views/auth/AuthForm',
      'src/features/markets/views/trade/TradePage.tsx -> src/features/spot/views/OrderPanels',
      'src/features/markets/views/trade/TradePage.tsx -> src/features/spot/views/SpotPanels',
      'src/features/operator/views/OperatorLogin.tsx -> src/features/accounts/views/auth/AuthForm',
      'src/features/seconds/views/SecondsTradePage.tsx -> src/features/markets/markets.hooks',
      'src/features/seconds/views/SecondsTradePage.tsx -> src/features/markets/views/trade/ChartPanel',
      'src/features/seconds/views/SecondsWalletPage.tsx -> src/features/wallet/views/WalletAccountPage',
      'src/features/seconds/views/SecondsWalletPage.tsx -> src/features/wallet/views/walletUi',
      'src/features/spot/views/OrderPanels.tsx -> src/features/markets/views/trade/TradePage',
      'src/features/spot/views/SpotPanels.tsx -> src/features/markets/machines/orderBook/orderBook.machine',
      'src/features/spot/views/SpotPanels.tsx -> src/features/markets/views/trade/OrderBookPanel',
      'src/features/wallet/machines/withdrawal/withdrawal.machine.ts -> src/features/accounts/machines/recordBook/recordBook.machine',
      'src/features/wallet/views/WithdrawalPage.tsx -> src/features/accounts/machines/recordBook/recordBook.machine',
      'src/features/wallet/wallet.flows.ts -> src/features/accounts/actors/userCentre.actors',
    ],
  },
};

/**
 * Machines never do I/O (ARCHITECTURE "Rules of the house"): every effect is a named placeholder
 * supplied by the product's provide(services). So nothing under a machines/ folder imports the
 * I/O adapters (src/services: the API client, socket, storage), the shell's services
 * (src/app/services*), the actors and flows that wrap them, or an I/O package.
 */
const machinesPure: Rule = {
  id: 'machines-do-no-io',
  says: 'src/**/machines/** never imports src/services/**, src/app/services*, actors/, *.flows, or an I/O package (axios, socket.io-client, fetch wrappers)',
  breaks: ({ file, target }) =>
    file.startsWith('src/') &&
    file.includes('/machines/') &&
    (within(target, 'src/services') ||
      target.startsWith('src/app/services') ||
      /^src\/(app|features\/[^/]+)\/actors(\/|$)/.test(target) ||
      /^src\/.*\.flows$/.test(target) ||
      IO_PACKAGES.some((name) => isPackage(target, name))),
};

/** The kernel never reaches into a product: what it needs of one it is handed at the composition root. */
const kernelAbove: Rule = {
  id: 'kernel-imports-no-product',
  says: 'server/kernel/** never imports server/products/** (types included): a product hands the kernel what it needs at the composition root',
  breaks: ({ file, target }) => file.startsWith('server/kernel/') && within(target, 'server/products'),
};

/**
 * One product's wire types (domain/<product>): the kernel carries that product's messages and
 * channels without naming them (the private channel's own type is domain/userChannel.ts; a
 * product declares its channels, accounts and held funds in server/products/<product>/).
 */
export const PRODUCT_DOMAIN: readonly string[] = ['spotOrders', 'wallet', 'walletAmounts', 'walletValidation', 'futures', 'seconds', 'ico', 'fiat', 'fiatSettings', 'kyc', 'apiKeys'].map(
  (name) => `domain/${name}`,
);

/** Issue 39: 9 such imports in kernel/realtime went with the products' declarations; the schema kit's record window takes its days from the route. */
const kernelNoProductDomain: Rule = {
  id: 'kernel-imports-no-product-domain',
  says: "server/kernel/** never imports a product's wire types (domain/spotOrders, wallet, futures/, seconds, ico, fiat, kyc …): the product declares what the kernel needs of it",
  breaks: ({ file, target }) => file.startsWith('server/kernel/') && PRODUCT_DOMAIN.some((domain) => within(target, domain)),
};

/** The browser app never imports the server. */
const clientApart: Rule = {
  id: 'client-imports-no-server',
  says: 'src/ never imports server/',
  breaks: ({ file, target }) => file.startsWith('src/') && within(target, 'server'),
};

/** The server takes from src/ only the pure code shared with it (domain). */
const serverFromDomainOnly: Rule = {
  id: 'server-imports-src-domain-only',
  says: SERVER_IMPORTS_FROM_SRC.length
    ? `server/ imports from src/ only from ${SERVER_IMPORTS_FROM_SRC.join(', ')}/ (pure code shared with the browser)`
    : 'server/ imports nothing from src/',
  breaks: ({ file, target }) => file.startsWith('server/') && within(target, 'src') && !SERVER_IMPORTS_FROM_SRC.some((allowed) => within(target, allowed)),
};

/** The shared domain is pure and stands on neither half: both import it, it imports neither. */
const domainStandsAlone: Rule = {
  id: 'domain-imports-neither-half',
  says: 'domain/ never imports src/ or server/ (the pure code both halves share)',
  breaks: ({ file, target }) => file.startsWith('domain/') && (within(target, 'src') || within(target, 'server')),
};

export const RULES: readonly Rule[] = [productsApart, featuresApart, machinesPure, kernelAbove, kernelNoProductDomain, clientApart, serverFromDomainOnly, domainStandsAlone];

/** The folders whose imports are checked. */
export const CHECKED_ROOTS = ['src', 'server', 'domain'] as const;

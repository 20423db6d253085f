// @ts-check
/**
 * The import boundaries of docs/ARCHITECTURE.md ("Boundaries enforced") as zones of
 * eslint-plugin-import-x's `no-restricted-paths` (issue 54 §4; it replaced issue 39's home-made
 * plugin). A zone says: files under `target` never import a file under `from`, `except` the paths
 * listed (relative to `from`). Imports are judged by the file they resolve to (eslint.config.js's
 * resolver maps our `./x.js` specifiers to `x.ts`), type imports included.
 *
 * The folder lists (products, features) are read from disk when ESLint loads the config, so a new
 * product is apart from the others without a line here.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/** The folders directly under `dir` (repository-relative), sorted. */
const foldersOf = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** `src/x/Page` → `src/x/Page.tsx` (the file it names, as an import resolves it); a folder stays a folder. */
export function fileOf(path) {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]) {
    if (existsSync(join(ROOT, candidate))) return candidate;
  }
  return path;
}

/** `a/b/c` inside `a` → `./b/c` (an `except` entry is relative to its zone's `from`). */
const under = (from, path) => `./${path.slice(from.length + 1)}`;
const within = (path, dir) => path.startsWith(`${dir}/`);

/**
 * Server products are the folders of server/products; one never imports another (the lists beside
 * them, index.ts and channels.ts, are no product): what several need is in the kernel, what one
 * offers another goes through kernel.offers.
 */
function serverProductsApart() {
  const products = foldersOf('server/products');
  return products.map((product) => ({
    target: `server/products/${product}`,
    from: products.filter((other) => other !== product).map((other) => `server/products/${other}`),
    message: 'server-products-apart: a product never imports another; what several need is in the kernel, what one offers another goes through kernel.offers.',
  }));
}

/**
 * Client products are the folders of src/features; one imports another only through a shared
 * entry (`sharedEntries`).
 * One zone per pair of features, so an exception sits in the zone of the feature it belongs to.
 */
function clientFeaturesApart(sharedEntries) {
  const features = foldersOf('src/features');
  const excepted = sharedEntries.map(fileOf);
  return features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => {
        const from = `src/features/${other}`;
        const except = excepted.filter((path) => within(path, from)).map((path) => under(from, path));
        return {
          target: `src/features/${feature}`,
          from,
          ...(except.length > 0 ? { except } : {}),
          message: 'client-features-apart: a feature never imports another (except a shared entry); shared code goes to src/kit, src/app or domain.',
        };
      }),
  );
}

/**
 * The shell (src/app) is what every product uses, so it names none: products are composed in
 * src/main.tsx from the list src/features/index.ts, which only the shell's tests may read (they
 * check the menus and prefetching of the composed app).
 */
function shellImportsNoProduct() {
  return [
    ...foldersOf('src/features').map((feature) => ({
      target: 'src/app',
      from: `src/features/${feature}`,
      message: 'shell-imports-no-product: src/app never imports src/features; products are composed in src/main.tsx.',
    })),
    {
      target: 'src/app/**/!(*.test).{ts,tsx}',
      from: 'src/features/index.ts',
      message: 'shell-imports-no-product: only the shell\'s tests read the product list; products are composed in src/main.tsx.',
    },
  ];
}

/** The shared kit (src/kit: trade page, wallet account page, auth form) is imported by features and imports none. */
const kitImportsNoFeature = () => [
  { target: 'src/kit', from: 'src/features', message: 'kit-imports-no-feature: src/kit is what features share; it imports none of them.' },
];

/**
 * Machines never do I/O (ARCHITECTURE "Rules of the house"): every effect is a named placeholder
 * supplied by the product's provide(services). So a machine (a file under a machines/ folder or
 * named *.machine.ts) imports no I/O adapter (src/services), no shell services (src/app/services*),
 * no actors or flows that wrap them. Packages and node: built-ins: MACHINE_PACKAGES below, for the
 * core rule no-restricted-imports.
 */
export const MACHINE_FILES = ['src/**/machines/**', 'src/**/*.machine.{ts,tsx}'];
const machinesDoNoIo = () => [
  {
    target: MACHINE_FILES,
    from: ['src/services/**', 'src/app/services*', 'src/app/services*/**', 'src/app/actors/**', 'src/features/*/actors/**', 'src/kit/**/*.actors.ts', 'src/**/*.flows.{ts,tsx}'],
    message: 'machines-do-no-io: a machine names its effects and is given them; it never imports services, actors or flows.',
  },
];

/** Packages that do I/O, and the view packages: a machine imports none of them, nor a node: built-in. */
export const MACHINE_PACKAGES = ['axios', 'socket.io-client', 'engine.io-client', 'ws', 'node-fetch', 'cross-fetch', 'undici', 'ky', 'react', 'react-dom', '@xstate/react', 'react-router-dom', 'react-router'];

/**
 * The kernel never reaches into a product, types included (a product hands the kernel what it needs
 * at the composition root), nor into one product's wire types in domain/ (the kernel carries that
 * product's messages without naming them; the private channel's own type is domain/userChannel.ts).
 */
const PRODUCT_DOMAIN = ['spotOrders', 'wallet', 'walletAmounts', 'walletValidation', 'futures', 'seconds', 'ico', 'fiat', 'fiatSettings', 'kyc', 'apiKeys'];
const kernelImportsNoProduct = () => [
  { target: 'server/kernel', from: 'server/products', message: 'kernel-imports-no-product: a product hands the kernel what it needs at the composition root.' },
  {
    target: 'server/kernel',
    from: PRODUCT_DOMAIN.map((name) => fileOf(`domain/${name}`)),
    message: "kernel-imports-no-product-domain: the kernel never names one product's wire types; the product declares what the kernel needs of it.",
  },
];

/** The halves: the browser app never imports the server, nor the server the app; domain/ stands on neither. */
const halves = () => [
  { target: 'src', from: 'server', message: 'client-imports-no-server: src/ never imports server/.' },
  { target: 'server', from: 'src', message: 'server-imports-no-client: the code both halves share is domain/.' },
  { target: 'domain', from: ['src', 'server'], message: 'domain-imports-neither-half: domain/ is the pure code both halves share.' },
];

/**
 * Every zone. `sharedEntries`: the one way a feature's page uses another's (its flows with their
 * own chunk); `kernel`: the zones of the kernel's packages (eslint.config.js's KERNEL_PACKAGES).
 * @param {{ sharedEntries?: string[], kernel?: object[] }} allow
 */
export function zones({ sharedEntries = [], kernel = [] } = {}) {
  return [
    ...halves(),
    ...serverProductsApart(),
    ...kernelImportsNoProduct(),
    ...kernel,
    ...clientFeaturesApart(sharedEntries),
    ...shellImportsNoProduct(),
    ...kitImportsNoFeature(),
    ...machinesDoNoIo(),
  ];
}

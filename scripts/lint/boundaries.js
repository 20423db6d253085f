// @ts-check
/**
 * Issue 39: the import boundaries of docs/ARCHITECTURE.md as ESLint rules (`npm run lint`). A plain
 * JS plugin of this repository rather than eslint-plugin-boundaries or eslint-plugin-import: those
 * judge an import by its resolved file, so they need a TypeScript resolver for our `./x.js`
 * specifiers, and they allow crossings by file or folder, not one import at a time as our ratchets
 * do. Here an import's target is its specifier joined to the importing file's folder (nothing is
 * read from disk), which is all a boundary between folders needs.
 *
 * Paths are repository-relative with '/' and without a code extension (`server/kernel/http/schemas`);
 * a package is its bare name (`axios`, `socket.io-client/dist/x`). Every rule takes `allow`: the
 * imports, as `file -> target`, that broke it when it was written — a ratchet, kept in
 * eslint.config.js, that may only shrink (scripts/lint/lintRules.test.ts fails on a listed import
 * that is gone).
 */
import { posix, relative, sep } from 'node:path';

/** `./x.js` from `src/a/b.ts` → `src/a/x`; a package specifier stays as written. */
export function targetOf(file, specifier) {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return specifier;
  const resolved = posix.normalize(posix.join(posix.dirname(file), specifier));
  return resolved.replace(/\.(js|jsx|mjs|ts|tsx|mts)$/, '').replace(/\/$/, '');
}

/** The edge an allowance lists: `src/features/kyc/views/KycPage.tsx -> src/features/accounts/views/auth/AuthForm`. */
export const edgeOf = (file, target) => `${file} -> ${target}`;

/** `path` is `dir` or inside it. */
const within = (path, dir) => path === dir || path.startsWith(`${dir}/`);
/** The folder directly under `root` that `path` is in (`spot` for server/products/spot/x.ts), if any. */
const partOf = (path, root) => (path.startsWith(`${root}/`) ? /^([^/]+)\//.exec(path.slice(root.length + 1))?.[1] : undefined);
const isPackage = (target, name) => target === name || target.startsWith(`${name}/`);
const isMachine = (file) => file.includes('/machines/') || /\.machine\.tsx?$/.test(file);
const isTest = (file) => /\.test\.tsx?$/.test(file);

/**
 * @typedef {{ allow?: string[], sharedEntries?: string[], ioPackages?: string[], productDomain?: string[] }} Options
 * @typedef {{ says: (options: Options) => string, breaks: (file: string, target: string, options: Options) => boolean, options?: string[] }} Boundary
 * @type {Record<string, Boundary>}
 */
const BOUNDARIES = {
  /** Server products are folders of server/products; one never imports another (the lists beside them are no product). */
  'server-products-apart': {
    says: () => 'server/products/<a>/ never imports server/products/<b>/: what several need is in the kernel, what one offers another goes through kernel.offers',
    breaks: (file, target) => {
      const a = partOf(file, 'server/products');
      const b = partOf(target, 'server/products');
      return a !== undefined && b !== undefined && a !== b;
    },
  },
  /** Client products are folders of src/features; one imports another only through a shared entry. */
  'client-features-apart': {
    options: ['sharedEntries'],
    says: ({ sharedEntries = [] }) => `src/features/<a>/ never imports src/features/<b>/ except a shared entry (${sharedEntries.join(', ')}): shared code goes to src/app or domain`,
    breaks: (file, target, { sharedEntries = [] }) => {
      const a = partOf(file, 'src/features');
      const b = partOf(target, 'src/features');
      return a !== undefined && b !== undefined && a !== b && !sharedEntries.some((entry) => within(target, entry));
    },
  },
  /**
   * The shell (src/app) is what every product uses, so it names none: products are put together
   * at the composition root, src/main.tsx, from the list src/features/index.ts. The shell's tests
   * may read that list (they check the menus and prefetching of the composed app).
   */
  'shell-imports-no-product': {
    says: () => 'src/app/** never imports src/features/** (the product list only in a test): products are composed in src/main.tsx',
    breaks: (file, target) => {
      if (!within(file, 'src/app')) return false;
      if (partOf(target, 'src/features') !== undefined && target !== 'src/features/index') return true;
      return (target === 'src/features' || target === 'src/features/index') && !isTest(file);
    },
  },
  /**
   * Machines never do I/O (ARCHITECTURE "Rules of the house"): every effect is a named placeholder
   * supplied by the product's provide(services). So a machine (a file under a machines/ folder or
   * named *.machine.ts) imports no I/O adapter (src/services: the API client, socket, storage), no
   * shell services (src/app/services*), no actors or flows that wrap them, no Node built-in, and
   * none of the I/O or view packages of `ioPackages`.
   */
  'machines-do-no-io': {
    options: ['ioPackages'],
    says: ({ ioPackages = [] }) =>
      `a machine (machines/**, *.machine.ts) never imports src/services/**, src/app/services*, actors/, *.flows, node:* or ${ioPackages.join(', ')}`,
    breaks: (file, target, { ioPackages = [] }) =>
      isMachine(file) &&
      (within(target, 'src/services') ||
        target.startsWith('src/app/services') ||
        /^src\/(app|features\/[^/]+)\/actors(\/|$)/.test(target) ||
        /^src\/.*\.flows$/.test(target) ||
        target.startsWith('node:') ||
        ioPackages.some((name) => isPackage(target, name))),
  },
  /** The kernel never reaches into a product: what it needs of one it is handed at the composition root. */
  'kernel-imports-no-product': {
    says: () => 'server/kernel/** never imports server/products/** (types included): a product hands the kernel what it needs at the composition root',
    breaks: (file, target) => within(file, 'server/kernel') && within(target, 'server/products'),
  },
  /**
   * One product's wire types (domain/<product>): the kernel carries that product's messages and
   * channels without naming them (the private channel's own type is domain/userChannel.ts).
   */
  'kernel-imports-no-product-domain': {
    options: ['productDomain'],
    says: () => "server/kernel/** never imports a product's wire types (domain/spotOrders, wallet, futures/, seconds, ico, fiat, kyc …): the product declares what the kernel needs of it",
    breaks: (file, target, { productDomain = [] }) => within(file, 'server/kernel') && productDomain.some((domain) => within(target, domain)),
  },
  /** The browser app never imports the server. */
  'client-imports-no-server': {
    says: () => 'src/ never imports server/',
    breaks: (file, target) => within(file, 'src') && within(target, 'server'),
  },
  /** The server never imports the browser app: what both need is the top-level domain/ package. */
  'server-imports-no-client': {
    says: () => 'server/ never imports src/: the code both halves share is domain/',
    breaks: (file, target) => within(file, 'server') && within(target, 'src'),
  },
  /** The shared domain is pure and stands on neither half: both import it, it imports neither. */
  'domain-imports-neither-half': {
    says: () => 'domain/ never imports src/ or server/ (the pure code both halves share)',
    breaks: (file, target) => within(file, 'domain') && (within(target, 'src') || within(target, 'server')),
  },
};

/** The string literal naming a module, if `node` is one (`'x'`, or a template without `${}`). */
function moduleName(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  if (node.type === 'TSLiteralType') return moduleName(node.literal);
  return undefined;
}

/**
 * Every way a file names another module, types included: import and export … from, import(),
 * `import('x').T` types, require(), `import x = require()`, and `declare module 'x'` augmentations.
 * `check` is called with the node naming the module.
 */
function importVisitors(check) {
  const source = (node) => check(node.source);
  return {
    ImportDeclaration: source,
    ExportNamedDeclaration: source,
    ExportAllDeclaration: source,
    ImportExpression: source,
    TSImportType: (node) => check(node.source ?? node.argument),
    TSExternalModuleReference: (node) => check(node.expression),
    TSModuleDeclaration: (node) => check(node.id),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(node.arguments[0]);
    },
  };
}

const listOfStrings = { type: 'array', items: { type: 'string' }, uniqueItems: true };

/** @returns {import('eslint').Rule.RuleModule} */
function ruleOf(id, boundary) {
  const properties = { allow: listOfStrings, ...Object.fromEntries((boundary.options ?? []).map((name) => [name, listOfStrings])) };
  return {
    meta: {
      type: 'problem',
      docs: { description: boundary.says({}) },
      schema: [{ type: 'object', properties, additionalProperties: false }],
      messages: { breaks: "import '{{specifier}}' ({{target}}) breaks {{id}}: {{says}}" },
    },
    create(context) {
      /** @type {Options} */
      const options = context.options[0] ?? {};
      const allowed = new Set(options.allow ?? []);
      const file = relative(context.cwd, context.filename).split(sep).join('/');
      return importVisitors((node) => {
        const specifier = moduleName(node);
        if (specifier === undefined) return;
        const target = targetOf(file, specifier);
        if (!boundary.breaks(file, target, options) || allowed.has(edgeOf(file, target))) return;
        context.report({ node, messageId: 'breaks', data: { specifier, target, id, says: boundary.says(options) } });
      });
    },
  };
}

/** The plugin: `boundaries/<id>` for each boundary above. */
export default {
  meta: { name: 'boundaries', version: '1.0.0' },
  rules: Object.fromEntries(Object.entries(BOUNDARIES).map(([id, boundary]) => [id, ruleOf(id, boundary)])),
};

/**
 * npm run i18n:check — the client's and the server's catalogues, found by folder: every directory
 * named `locales`, and every folder below one, that holds `.json` files holds one `<locale>.json`
 * per display language (on the client: src/locales/ and its `pages/`, `ui/`; each feature's and kit
 * part's `locales/`, with subfolders such as `shell/`, the menu labels merged into the shell
 * catalogue). For each side: every key of English is present (and non-empty)
 * in all 9 locales, no locale has a key English lacks, no key is defined by two catalogues,
 * interpolation variables match ({{x}} on the client, {x} on the server), a locale is not a copy
 * of English, and no key is unused: each must appear as a quoted literal in that side's sources
 * (for nested server texts such as notifications, the first part of the key: the kind).
 * A key English gives as plural forms (`x_one`, `x_other`: i18next's suffixes, chosen by `count`)
 * is used as `x`, and each locale gives exactly the forms its language has (Intl.PluralRules).
 * The ICO demo projects' descriptions (seeded on a fresh start) are held to all 9 languages too, and
 * the help-centre and notes seeds to the app's current wording (the P2P articles to its labels).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCALE_CODES, type LocaleCode } from '../domain/languages';
import { LEDGER_KIND_KEYS } from '../domain/walletAmounts';
import { DEMO_TEXTS } from '../server/products/ico/demoTexts';

const root = join(import.meta.dirname, '..');

export function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      for (const [fk, fv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(fk, fv);
    }
  }
  return out;
}

/** Share of values a locale may leave identical to English before it counts as untranslated. */
const MAX_IDENTICAL_SHARE = 0.1;

const SKIPPED = new Set(['node_modules', 'dist', '.git']);

/** Every directory named `locales` below `dir`. */
function localesDirs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIPPED.has(name) || !statSync(path).isDirectory()) return [];
    return name === 'locales' ? [path] : localesDirs(path);
  });
}

/**
 * The catalogue folders of a side: each `locales` directory and each folder below it that holds
 * `.json` files (a feature's `locales/shell/`, `locales/twoFactor/` …), in path order.
 */
export function catalogueFolders(dirs: string[]): string[] {
  const below = (dir: string): string[] => {
    const entries = readdirSync(dir).sort();
    const subfolders = entries.filter((name) => statSync(join(dir, name)).isDirectory()).flatMap((name) => below(join(dir, name)));
    return entries.some((name) => name.endsWith('.json')) ? [dir, ...subfolders] : subfolders;
  };
  return dirs.flatMap(below);
}

/** Source files below `dir` that may name a key: .ts/.tsx, not tests, not inside a `locales` folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED.has(name) || name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Side {
  name: string;
  /** The catalogue folders of this side (catalogueFolders); their keys share one namespace. */
  folders: string[];
  variables(text: string): string;
  /** Where a key must be quoted to count as used. */
  sources: string[];
  /** The literal code names for a (flattened) key. */
  usedAs(key: string): string;
}

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** The plural categories a locale's language distinguishes ("ru_RU": few, many, one, other). */
const pluralCategories = (code: string): string[] => new Intl.PluralRules(code.replace('_', '-')).resolvedOptions().pluralCategories.slice().sort();

/** Bases of the keys English gives plural forms of (`x` for `x_one` and `x_other`). */
const pluralBases = (english: Map<string, string>) =>
  new Set([...english.keys()].filter((key) => key.endsWith('_other')).map((key) => key.replace(PLURAL_FORM, '')));

const sortedNames = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => m[1]).sort().join(',');

/** The client's catalogue folders below `src` (a scaffold's mirror of the tree gives its own). */
export const clientFolders = (src: string): string[] => catalogueFolders(localesDirs(src));

export const CLIENT: Side = {
  name: 'client',
  folders: clientFolders(join(root, 'src')),
  variables: (text) => sortedNames(text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)),
  sources: [join(root, 'src'), join(root, 'domain')],
  usedAs: (key) => key,
};

export const SERVER: Side = {
  name: 'server',
  folders: catalogueFolders(localesDirs(join(root, 'server'))),
  variables: (text) => sortedNames(text.matchAll(/\{(\w+)\}/g)),
  // The server compiles domain too (the notification kinds are listed there).
  sources: [join(root, 'server'), join(root, 'domain')],
  usedAs: (key) => key.split('.')[0]!,
};

/** One locale of a side: every catalogue's keys, flattened and merged; a key defined twice is a problem. */
export function catalogue(side: Side, code: string, problems: string[] = []): Map<string, string> {
  const merged = new Map<string, string>();
  const where = new Map<string, string>();
  for (const file of side.folders.map((folder) => join(folder, `${code}.json`))) {
    if (!existsSync(file)) {
      problems.push(`${side.name} ${code}: missing catalogue ${relative(root, file)}`);
      continue;
    }
    for (const [key, value] of flatten(JSON.parse(readFileSync(file, 'utf8')))) {
      const first = where.get(key);
      if (first) problems.push(`${side.name} ${code}: key ${key} is defined twice (${first}, ${relative(root, file)})`);
      else where.set(key, relative(root, file));
      merged.set(key, value);
    }
  }
  return merged;
}

export function checkSide(side: Side): string[] {
  const problems: string[] = [];
  if (side.folders.length === 0) return [`${side.name}: no locales folder found`];
  const catalogues = new Map(LOCALE_CODES.map((code) => [code, catalogue(side, code, problems)]));
  const english = catalogues.get('en_US')!;
  const plurals = pluralBases(english);
  const pluralForm = (key: string) => PLURAL_FORM.test(key) && plurals.has(key.replace(PLURAL_FORM, ''));
  for (const [code, catalogue] of catalogues) {
    const where = `${side.name} ${code}`;
    for (const base of plurals) {
      const variables = side.variables(english.get(`${base}_other`)!);
      const withoutCount = variables.split(',').filter((v) => v !== 'count').join(',');
      const categories = pluralCategories(code);
      for (const category of categories) {
        const form = catalogue.get(`${base}_${category}`);
        if (form === undefined) problems.push(`${where}: missing plural form ${base}_${category}`);
        else if (form.trim() === '') problems.push(`${where}: empty value for ${base}_${category}`);
        // A form may leave the count out ("one record"), nothing else.
        else if (![variables, withoutCount].includes(side.variables(form))) {
          problems.push(`${where}: ${base}_${category} has variables {${side.variables(form)}}, English has {${variables}}`);
        }
      }
      for (const key of catalogue.keys()) {
        if (pluralForm(key) && key.replace(PLURAL_FORM, '') === base && !categories.includes(key.slice(base.length + 1))) {
          problems.push(`${where}: ${key} is not a plural form of this language (${categories.join(', ')})`);
        }
      }
    }
    for (const [key, text] of english) {
      if (pluralForm(key)) continue;
      const translated = catalogue.get(key);
      if (translated === undefined) problems.push(`${where}: missing key ${key}`);
      else if (translated.trim() === '') problems.push(`${where}: empty value for ${key}`);
      else if (side.variables(translated) !== side.variables(text)) {
        problems.push(`${where}: ${key} has variables {${side.variables(translated)}}, English has {${side.variables(text)}}`);
      }
    }
    for (const key of catalogue.keys()) if (!english.has(key) && !pluralForm(key)) problems.push(`${where}: key ${key} is not in en_US`);
    if (code !== 'en_US') {
      // A copied English catalogue has every key; this catches it. Some words are the same in
      // both languages (Android, Spot, Total), so a few identical values are fine.
      const same = [...english].filter(([key, text]) => catalogue.get(key) === text).length;
      if (same > english.size * MAX_IDENTICAL_SHARE) {
        problems.push(`${where}: ${same} of ${english.size} values are identical to English; is it translated?`);
      }
    }
  }
  const sources = side.sources
    .flatMap(sourceFiles)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  for (const key of new Set([...english.keys()].map((key) => (pluralForm(key) ? key.replace(PLURAL_FORM, '') : key)))) {
    const name = side.usedAs(key);
    if (!sources.includes(`'${name}'`) && !sources.includes(`"${name}"`)) {
      problems.push(`${side.name}: unused key ${key} (no quoted use in ${side.sources.map((s) => relative(root, s)).join(', ')})`);
    }
  }
  return problems;
}

/**
 * Every ledger entry kind the server writes has a label (issue 37 §3: /wallet/wallet-log showed
 * `ico_thaw`, `fiat_release`, `futures_margin`): the kinds are read from the server's sources — the
 * `kind: '…'` of changeBalance and the batch's changes, the first quoted argument of
 * `books.change` / `books.transfer` — and each must be in LEDGER_KIND_KEYS (domain/walletAmounts.ts),
 * whose keys the catalogue check above then holds to all 9 languages.
 */
export function ledgerKindsWritten(): string[] {
  const kinds = new Set<string>();
  for (const file of sourceFiles(join(root, 'server'))) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/books\.(?:change|transfer)\(([^;]*?)\)/g)) {
      const first = /'([a-z_]+)'/.exec(call[1]!);
      if (first) kinds.add(first[1]!);
    }
    if (!/changeBalance|applyBalanceChanges|BalanceChange/.test(text)) continue;
    for (const line of text.split('\n')) {
      if (!/available|frozen|refType/.test(line)) continue;
      for (const m of line.matchAll(/\bkind: '([a-z_]+)'/g)) kinds.add(m[1]!);
    }
  }
  return [...kinds].sort();
}

export function checkLedgerKinds(): string[] {
  return ledgerKindsWritten()
    .filter((kind) => LEDGER_KIND_KEYS[kind] === undefined)
    .map((kind) => `ledger: entry kind ${kind} has no label in LEDGER_KIND_KEYS (domain/walletAmounts.ts)`);
}

/**
 * Every ICO project a fresh start seeds has its description in all 9 languages (issue 50 M7): not
 * missing, not blank, and not English's text copied into another language. `projects` is the
 * seed's texts by symbol (DEMO_TEXTS unless a test gives others).
 */
export function checkIcoSeedTexts(projects: Record<string, Partial<Record<string, string>>> = DEMO_TEXTS): string[] {
  const problems: string[] = [];
  for (const [symbol, texts] of Object.entries(projects)) {
    const english = texts.en_US?.trim();
    for (const code of LOCALE_CODES) {
      const text = texts[code]?.trim();
      const where = `ico seed ${symbol} ${code}`;
      if (!text) problems.push(`${where}: no description (server/products/ico/demoTexts.ts)`);
      else if (code !== 'en_US' && text === english) problems.push(`${where}: the description is English's; is it translated?`);
    }
  }
  return problems;
}

/**
 * Words the app no longer uses, per language, that the help-centre and notes seeds must not bring
 * back (issue 50): the old name of the funds password (one term, "Funds password", in every
 * language since M1) and the old security-level sentence (the level counts four items since M2).
 */
export const RETIRED_SEED_WORDS: Record<LocaleCode, RegExp[]> = {
  en_US: [/\bfund password/i, /low until identity verification is complete/i],
  de_DE: [/niedrig, bis die Identitätsverifizierung abgeschlossen ist/],
  es_ES: [/bajo hasta completar la verificación de identidad/],
  fr_FR: [/mot de passe de fonds/i, /faible tant que la vérification d’identité n’est pas terminée/],
  ja_JP: [/本人確認が完了するまでは「低」/],
  ko_KR: [/신원 인증이 완료되기 전에는 낮음/],
  ru_RU: [/финансов\S* парол/i, /пароль для операций со средствами/i, /низкий, пока верификация личности не завершена/],
  tr_TR: [/kimlik doğrulaması tamamlanana kadar düşük/],
  zh_TW: [/完成身分認證前為「低」/],
};

/** The help centre's articles (the support product's seed) and the platform notes' (the kernel's). */
const SEED_DIRS = ['server/products/support/seed/help', 'server/kernel/platform/db/seed/notes'].map((dir) => join(root, dir));

/** Each seed file's texts checked against its language's retired words; `read` is for tests. */
export function checkSeedWords(read: (file: string) => string | undefined = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined)): string[] {
  const problems: string[] = [];
  for (const dir of SEED_DIRS) {
    for (const code of LOCALE_CODES) {
      const file = join(dir, `${code}.json`);
      const text = read(file);
      // Missing is a problem, not a pass: the help seed moved once and this check read nothing for months.
      if (text === undefined) {
        problems.push(`seed ${relative(root, file)}: missing`);
        continue;
      }
      for (const word of RETIRED_SEED_WORDS[code]) {
        if (word.test(text)) problems.push(`seed ${relative(root, file)}: says ${word} (a retired wording)`);
      }
    }
  }
  return problems;
}

/**
 * The app's labels a help article must quote, by article id (client keys; {{coin}} read as USDT):
 * the P2P articles had fallen behind the flow they describe (no cancel, chat, appeal, funds
 * password or sale page), and a label renamed in the app now names the article to rewrite.
 */
export const HELP_QUOTES: Record<string, string[]> = {
  'buy-crypto-p2p': ['nav.fiatBuy', 'deal.buyCoin', 'deal.byAmount', 'deal.byQuantity', 'page.deal.buyNext', 'common.confirm', 'fiat.timeLeft', 'fiat.iHavePaid', 'fiat.cancelOrder', 'fiat.chat.attach', 'fiat.waitingSeller', 'fiat.confirmReceipt', 'fiat.purchaseSucceeded', 'fiat.appeal', 'fiat.submitAppeal', 'menu.order.fiatOrders'],
  'sell-crypto-p2p': ['menu.user.collection', 'nav.fiatBuy', 'deal.sellCoin', 'page.deal.sellNext', 'fiat.receiveTo', 'fiat.proof.fundsPassword', 'fiat.waitingBuyer', 'fiat.iHavePaid', 'fiat.confirmReceipt', 'fiat.saleCompleted', 'fiat.status.paid', 'fiat.appeal', 'fiat.ads.title', 'menu.order.fiatOrders'],
};

/** Each help article of HELP_QUOTES checked for its labels in every language (a missing file is checkSeedWords's problem); `read` is for tests. */
export function checkHelpQuotes(read: (file: string) => string | undefined = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined)): string[] {
  const problems: string[] = [];
  for (const code of LOCALE_CODES) {
    const text = read(join(SEED_DIRS[0]!, `${code}.json`));
    if (text === undefined) continue;
    const labels = catalogue(CLIENT, code);
    const articles = JSON.parse(text) as Array<{ id: string; answer: string }>;
    for (const [id, keys] of Object.entries(HELP_QUOTES)) {
      const answer = articles.find((a) => a.id === id)?.answer.toLocaleLowerCase(code.replace('_', '-'));
      if (answer === undefined) {
        problems.push(`help seed ${code}: no article ${id}`);
        continue;
      }
      for (const key of keys) {
        const label = labels.get(key)?.replaceAll('{{coin}}', 'USDT');
        if (label === undefined) problems.push(`help seed ${code} ${id}: ${key} is no label of the app`);
        else if (!answer.includes(label.toLocaleLowerCase(code.replace('_', '-')))) problems.push(`help seed ${code} ${id}: does not say "${label}" (${key})`);
      }
    }
  }
  return problems;
}

export function check(): string[] {
  return [...[CLIENT, SERVER].flatMap(checkSide), ...checkLedgerKinds(), ...checkIcoSeedTexts(), ...checkSeedWords(), ...checkHelpQuotes()];
}

if (process.argv[1] && relative(process.argv[1], import.meta.filename) === '') {
  const problems = check();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`i18n:check failed: ${problems.length} problem(s)`);
    process.exit(1);
  }
  for (const side of [CLIENT, SERVER]) {
    const folders = side.folders.map((folder) => relative(root, folder)).join(', ');
    console.log(`i18n:check ok: ${side.name}, ${catalogue(side, 'en_US').size} keys in ${LOCALE_CODES.length} locales, all used (${folders})`);
  }
  console.log(`i18n:check ok: ${Object.keys(DEMO_TEXTS).length} ICO seed projects described in ${LOCALE_CODES.length} languages`);
}

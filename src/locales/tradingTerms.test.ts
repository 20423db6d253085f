/**
 * One Turkish word for a trading order: "emir" (emir defteri, limit emri, emirlerim), the word
 * Turkish exchanges use. "Sipariş" is a shop's order: it names a P2P fiat order (the fiat
 * product's catalogues, apart from these) and never a spot, futures or seconds one. An audit found
 * both words for a trading order; this holds the trading catalogues to the one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** The catalogues of the trading screens and the server's trading refusals (not P2P fiat's, not the help articles). */
const TRADING = [
  'src/locales',
  'src/kit/trade/locales',
  'src/features/spot/locales',
  'src/features/futures/locales',
  'src/features/markets/locales',
  'src/features/seconds/locales',
  'src/features/ico/locales',
  'server/products/spot/locales',
  'server/products/futures/locales',
  'server/products/markets/locales',
  'server/products/seconds/locales',
];

/** Every tr_TR.json under `dir`, its sub-folders (pages/, shell/) included. */
function turkishFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return turkishFiles(path);
    return name === 'tr_TR.json' ? [path] : [];
  });
}

function texts(node: unknown, key = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[key, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => texts(v, key ? `${key}.${k}` : k));
  return [];
}

describe('Turkish trading terms', () => {
  it('calls a trading order "emir", never "sipariş"', () => {
    const files = TRADING.flatMap((dir) => turkishFiles(join(root, dir)));
    expect(files.length).toBeGreaterThan(10);
    const shop = files.flatMap((file) =>
      texts(JSON.parse(readFileSync(file, 'utf8')))
        .filter(([, text]) => /sipari[şs]/i.test(text.replace(/İ/g, 'i').replace(/I/g, 'ı')))
        .map(([key, text]) => `${relative(root, file)} ${key}: ${text}`),
    );
    expect(shop).toEqual([]);
  });
});

/**
 * The futures screens write "take-profit" and "stop-loss" in Spanish (their labels, dialogs and
 * refusals); the help centre's futures article and the beginner's guide wrote "take profit" and
 * "stop loss", as if other orders. Every Spanish text the trader reads, the seeds included, holds
 * to the screens' words.
 */
describe('Spanish futures terms', () => {
  const spanish = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return spanish(path);
      return name === 'es_ES.json' ? [path] : [];
    });

  it('writes take-profit and stop-loss as the futures screens do, in the help and guide seeds too', () => {
    const futures = JSON.parse(readFileSync(join(root, 'src/features/futures/locales/es_ES.json'), 'utf8')) as { futures: { takeProfit: string; stopLoss: string } };
    const terms = [futures.futures.takeProfit, futures.futures.stopLoss].map((label) => label.toLowerCase());
    expect(terms).toEqual(['take-profit', 'stop-loss']);
    const seeds = ['server/products/support/seed/help', 'server/kernel/platform/db/seed/notes', 'server/kernel/platform/notifications/locales'];
    const files = [...TRADING, ...seeds].flatMap((dir) => spanish(join(root, dir)));
    const unhyphenated = new RegExp(terms.map((term) => term.replace('-', '[ \\u00a0]')).join('|'), 'i');
    const other = files.flatMap((file) =>
      texts(JSON.parse(readFileSync(file, 'utf8')))
        .filter(([, text]) => unhyphenated.test(text))
        .map(([key, text]) => `${relative(root, file)} ${key}: …${text.match(new RegExp(`.{0,40}(${unhyphenated.source}).{0,20}`, 'i'))?.[0]}…`),
    );
    expect(other).toEqual([]);
  });
});

/**
 * The i18n check's rules for seeds (issue 50): an ICO project a fresh start seeds is refused unless
 * its description is written in all 9 languages (M7); the help-centre and notes seeds may not bring
 * back retired wording (the "fund password", the old security-level sentence). And the client's
 * catalogues are found where each feature keeps them (issue 54 §2): its `locales/` and the folders
 * below it, menu labels in `locales/shell/`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../domain/languages';
import { DEMO_TEXTS } from '../server/products/ico/demoTexts';
import { catalogue, catalogueFolders, checkHelpQuotes, checkIcoSeedTexts, checkSeedWords, CLIENT, HELP_QUOTES } from './i18n-check';

describe('i18n check: ICO seed projects', () => {
  it('accepts the demo projects as seeded: every language written', () => {
    expect(checkIcoSeedTexts()).toEqual([]);
    for (const texts of Object.values(DEMO_TEXTS)) expect(Object.keys(texts).sort()).toEqual([...LOCALE_CODES].sort());
  });

  it('refuses a project with a language missing, blank, or left in English', () => {
    const { fr_FR: _missing, ...withoutFrench } = DEMO_TEXTS.NOVA;
    const problems = checkIcoSeedTexts({
      NOVA: withoutFrench,
      LUMN: { ...DEMO_TEXTS.LUMN, ko_KR: '  ' },
      ORBT: { ...DEMO_TEXTS.ORBT, tr_TR: DEMO_TEXTS.ORBT.en_US },
    });
    expect(problems).toEqual([
      'ico seed NOVA fr_FR: no description (server/products/ico/demoTexts.ts)',
      'ico seed LUMN ko_KR: no description (server/products/ico/demoTexts.ts)',
      "ico seed ORBT tr_TR: the description is English's; is it translated?",
    ]);
  });
});

describe('i18n check: help-centre and notes seeds', () => {
  it('the seeds as they are use the current wording', () => {
    expect(checkSeedWords()).toEqual([]);
  });

  it('a seed file that is not there is a problem, not a pass', () => {
    expect(checkSeedWords((file) => (file.endsWith('notes/de_DE.json') ? undefined : '{}'))).toEqual(['seed server/kernel/platform/db/seed/notes/de_DE.json: missing']);
  });

  it('refuses "fund password" or the old security-level sentence in a seed', () => {
    const problems = checkSeedWords((file) =>
      file.endsWith('help/en_US.json') ? '[{"answer": "Set a fund password."}]' : file.endsWith('notes/ru_RU.json') ? '{"a": "Финансовый пароль"}' : file.endsWith('help/ja_JP.json') ? '本人確認が完了するまでは「低」' : '{}',
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^seed server\/products\/support\/seed\/help\/en_US\.json: says/);
  });
});

describe('i18n check: the P2P help articles quote the app', () => {
  it("the buy and sell articles name every step's label as the app shows it, in all 9 languages", () => {
    expect(checkHelpQuotes()).toEqual([]);
  });

  it('a label the article no longer says, or an article gone, is named', () => {
    const english = JSON.stringify([{ id: 'buy-crypto-p2p', answer: 'Press “I have paid”.' }]);
    const problems = checkHelpQuotes((file) => (file.endsWith('help/en_US.json') ? english : undefined));
    expect(problems).toContain('help seed en_US buy-crypto-p2p: does not say "Appeal" (fiat.appeal)');
    expect(problems).not.toContain('help seed en_US buy-crypto-p2p: does not say "I have paid" (fiat.iHavePaid)');
    expect(problems).toContain('help seed en_US: no article sell-crypto-p2p');
    expect(problems).toHaveLength(HELP_QUOTES['buy-crypto-p2p']!.length - 1 + 1);
  });
});

describe("i18n check: the client's catalogues, each beside its feature", () => {
  const root = join(import.meta.dirname, '..');
  const scratch = mkdtempSync(join(tmpdir(), 'openex-i18n-check-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (path: string, tree: object) => {
    mkdirSync(join(scratch, path, '..'), { recursive: true });
    writeFileSync(join(scratch, path), JSON.stringify(tree));
  };

  it("finds the shell's, the features' (their menu labels too) and the kit's folders", () => {
    const folders = CLIENT.folders.map((folder) => relative(root, folder));
    expect(folders).toEqual(expect.arrayContaining(['src/locales', 'src/locales/pages', 'src/features/wallet/locales', 'src/features/wallet/locales/shell', 'src/features/accounts/locales/twoFactor', 'src/kit/trade/locales']));
    const english = catalogue(CLIENT, 'en_US');
    // A shell key, a feature's menu label, a feature's page text and a kit's text: one namespace.
    expect(['common.loading', 'menu.wallet.overview', 'wallet.ops.identityDesk', 'trade.bookView.book'].filter((key) => !english.has(key))).toEqual([]);
  });

  it('refuses a key two files define, naming both, and a folder that lacks a language', () => {
    write('features/x/locales/shell/en_US.json', { nav: { x: 'X' } });
    write('features/x/locales/en_US.json', { x: { title: 'X' } });
    write('locales/en_US.json', { nav: { x: 'X again', home: 'Home' } });
    const side = { ...CLIENT, folders: catalogueFolders([join(scratch, 'features/x/locales'), join(scratch, 'locales')]) };
    expect(side.folders.map((folder) => relative(scratch, folder))).toEqual(['features/x/locales', 'features/x/locales/shell', 'locales']);
    const problems: string[] = [];
    expect([...catalogue(side, 'en_US', problems).keys()]).toEqual(['x.title', 'nav.x', 'nav.home']);
    expect(problems).toEqual([expect.stringMatching(/^client en_US: key nav\.x is defined twice \(.*features\/x\/locales\/shell\/en_US\.json, .*locales\/en_US\.json\)$/)]);
    const german: string[] = [];
    catalogue(side, 'de_DE', german);
    expect(german).toHaveLength(3);
    expect(german[1]).toMatch(/^client de_DE: missing catalogue .*features\/x\/locales\/shell\/de_DE\.json$/);
  });
});

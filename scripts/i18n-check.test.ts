/**
 * The i18n check's rules for seeds (issue 50): an ICO project a fresh start seeds is refused unless
 * its description is written in all 9 languages (M7); the help-centre and notes seeds may not bring
 * back retired wording (the "fund password", the old security-level sentence).
 */
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../domain/languages';
import { DEMO_TEXTS } from '../server/products/ico/demoTexts';
import { checkIcoSeedTexts, checkSeedWords } from './i18n-check';

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

  it('refuses "fund password" or the old security-level sentence in a seed', () => {
    const problems = checkSeedWords((file) =>
      file.endsWith('help/en_US.json') ? '[{"answer": "Set a fund password."}]' : file.endsWith('notes/ru_RU.json') ? '{"a": "Финансовый пароль"}' : file.endsWith('help/ja_JP.json') ? '本人確認が完了するまでは「低」' : '{}',
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^seed server\/kernel\/platform\/db\/seed\/help\/en_US\.json: says/);
  });
});

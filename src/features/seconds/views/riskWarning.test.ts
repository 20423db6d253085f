/**
 * The seconds risk warning's jurisdiction line (an audit: a trader pricing in EUR read "not allowed
 * … in the EU" as said of them). Nothing on the server looks at where a trader lives or what they
 * price in, and the dialog is the same for everyone: the line says that the law of the reader's
 * home decides and that the platform does not check it, besides the EU and UK example.
 */
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from '../../../../domain/languages';
import { testTexts } from '../../../app/testing/viewHarness';

const WHERE_YOU_LIVE: Record<LocaleCode, string> = {
  en_US: 'the law where you live',
  de_DE: 'vom Recht an Ihrem Wohnort',
  es_ES: 'de la ley del lugar donde reside',
  fr_FR: 'de la loi du lieu où vous résidez',
  ja_JP: 'お住まいの地域の法律',
  ko_KR: '거주지의 법',
  ru_RU: 'закон страны, где вы живёте',
  tr_TR: 'yaşadığınız yerin hukuku',
  zh_TW: '您居住地的法律',
};

describe('seconds risk warning: who may trade', () => {
  it.each(LOCALE_CODES)('in %s the law where the reader lives decides, not a ban said of them', async (locale) => {
    const i18n = await testTexts(locale);
    const line = i18n.t('seconds.risk.body3');
    expect(line).toContain(WHERE_YOU_LIVE[locale]);
  });
});

import { describe, expect, it } from 'vitest';
import { FIAT_CURRENCIES, TERMS_MAX } from '../../../domain/fiat';
import { hasHiddenCharacters } from '../../../domain/displayText';
import { MERCHANTS, merchantTerms } from '../../../server/products/fiat/merchants';

/**
 * The seeded merchants' ad terms (the new-trader audit: English in every language): each is written
 * in the language of the market its fiat is paid in, as a merchant there writes it, and fits an ad.
 */
describe('seeded merchants’ ad terms', () => {
  it('are in the language of the ad’s market, within the terms limit, with no hidden characters', () => {
    for (const fiat of FIAT_CURRENCIES) {
      const terms = merchantTerms('Atlas OTC', fiat);
      expect(terms.startsWith('Atlas OTC')).toBe(true);
      expect(terms.length).toBeLessThanOrEqual(TERMS_MAX);
      expect(hasHiddenCharacters(terms)).toBe(false);
    }
    expect(merchantTerms('Sakura Trade', 'JPY')).toMatch(/[\u3040-\u30ff]/);
    expect(merchantTerms('Sakura Trade', 'KRW')).toMatch(/[\uac00-\ud7af]/);
    expect(merchantTerms('Bosphorus Pay', 'RUB')).toMatch(/[а-я]/);
    expect(merchantTerms('Bosphorus Pay', 'TRY')).toMatch(/ü/);
    expect(merchantTerms('Atlas OTC', 'EUR')).toMatch(/Betrag/);
    // A merchant whose euro ads go to French buyers writes them in French.
    const bosphorus = MERCHANTS.find((m) => m.nickname === 'Bosphorus Pay')!;
    expect(merchantTerms(bosphorus.nickname, 'EUR', bosphorus.termsLanguage?.EUR)).toMatch(/montant/);
  });
  it('are not one English sentence for every market', () => {
    const written = new Set(MERCHANTS.flatMap((m) => m.fiats.map((fiat) => merchantTerms('M', fiat, m.termsLanguage?.[fiat]))));
    expect(written.size).toBeGreaterThanOrEqual(6);
  });
});

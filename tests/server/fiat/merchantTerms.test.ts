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
      const terms = merchantTerms('Atlas OTC', fiat, 'Deutsche Bank');
      expect(terms.startsWith('Atlas OTC')).toBe(true);
      expect(terms.length).toBeLessThanOrEqual(TERMS_MAX);
      expect(hasHiddenCharacters(terms)).toBe(false);
    }
    expect(merchantTerms('Sakura Trade', 'JPY', 'MUFG Bank')).toMatch(/[\u3040-\u30ff]/);
    expect(merchantTerms('Sakura Trade', 'KRW', 'KB Kookmin')).toMatch(/[\uac00-\ud7af]/);
    expect(merchantTerms('Bosphorus Pay', 'RUB', 'Tinkoff')).toMatch(/[а-я]/);
    expect(merchantTerms('Bosphorus Pay', 'TRY', 'Ziraat Bankası')).toMatch(/ü/);
    expect(merchantTerms('Atlas OTC', 'EUR', 'Deutsche Bank')).toMatch(/Betrag/);
    expect(merchantTerms('Bosphorus Pay', 'EUR', 'BNP Paribas')).toMatch(/montant/);
  });
  it('are not one English sentence for every market', () => {
    const written = new Set(MERCHANTS.flatMap((m) => m.fiats.map((fiat, i) => merchantTerms('M', fiat, m.banks[i]!))));
    expect(written.size).toBeGreaterThanOrEqual(6);
  });
});

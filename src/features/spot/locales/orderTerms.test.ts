/**
 * One term for one thing across the products (the audit: spot said "Fully traded", futures' history
 * "All traded"; cancelling an order toasted "Revocation successful"): a filled order and the toast
 * of a cancel read the same in spot and futures, in every language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../domain/languages';

/** The words of a term, each without a gender ending: Spanish and Russian statuses agree with each product's noun ("ejecutada"/"ejecutado"). */
const words = (term: string) => term.toLowerCase().split(' ').map((w) => w.replace(/[aoао]$/u, ''));

const catalogue = (feature: string, lang: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', feature, 'locales', `${lang}.json`), 'utf8'));

describe('spot and futures order terms', () => {
  it.each(LANGUAGES.map((l) => l.lang))('match in %s', (lang) => {
    const spot = catalogue('spot', lang).spot;
    const futures = catalogue('futures', lang).futures;
    expect(words(futures.status.allTraded)).toEqual(words(spot.status.filled));
    expect(futures.desk.cancelled).toBe(spot.orders.revoked);
  });

  it('says an order was cancelled, in English', () => {
    expect(catalogue('spot', 'en_US').spot.orders.revoked).toBe('Order cancelled');
  });
});

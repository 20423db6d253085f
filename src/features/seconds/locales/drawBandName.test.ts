import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../../../domain/languages';

/**
 * A seconds contract's draw band has one name per language: the open contract's "(at least)"
 * label is the settled one's name and a qualifier. The new-trader audit read German's
 * "Remis-Band" on an open contract and "Unentschieden-Band" on a settled one, and took them for
 * two things; French, Russian and Turkish named it two ways too.
 */
describe('the draw band’s name', () => {
  it.each(LOCALE_CODES)('is the same on an open and a settled contract in %s', (lang) => {
    const { seconds } = JSON.parse(readFileSync(join(import.meta.dirname, `${lang}.json`), 'utf8')) as { seconds: { drawBand: string; drawBandOpen: string } };
    expect(seconds.drawBandOpen.startsWith(seconds.drawBand), `${seconds.drawBandOpen} / ${seconds.drawBand}`).toBe(true);
  });
});

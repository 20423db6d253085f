import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../../../domain/languages';
import { SECONDS_RISK_VERSION } from '../../../../domain/seconds';

/**
 * The risk warning a trader accepts before their first seconds contract is the text of
 * SECONDS_RISK_VERSION, and the server keeps each acceptance with its version: a warning that
 * states something new must ask everyone again (86fd0caa added that the platform does not check
 * whether the law where the trader lives allows these products, and the version stayed 2).
 * When this test fails, the warning changed in some language: if it now says something it did not,
 * raise SECONDS_RISK_VERSION (domain/seconds.ts); if only its words changed, keep the version.
 * Either way, write the new text's hash below, under its version.
 */
const WARNING_OF_VERSION: Record<number, string> = {
  3: '9460bac20c988784',
};

const warningHash = () => {
  const texts = LOCALE_CODES.map((lang) => {
    const { seconds } = JSON.parse(readFileSync(join(import.meta.dirname, `${lang}.json`), 'utf8')) as { seconds: { risk: Record<string, string> } };
    return [lang, seconds.risk.title, seconds.risk.body1, seconds.risk.body2, seconds.risk.body3];
  });
  return createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 16);
};

describe('the seconds risk warning', () => {
  it('is the text of its version, in every language', () => {
    expect(warningHash(), 'the risk warning changed: see this file').toBe(WARNING_OF_VERSION[SECONDS_RISK_VERSION]);
  });
});

import { describe, expect, it } from 'vitest';
import { mergeTexts, textIn } from './localisedText';

describe('texts per language', () => {
  const texts = { en_US: 'English', ja_JP: '日本語' };

  it('answers the reader’s language, else the default language marked as the fallback', () => {
    expect(textIn(texts, 'ja_JP')).toEqual({ text: '日本語', lang: 'ja_JP', fallback: false });
    expect(textIn(texts, 'de_DE')).toEqual({ text: 'English', lang: 'en_US', fallback: true });
    expect(textIn(texts, 'en_US')).toEqual({ text: 'English', lang: 'en_US', fallback: false });
    expect(textIn({}, 'de_DE')).toEqual({ text: '', lang: 'en_US', fallback: true });
  });

  it('merges changes: trimmed, a blank text removes its language, others kept, in the configured order', () => {
    const merged = mergeTexts(texts, { de_DE: ' Deutsch ', ja_JP: '  ' });
    expect(merged).toEqual({ en_US: 'English', de_DE: 'Deutsch' });
    expect(Object.keys(mergeTexts({ de_DE: 'D', en_US: 'E' }, {}))).toEqual(['en_US', 'de_DE']);
    // A key that is no language (stored before the schema refused it) does not survive a save.
    expect(mergeTexts({ en_US: 'E', xx: 'X' } as never, {})).toEqual({ en_US: 'E' });
  });
});

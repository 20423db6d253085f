import { describe, expect, it } from 'vitest';
import { ICO_DESCRIPTION_MAX, ICO_PATHS, type IcoOperatorProject, type IcoProject } from '../../../domain/ico.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, post } from '../http.js';
import { useIco } from './harness.js';

/**
 * Issue 37 defect 17: an ICO project's description per language. The operator enters texts per
 * language (en_US, the default, required); a reader gets the text in their language (the `lang`
 * header) or the default language's, marked as standing in.
 */
const t = useIco();
const en = MESSAGES.en_US;

const ENGLISH = 'A settlement layer for cross-chain payments.';
const JAPANESE = 'クロスチェーン決済のための決済レイヤー。';

const read = async (id: number, lang: string): Promise<IcoProject> =>
  expectOk(await post<IcoProject[]>(t.app, ICO_PATHS.projects, {}, { lang })).find((p) => p.id === id)!;
const readAsOperator = async (id: number): Promise<IcoOperatorProject> =>
  expectOk(await post<IcoOperatorProject[]>(t.app, ICO_PATHS.operatorProjects, {}, t.operator)).find((p) => p.id === id)!;

describe('ICO project texts per language', () => {
  it('a reader gets the description in their language, or the default language marked as the fallback', async () => {
    const p = await t.project({ description: { en_US: ENGLISH, ja_JP: JAPANESE } });
    expect(await read(p.id, 'ja_JP')).toMatchObject({ description: JAPANESE, description_lang: 'ja_JP', description_fallback: false });
    expect(await read(p.id, 'de_DE')).toMatchObject({ description: ENGLISH, description_lang: 'en_US', description_fallback: true });
    expect(await read(p.id, 'en_US')).toMatchObject({ description: ENGLISH, description_lang: 'en_US', description_fallback: false });
    // The public list carries one text, not every language's.
    expect(await read(p.id, 'ja_JP')).not.toHaveProperty('descriptions');
    // The operator's list carries every language, as the form edits them.
    expect((await readAsOperator(p.id)).descriptions).toEqual({ en_US: ENGLISH, ja_JP: JAPANESE });
  });

  it('an edit adds, replaces and (with a blank text) removes a language; the default language cannot be blanked', async () => {
    const p = await t.project({ description: { en_US: ENGLISH, ja_JP: JAPANESE } });
    const saved = expectOk(await t.save({ id: p.id, description: { de_DE: '  Eine Abrechnungsschicht.  ', ja_JP: '' } })) as IcoOperatorProject;
    expect(saved.descriptions).toEqual({ en_US: ENGLISH, de_DE: 'Eine Abrechnungsschicht.' });
    expect(await read(p.id, 'de_DE')).toMatchObject({ description: 'Eine Abrechnungsschicht.', description_fallback: false });
    expect(await read(p.id, 'ja_JP')).toMatchObject({ description: ENGLISH, description_lang: 'en_US', description_fallback: true });
    expectRefusal(await t.save({ id: p.id, description: { en_US: '   ' } }), 400, en.icoProjectInvalid.replace('{field}', 'description.en_US'));
  });

  it('a new project needs the default language text; other languages are optional', async () => {
    const refused = await t.save({
      symbol: t.symbol(), name: 'No English', description: { ja_JP: JAPANESE }, total: '1', price: '1', token_places: 0,
      start_at: t.now(), end_at: t.now() + 1000, min_quantity: '1', max_quantity: '1', release_rate: '1', release_period_ms: 1000,
    });
    expectRefusal(refused, 400, en.icoProjectInvalid.replace('{field}', 'description.en_US'));
  });

  it('refuses unknown language codes and over-long texts with a translated 400, never a 500', async () => {
    const p = await t.project();
    const before = await t.snapshot();
    expectRefusal(await t.save({ id: p.id, description: { xx_XX: 'x' } as never }), 400, en.unknownField.replace('{field}', 'description.xx_XX'));
    expectRefusal(await t.save({ id: p.id, description: { ja: 'x' } as never }, { lang: 'ja_JP' }), 400, MESSAGES.ja_JP.unknownField.replace('{field}', 'description.ja'));
    expectRefusal(await t.save({ id: p.id, description: { de_DE: 'x'.repeat(ICO_DESCRIPTION_MAX + 1) } }), 400, 'Invalid value: Description (description.de_DE)');
    expectRefusal(await t.save({ id: p.id, description: { de_DE: 42 } as never }), 400, 'Invalid value: Description (description.de_DE)');
    expectRefusal(await t.save({ id: p.id, description: 'English only' as never }), 400, 'Invalid value: Description (description)');
    expect(await t.snapshot()).toBe(before);
    expect((await readAsOperator(p.id)).descriptions).toEqual({ en_US: 'A test project' });
  });
});

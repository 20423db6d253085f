// @vitest-environment jsdom
/**
 * The operator's ICO project form asks for the description in all nine languages (issue 50 M7):
 * each language's tab says written or missing, English is marked as the fallback, and the
 * languages still missing are named under the tabs.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from '../../../../../domain/languages';
import { inApp, testTexts } from '../../../../app/testing/viewHarness';
import { DescriptionTexts } from './DescriptionTexts';

afterEach(cleanup);

const texts = (written: Partial<Record<LocaleCode, string>>) => ({ ...Object.fromEntries(LOCALE_CODES.map((l) => [l, ''])), ...written }) as Record<LocaleCode, string>;

async function renderTexts(written: Partial<Record<LocaleCode, string>>, onChange = vi.fn()) {
  const i18n = await testTexts();
  render(
    inApp(
      i18n,
      <DescriptionTexts texts={texts(written)} problem={undefined} onChange={onChange} />,
    ),
  );
  return onChange;
}

describe('the ICO project form asks for all nine languages (issue 50 M7)', () => {
  it('one tab per language, each written or missing; English marked as the fallback; the missing ones named', async () => {
    await renderTexts({ en_US: 'A settlement layer.', ja_JP: '決済レイヤー。' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(9);
    expect(screen.getByRole('tab', { name: 'English · fallback (written)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '日本語 (written)' }).getAttribute('data-state')).toBe('written');
    expect(screen.getByRole('tab', { name: 'Français (missing)' }).getAttribute('data-state')).toBe('missing');
    expect(tabs.filter((tab) => tab.getAttribute('data-state') === 'missing')).toHaveLength(7);
    const note = screen.getByTestId('ico-desk-missing-languages').textContent!;
    for (const name of ['한국어', '繁體中文', 'Русский', 'Türkçe', 'Français', 'Español', 'Deutsch']) expect(note).toContain(name);
    expect(note).not.toContain('日本語');
    expect(note).toContain('Shown in English');
  });

  it('a missing language can be opened and written; with all nine written, it says so', async () => {
    const onChange = await renderTexts({ en_US: 'A', ja_JP: 'B', ko_KR: 'C', zh_TW: 'D', ru_RU: 'E', tr_TR: 'F', fr_FR: 'G', es_ES: 'H', de_DE: 'I' });
    expect(screen.getByTestId('ico-desk-missing-languages').textContent).toBe('Written in all nine languages.');
    cleanup();
    const change = await renderTexts({ en_US: 'A' }, onChange);
    fireEvent.click(screen.getByRole('tab', { name: 'Deutsch (missing)' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Eine Abwicklungsschicht.' } });
    expect(change).toHaveBeenCalledWith('de_DE', 'Eine Abwicklungsschicht.');
  });
});

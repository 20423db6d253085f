// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeCatalogue, initI18n } from '../../services/i18n';
import { darkTheme } from '../theme';
import { FilePicker } from './FilePicker';

afterEach(cleanup);

async function renderPicker(lang: 'en_US' | 'de_DE', onPick = vi.fn()) {
  const i18n = await initI18n(lang);
  await completeCatalogue(i18n);
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={darkTheme}>
        <label id="avatar-label" htmlFor="avatar">
          Avatar
        </label>
        <FilePicker id="avatar" labelledBy="avatar-label" accept="image/png" onPick={onPick} />
      </ThemeProvider>
    </I18nextProvider>,
  );
  return onPick;
}

describe('the file picker', () => {
  it('is the input named by its field label, in the page language, described by the file chosen', async () => {
    const onPick = await renderPicker('de_DE');
    const input = screen.getByLabelText('Avatar') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(screen.getByText('Datei auswählen').tagName).toBe('LABEL');
    expect(screen.getByText('Datei auswählen').getAttribute('for')).toBe('avatar');
    const status = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(status.textContent).toBe('Keine Datei ausgewählt');
    const file = new File(['x'], 'ich.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onPick).toHaveBeenCalledWith(file, input);
    expect(status.textContent).toBe('ich.png');
  });

  it('shows the file the form holds when given one', async () => {
    const i18n = await initI18n('en_US');
    await completeCatalogue(i18n);
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={darkTheme}>
          <FilePicker id="front" fileName={null} onPick={() => undefined} />
        </ThemeProvider>
      </I18nextProvider>,
    );
    expect(screen.getByText('No file chosen')).toBeTruthy();
    rerender(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={darkTheme}>
          <FilePicker id="front" fileName="front.png" onPick={() => undefined} />
        </ThemeProvider>
      </I18nextProvider>,
    );
    expect(screen.getByText('front.png')).toBeTruthy();
  });
});

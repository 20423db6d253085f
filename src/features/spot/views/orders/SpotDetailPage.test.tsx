// @vitest-environment jsdom
/**
 * Issue 52 §2: the order's deal details show the fee rate each fill used, the user's own — a maker
 * rebate reads as a negative rate beside its negative fee, exactly, never rounded.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../../../app/machines/app/app.machine';
import { ORDER_DETAIL } from '../../../../app/machines/fixtures/spotOrders';
import { darkTheme } from '../../../../app/theme';
import { ShellContext } from '../../../../app/views/hooks';
import { completeCatalogue, initI18n } from '../../../../services/i18n';
import { DetailView } from './SpotDetailPage';

afterEach(cleanup);

async function shown(locale: 'en_US' | 'fr_FR') {
  const i18n = await initI18n(locale);
  await completeCatalogue(i18n);
  const app = createActor(appMachine, { input: { marketFeature: false } }).start();
  const detail = {
    ...ORDER_DETAIL,
    fee: '-1.025',
    fee_currency: 'USDT',
    deals: [
      { ...ORDER_DETAIL.deals[0]!, id: 9, fee: '-1', rate: '-0.0002', role: 'maker' as const },
      { ...ORDER_DETAIL.deals[0]!, id: 10, fee: '-0.025', rate: '-0.000025', role: 'maker' as const },
      { ...ORDER_DETAIL.deals[0]!, id: 11, fee: '0', rate: null, role: 'maker' as const },
    ],
  };
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={darkTheme}>
        <ShellContext.Provider value={{ app } as never}>
          <MemoryRouter>
            <DetailView detail={detail} />
          </MemoryRouter>
        </ShellContext.Provider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return i18n;
}

describe('spot order detail: fee rates', () => {
  it.each(['en_US', 'fr_FR'] as const)('shows each fill’s rate, a rebate negative, in %s', async (locale) => {
    const i18n = await shown(locale);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('-0.02%');
    expect(rows[1]!.textContent).toContain('-0.0025%');
    // A fill from before rates were recorded shows none.
    expect(rows[2]!.textContent).toContain('—');
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toContain(i18n.t('spot.form.feeRate'));
  });
});

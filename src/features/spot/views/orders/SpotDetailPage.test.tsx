// @vitest-environment jsdom
/**
 * Issue 52 §2: the order's deal details show the fee rate each fill used, the user's own — a maker
 * rebate reads as a negative rate beside its negative fee, exactly, never rounded.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inShell, renderView } from '../../../../app/testing/viewHarness';
import { ORDER_DETAIL } from '../../../../app/machines/fixtures/spotOrders';
import { DetailView } from './SpotDetailPage';

afterEach(cleanup);

async function shown(locale: 'en_US' | 'fr_FR' | 'tr_TR') {
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
  return renderView(inShell(<DetailView detail={detail} />), { locale, route: '/' });
}

describe('spot order detail: fee rates', () => {
  // Written as the language writes a percentage: French "-0,02 %" (a no-break space), Turkish "-%0,02".
  it.each([
    ['en_US', '-0.02%', '-0.0025%'],
    ['fr_FR', '-0,02\u00a0%', '-0,0025\u00a0%'],
    ['tr_TR', '-%0,02', '-%0,0025'],
  ] as const)('shows each fill’s rate, a rebate negative, in %s', async (locale, rebate, smaller) => {
    const i18n = await shown(locale);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain(rebate);
    expect(rows[1]!.textContent).toContain(smaller);
    // A fill from before rates were recorded shows none.
    expect(rows[2]!.textContent).toContain('—');
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toContain(i18n.t('spot.form.feeRate'));
  });
});

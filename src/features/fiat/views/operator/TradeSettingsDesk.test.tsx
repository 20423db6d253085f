// @vitest-environment jsdom
/**
 * The Trade settings tab's fields (the shared FormField with a hint and the setting's bounds): each
 * found by its label and described by what it means, and a value out of bounds refused under its
 * field with the bounds named.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { LEGAL_TRADE_BOUNDS, type LegalTradeSettings } from '../../../../../domain/fiatSettings';
import { confirmActing } from '../../../../app/machines/confirmAct/confirmAct.machine';
import { renderView } from '../../../../app/testing/viewHarness';
import { FiatContext } from '../../fiat.context';
import type { FiatFlows } from '../../fiat.hooks';
import { fiatSettingsMachine } from '../../machines/fiatSettings/fiatSettings.machine';
import { TradeSettingsDesk } from './TradeSettingsDesk';

afterEach(cleanup);

const SETTINGS: LegalTradeSettings = { pay_time: 15, confirm_time: 30, max_unpaid_num: 3, suspend_time: 1440, max_online_ads: 50 };

/** The tab over the real settings machine, its read answering SETTINGS; the texts used are returned. */
function renderTab() {
  const noToast = () => undefined;
  const save = confirmActing(fromPromise(async () => SETTINGS), noToast);
  const settings = fiatSettingsMachine.provide({ actors: { fetchSettings: fromPromise(async () => SETTINGS), saveSettings: save }, actions: { showToast: noToast } });
  return renderView(<FiatContext.Provider value={{ settings } as unknown as FiatFlows}><TradeSettingsDesk /></FiatContext.Provider>);
}

describe('Trade settings tab', () => {
  it('labels each setting, describes it by its hint, and names the bounds of a value it refuses', async () => {
    const i18n = await renderTab();
    const pay = await screen.findByLabelText(i18n.t('fiat.settings.payTime'));
    expect(pay).toHaveProperty('value', '15');
    expect(pay.getAttribute('inputmode')).toBe('decimal');
    const hint = document.getElementById(pay.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toBe(i18n.t('fiat.settings.payTimeHint'));
    fireEvent.change(pay, { target: { value: '0' } });
    fireEvent.blur(pay);
    const { min, max } = LEGAL_TRADE_BOUNDS.minutes;
    const alert = await waitFor(() => screen.getByRole('alert'));
    expect(alert.textContent).toBe(i18n.t('fiat.settings.minutesInvalid', { min, max }));
    expect(alert.textContent).toContain(String(max));
    expect(pay.getAttribute('aria-describedby')).toContain(alert.id);
    expect(screen.getByLabelText(i18n.t('fiat.settings.maxUnpaid')).getAttribute('inputmode')).toBe('numeric');
  });
});

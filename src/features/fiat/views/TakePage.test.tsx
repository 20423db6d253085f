// @vitest-environment jsdom
/**
 * The purchase's confirmation says how long the buyer has to pay (the audit's "You will have the
 * time limit to pay", with no limit, before a page counting down from 120 minutes): the platform's
 * pay time (legal_trade.pay_time), what the order's deadline is set from.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { DEFAULT_LEGAL_TRADE } from '../../../../domain/constants';
import { inThousands } from '../../../../domain/localeFormat';
import { pointReading } from '../../../../domain/orderMath';
import { CONFIG_FIXTURE } from '../../../app/machines/app/app.model';
import { inShell, renderWithFlows } from '../../../app/testing/viewHarness';
import { FiatContext } from '../fiat.context';
import type { FiatFlows } from '../fiat.hooks';
import { AD } from '../machines/fiatFixtures';
import { fiatTakeMachine, type TakeData } from '../machines/fiatTake/fiatTake.machine';
import { TakePage } from './TakePage';

afterEach(cleanup);

describe('P2P take page: the purchase confirmation', () => {
  it.each([
    ['en_US', `You will have ${DEFAULT_LEGAL_TRADE.pay_time} minutes to pay`],
    ['de_DE', `Sie haben dann ${DEFAULT_LEGAL_TRADE.pay_time} Minuten Zeit`],
  ] as const)('says the time to pay in %s', async (locale, said) => {
    const take = fiatTakeMachine.provide({
      actors: { loadTake: fromPromise<TakeData, { adId: number }>(async () => ({ ad: AD, methods: [] })) },
      actions: { showToast: () => undefined, mintIdempotencyKey: () => undefined },
    });
    const i18n = await renderWithFlows(FiatContext, { take } as unknown as FiatFlows, inShell(<TakePage side="buy" />), { locale, route: `/deal/buy-next?ad=${AD.id}&value=100` });
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('deal.buyCoin', { coin: AD.crypto }) }));
    await act(async () => undefined);
    expect(screen.getByRole('dialog').textContent).toContain(said);
  });

  it("says the platform's own pay time once its config has it (15 minutes here), not the default", async () => {
    const take = fiatTakeMachine.provide({
      actors: { loadTake: fromPromise<TakeData, { adId: number }>(async () => ({ ad: AD, methods: [] })) },
      actions: { showToast: () => undefined, mintIdempotencyKey: () => undefined },
    });
    const config = { ...CONFIG_FIXTURE, config: { ...CONFIG_FIXTURE.config, legal_trade: { ...DEFAULT_LEGAL_TRADE, pay_time: 15 } } };
    const i18n = await renderWithFlows(FiatContext, { take } as unknown as FiatFlows, inShell(<TakePage side="buy" />, { config }), { route: `/deal/buy-next?ad=${AD.id}&value=100` });
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('deal.buyCoin', { coin: AD.crypto }) }));
    await act(async () => undefined);
    expect(screen.getByRole('dialog').textContent).toContain('You will have 15 minutes to pay');
  });
});

describe('P2P take page: the amount as it was read', () => {
  it('says under the amount that Turkish "1.000" was read as 1 (a decimal point), as the order forms do', async () => {
    const take = fiatTakeMachine.provide({
      actors: { loadTake: fromPromise<TakeData, { adId: number }>(async () => ({ ad: AD, methods: [] })) },
      actions: { showToast: () => undefined, mintIdempotencyKey: () => undefined },
    });
    const i18n = await renderWithFlows(FiatContext, { take } as unknown as FiatFlows, inShell(<TakePage side="buy" />), { locale: 'tr_TR', route: `/deal/buy-next?ad=${AD.id}` });
    const amount = await screen.findByRole('textbox', { name: new RegExp(i18n.t('fiat.col.amount')) });
    fireEvent.change(amount, { target: { value: '1.000' } });
    await act(async () => undefined);
    const note = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    const reading = pointReading('1.000')!;
    expect(note?.textContent).toBe(i18n.t('numberField.pointRead', { value: reading.value, thousands: inThousands(reading.plain, 'tr_TR'), plain: reading.plain }));
    expect(note?.getAttribute('role')).toBe('status');
  });
});

describe('P2P sell page with no collection method', () => {
  it('draws "Add one" as a link (the accent, underlined), not as more of the sentence (the new-trader audit)', async () => {
    const take = fiatTakeMachine.provide({
      actors: { loadTake: fromPromise<TakeData, { adId: number }>(async () => ({ ad: { ...AD, side: 'buy' }, methods: [] })) },
      actions: { showToast: () => undefined, mintIdempotencyKey: () => undefined },
    });
    const i18n = await renderWithFlows(FiatContext, { take } as unknown as FiatFlows, inShell(<TakePage side="sell" />), { locale: 'de_DE', route: `/deal/sell-next?ad=${AD.id}&value=100` });
    const link = await screen.findByRole('link', { name: i18n.t('fiat.addMethod') });
    expect(link.getAttribute('href')).toBe('/user/addCollAddr');
    const look = getComputedStyle(link);
    expect(look.textDecoration).toContain('underline');
    expect(look.color).not.toBe(getComputedStyle(link.parentElement!).color);
  });
});

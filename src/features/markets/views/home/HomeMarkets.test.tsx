// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Currency, MarketTick, Pair } from '../../../../../domain/api';
import { renderView, startedApp } from '../../../../app/testing/viewHarness';
import { ShellContext } from '../../../../app/views/hooks';
import { HotCards, TrendsTable } from './HomeMarkets';

afterEach(cleanup);

const pair = (left: string, right: string, hot: 0 | 1): Pair => ({
  left_symbol: left,
  right_symbol: right,
  is_hot: hot,
  trade_status: 1,
  contract_status: 0,
  price_precision: 2,
  amount_precision: 4,
  min_quantity: '0.0001',
  min_notional: '5',
});
const PAIRS = [pair('BTC', 'USDT', 1), pair('ETH', 'USDT', 1), pair('ETH', 'BTC', 0)];
const currency = (symbol: string, price: string): Currency => ({ symbol, name: symbol, price, recharge_turn: 1, draw_turn: 1, legal_status: 0, circulating_supply: '1000' });
const CURRENCIES = [currency('BTC', '60000'), currency('ETH', '3000'), currency('USDT', '1')];
const tick = (channel: string, close: string, increase: string): MarketTick =>
  ({ channel, pair: channel, close, open: close, high: close, low: close, amount: '1', vol: '1', count: 1, increase }) as MarketTick;

async function renderHome(locale: 'en_US' | 'de_DE' = 'en_US') {
  const app = startedApp({ pairs: PAIRS, currencies: CURRENCIES });
  await waitFor(() => expect(app.getSnapshot().context.pairs).toHaveLength(PAIRS.length));
  const i18n = await renderView(
    <ShellContext.Provider value={{ app } as never}>
      <HotCards />
      <TrendsTable />
    </ShellContext.Provider>,
    { locale, route: '/home' },
  );
  return { app, i18n };
}

const rowOf = (name: RegExp) => screen.getAllByRole('row').find((r) => name.test(r.textContent ?? ''))!;

it('shows each hot pair and each row at its reference price before a tick, then at the live close of its own tick', async () => {
  const { app } = await renderHome();
  expect(screen.getByTestId('hot-price-BTC_USDT').textContent).toBe('60,000.00');
  expect(screen.getByTestId('hot-price-ETH_USDT').textContent).toBe('3,000.00');
  // ETH/BTC is quoted in BTC: no reference price in the quote currency until it trades.
  expect(screen.queryByTestId('hot-price-ETH_BTC')).toBeNull();

  act(() => app.send({ type: 'market.tick', tick: tick('btc_usdt_tick', '65432.1', '0.0125') }));
  expect(screen.getByTestId('hot-price-BTC_USDT').textContent).toBe('65,432.10');
  expect(within(rowOf(/^BTC\/USDT/)).getByText('65,432.10')).toBeTruthy();
  expect(within(rowOf(/^BTC\/USDT/)).getByText(/1\.25\s?%/)).toBeTruthy();
  // Another pair's tick leaves ETH's figures as they were, and moves only its own.
  expect(screen.getByTestId('hot-price-ETH_USDT').textContent).toBe('3,000.00');
  act(() => app.send({ type: 'market.tick', tick: tick('eth_btc_tick', '0.05', '-0.02') }));
  expect(within(rowOf(/^ETH\/BTC/)).getByText('0.05')).toBeTruthy();
  expect(within(rowOf(/^ETH\/BTC/)).getByText(/-2\.00\s?%/)).toBeTruthy();
  expect(screen.getByTestId('hot-price-BTC_USDT').textContent).toBe('65,432.10');
});

it('redraws every figure in the new language’s number style when the language changes, though no value moved', async () => {
  const { app, i18n } = await renderHome();
  act(() => app.send({ type: 'market.tick', tick: tick('btc_usdt_tick', '65432.1', '0.0125') }));
  expect(screen.getByTestId('hot-price-BTC_USDT').textContent).toBe('65,432.10');
  await act(async () => void (await i18n.changeLanguage('de_DE')));
  expect(screen.getByTestId('hot-price-BTC_USDT').textContent).toBe('65.432,10');
  expect(screen.getByTestId('hot-price-ETH_USDT').textContent).toBe('3.000,00');
  expect(within(rowOf(/^BTC\/USDT/)).getByText('65.432,10')).toBeTruthy();
  expect(within(rowOf(/^BTC\/USDT/)).getByText(/1,25\s?%/)).toBeTruthy();
  await act(async () => void (await i18n.changeLanguage('en_US')));
});

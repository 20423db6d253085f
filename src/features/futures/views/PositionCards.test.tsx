// @vitest-environment jsdom
/**
 * The margin call on a position's card: at a margin ratio of 80 % or more (liquidation comes at
 * 100 %) the card says so, with the ratio and what keeps the position, in the trader's language;
 * under 80 % it says nothing. The server's notice (futures_margin_call) tells the same once.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pair } from '../../../../domain/api';
import type { FuturesPosition } from '../../../../domain/futures/api';
import { renderView } from '../../../app/testing/viewHarness';
import { POSITION } from '../machines/futuresFixtures';
import { PositionCards } from './PositionCards';

afterEach(cleanup);

const PAIR: Pair = { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '5' };
const none = () => undefined;
const cards = (position: FuturesPosition, locale: 'en_US' | 'de_DE' = 'en_US') =>
  renderView(<PositionCards positions={[position]} pair={PAIR} onTpsl={none} onClose={none} onFlash={none} />, { locale });

describe('a position card at the margin call', () => {
  it('says nothing under 80 %', async () => {
    await cards({ ...POSITION, margin_mode: 'isolated', margin_ratio: '0.7999' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns an isolated position at 80 % and more, with its ratio', async () => {
    await cards({ ...POSITION, margin_mode: 'isolated', margin_ratio: '0.83470000' });
    expect(screen.getByRole('alert').textContent).toBe('Margin call: the margin ratio is 83.47%. At 100% this position is liquidated. Add margin or reduce it to keep it.');
  });

  it('warns a cross position for the account, in German too; a ratio of none (nothing left) is past it', async () => {
    await cards({ ...POSITION, margin_mode: 'cross', margin_ratio: null }, 'de_DE');
    // German writes the percent sign after a no-break space.
    expect(screen.getByRole('alert').textContent).toMatch(/^Margin Call: Ihre Cross-Margin-Quote beträgt 100,00\s?%/);
  });
});

// @vitest-environment jsdom
/**
 * The spot order tables (audit of the order history): a market sell placed by quantity entrusted no
 * total ("—", not "0.00"); an order with nothing filled has no fee ("—", not "0 BTC"); a fee reads
 * at its asset's places ("0.24 USDT", not "0.2491321 USDT"). The trade page's panel (`compact`)
 * leads with what tells orders apart: side, price, quantity, filled, status; the time after.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../../../../domain/spotOrders';
import { DataTable } from '../../../../app/ui/DataTable';
import { inShell, renderView } from '../../../../app/testing/viewHarness';
import { FILLED_ORDER, OPEN_ORDER } from '../../../../app/machines/fixtures/spotOrders';
import { useOrderColumns } from './orderColumns';

afterEach(cleanup);

const MARKET_SELL: SpotOrder = { ...FILLED_ORDER, id: 1, side: 'sell', type: 'market', price: '0', amount: '0', quantity: '0.00259', filled: '0.00259', avg_price: '96190', turnover: '249.1321', fee: '0.2491321', fee_currency: 'USDT', time_in_force: 'IOC' };
const CANCELLED: SpotOrder = { ...OPEN_ORDER, id: 2, price: '1100', quantity: '0.02', amount: '22', status: 4, fee: '0', fee_currency: 'BTC' };
const TINY_FEE: SpotOrder = { ...MARKET_SELL, id: 3, fee: '0.00048' };

function Orders(props: { kind: 'open' | 'history'; compact?: boolean; rows: SpotOrder[] }) {
  const columns = useOrderColumns({ kind: props.kind, withPair: true, compact: props.compact, onRevoke: props.kind === 'open' ? () => undefined : undefined });
  return <DataTable columns={columns} rows={props.rows} label="orders" />;
}

/** The cell of `row` under the header `header`. */
function cell(rowIndex: number, header: string): string {
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  const row = screen.getAllByRole('row')[rowIndex + 1]!;
  return row.querySelectorAll('td')[headers.indexOf(header)]!.textContent!;
}

describe('spot order history: empty and fee cells', () => {
  it('shows "—" for a market sell’s entrust total and a cancelled order’s fee, and fees at their asset’s places', async () => {
    await renderView(inShell(<Orders kind="history" rows={[MARKET_SELL, CANCELLED, TINY_FEE]} />), { route: '/' });
    expect(cell(0, 'Entrust total')).toBe('—');
    expect(cell(0, 'Fee')).toBe('0.24 USDT');
    expect(cell(1, 'Entrust total')).toBe('22.00');
    expect(cell(1, 'Fee')).toBe('—');
    // A fee below the asset's last place still shows.
    expect(cell(2, 'Fee')).toBe('0.00048 USDT');
  });
});

describe('the trade page’s open orders (compact)', () => {
  it('leads with side, price, quantity, filled and status; the time comes later and the cancel button last', async () => {
    await renderView(inShell(<Orders kind="open" compact rows={[OPEN_ORDER]} />), { route: '/' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Direction', 'Price', 'Quantity', 'Filled', 'Status']);
    expect(headers.indexOf('Time')).toBeGreaterThan(4);
    expect(headers.at(-1)).toBe('Actions');
  });
});

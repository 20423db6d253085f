import { describe, expect, it } from 'vitest';
import { FILLED_ORDER, OPEN_ORDER, OTHER_PAIR_ORDER, PARTIAL_ORDER } from '../../../../app/machines/fixtures/spotOrders';
import { withFinishedOrder, withOpenOrder, withoutOrder, type OrderList } from './orderRows';

const empty: OrderList = { orders: [], total: 0, page: 1, size: 2, symbol: 'BTC_USDT' };

describe('pushed orders on the lists', () => {
  it('adds a new open order on top of the first page and updates it in place', () => {
    const added = withOpenOrder(empty, OPEN_ORDER);
    expect(added).toEqual({ orders: [OPEN_ORDER], total: 1 });
    expect(withOpenOrder({ ...empty, ...added }, PARTIAL_ORDER)).toEqual({ orders: [PARTIAL_ORDER], total: 1 });
  });

  it('moves a finished order out of the current list and into the history', () => {
    const current = { ...empty, orders: [OPEN_ORDER], total: 1 };
    expect(withOpenOrder(current, FILLED_ORDER)).toEqual({ orders: [], total: 0 });
    expect(withFinishedOrder(empty, FILLED_ORDER)).toEqual({ orders: [FILLED_ORDER], total: 1 });
    expect(withFinishedOrder(empty, OPEN_ORDER)).toEqual({ orders: [], total: 0 });
  });

  it('ignores other pairs when filtered, and takes every pair when not', () => {
    expect(withOpenOrder(empty, OTHER_PAIR_ORDER)).toEqual({ orders: [], total: 0 });
    expect(withOpenOrder({ ...empty, symbol: undefined }, OTHER_PAIR_ORDER).orders).toEqual([OTHER_PAIR_ORDER]);
  });

  it('keeps a page at its size and leaves later pages alone except for the total', () => {
    const full = { ...empty, orders: [OPEN_ORDER, { ...OPEN_ORDER, id: 40 }], total: 2 };
    expect(withOpenOrder(full, { ...OPEN_ORDER, id: 50 }).orders.map((o) => o.id)).toEqual([50, 41]);
    expect(withOpenOrder({ ...full, page: 2 }, { ...OPEN_ORDER, id: 50 })).toEqual({ orders: full.orders, total: 3 });
  });

  it('drops a cancelled row once, without counting it twice', () => {
    const current = { ...empty, orders: [OPEN_ORDER], total: 1 };
    const after = withoutOrder(current, OPEN_ORDER.id);
    expect(after).toEqual({ orders: [], total: 0 });
    expect(withOpenOrder({ ...current, ...after }, { ...OPEN_ORDER, status: 4 })).toEqual({ orders: [], total: 0 });
  });

  it('a pushed update keeps what only the list read carries: the stop trigger and the OCO mark (issue 50 M11)', () => {
    const read = { ...OPEN_ORDER, stop_trigger: '1900', oco: false };
    const current = { ...empty, orders: [read], total: 1 };
    const pushed = { ...OPEN_ORDER, status: 2 as const, filled: '0.5' };
    expect(withOpenOrder(current, pushed).orders).toEqual([{ ...pushed, stop_trigger: '1900', oco: false }]);
  });
});

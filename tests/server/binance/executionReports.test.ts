import { describe, expect, it } from 'vitest';
import { SpotOrderStatus, type SpotOrder } from '../../../domain/spotOrders.js';
import { executionReports, seenAfter, type Fill } from '../../../server/products/binance/streams/userEvents.js';

/**
 * The user data stream's TRADE reports from an order's push and its trades read after it: one per
 * trade with its id, as far as the trades make up what the push filled (a trade of a later push
 * waits for it); what they do not cover is the state's difference, `t` -1.
 */
const order = (filled: string, turnover: string, fee: string, status: SpotOrderStatus = SpotOrderStatus.partial) =>
  ({
    id: 9,
    symbol: 'BTC_USDT',
    side: 'buy',
    type: 'limit',
    price: '100',
    quantity: '1',
    amount: '100',
    filled,
    avg_price: '0',
    turnover,
    fee,
    fee_currency: 'BTC',
    status,
    time_in_force: 'GTC',
    created_at: 1,
    updated_at: 50,
  }) as SpotOrder;
const fill = (id: number, quantity: string, price: string, fee: string): Fill => ({ id, time: 40 + id, quantity, price, fee, role: 'taker' });
const trades = (events: object[]) => (events as Array<{ x: string; t: number; l: string; L: string; n: string; z: string; Z: string; X: string; T: number }>).filter((e) => e.x === 'TRADE');
const seen = { filled: '0', turnover: '0', fee: '0', resting: true, lastTradeId: 0 };

describe('executionReport TRADE per trade', () => {
  it('stops at what the push filled: a later trade waits for its own push, and is told then', () => {
    const first = executionReports(order('0.1', '10', '0.0001'), 'c', seen, 0, 60, [fill(5, '0.1', '100', '0.0001'), fill(6, '0.2', '99', '0.0002')]);
    expect(trades(first)).toEqual([expect.objectContaining({ t: 5, l: '0.1', L: '100', n: '0.0001', z: '0.1', Z: '10', X: 'PARTIALLY_FILLED', T: 45, m: false })]);
    const after = seenAfter(order('0.1', '10', '0.0001'), first, seen)!;
    expect(after.lastTradeId).toBe(5);
    // The next push: trade 5 (read again) is not told twice.
    const next = executionReports(order('0.3', '29.8', '0.0003'), 'c', after, 0, 61, [fill(5, '0.1', '100', '0.0001'), fill(6, '0.2', '99', '0.0002')]);
    expect(trades(next)).toEqual([expect.objectContaining({ t: 6, l: '0.2', L: '99', n: '0.0002', z: '0.3', Z: '29.8' })]);
  });

  it('what the trades read do not cover is one report of the difference, t -1; no trade read at all, the same', () => {
    const events = executionReports(order('0.3', '30', '0.0003', SpotOrderStatus.partial), 'c', seen, 0, 60, [fill(5, '0.1', '100', '0.0001')]);
    expect(trades(events)).toEqual([
      expect.objectContaining({ t: 5, l: '0.1', z: '0.1', Z: '10', X: 'PARTIALLY_FILLED' }),
      expect.objectContaining({ t: -1, l: '0.2', L: '100', n: '0.0002', z: '0.3', Z: '30', T: 50 }),
    ]);
    expect(trades(executionReports(order('0.3', '30', '0.0003'), 'c', seen, 0, 60))).toEqual([expect.objectContaining({ t: -1, l: '0.3', L: '100', n: '0.0003' })]);
  });

  it('the last trade of a filled order carries FILLED; NEW and CANCELED are t -1', () => {
    const filled = executionReports(order('1', '100', '0.001', SpotOrderStatus.filled), 'c', undefined, 0, 60, [fill(7, '0.4', '100', '0.0004'), fill(8, '0.6', '100', '0.0006')]);
    expect((filled as Array<{ x: string; X: string; t: number }>).map((e) => [e.x, e.X, e.t])).toEqual([
      ['NEW', 'NEW', -1],
      ['TRADE', 'PARTIALLY_FILLED', 7],
      ['TRADE', 'FILLED', 8],
    ]);
  });
});

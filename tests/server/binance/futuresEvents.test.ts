import { describe, expect, it } from 'vitest';
import type { FuturesOrder } from '../../../domain/futures/api.js';
import { FuturesOrderStatus } from '../../../domain/futures/orderStatus.js';
import type { FuturesFill } from '../../../domain/futures/api.js';
import { accountConfigUpdate, leveragePush, marginCallEvent, marginCallPush, movementReason, orderTradeUpdates, seenAfterFutures } from '../../../server/products/binance/streams/futuresEvents.js';

/**
 * ORDER_TRADE_UPDATE from a futures order read after its push and its trades: one TRADE per trade
 * with its id; a close's realised profit shared among its trades by their prices (the entry is the
 * same for all), adding up to the order's; what the trades do not cover told as `t` 0.
 */
const order = (filled: string, profit: string, fee: string, status: FuturesOrder['status'] = FuturesOrderStatus.partiallyTraded): FuturesOrder => ({
  id: 7,
  symbol: 'BTC_USDT',
  action: 'close_long',
  type: 'limit',
  price: '31000',
  quantity: '1',
  filled,
  avg_price: '31666.666666666666666667',
  leverage: 20,
  margin_mode: 'cross',
  fee,
  profit,
  status,
  source: 'user',
  trigger_price: null,
  note: null,
  created_ms: 1,
  updated_ms: 50,
});
const fill = (id: number, quantity: string, price: string, fee: string): FuturesFill => ({ id, time: 40 + id, quantity, price, fee, maker: false });
type Update = { o: { x: string; X: string; t: number; l: string; L: string; n: string; z: string; rp: string; T: number; R: boolean; S: string } };
const trades = (events: object[]) => (events as Update[]).filter((e) => e.o.x === 'TRADE').map((e) => e.o);

describe('ORDER_TRADE_UPDATE TRADE per trade', () => {
  it('a long closed at 31000 and 32000 from an entry of 30000: 100 and 400 realised, each trade its own', () => {
    const updates = orderTradeUpdates(order('0.3', '500', '0.6'), 'c', undefined, 100, 60, [fill(3, '0.1', '31000', '0.2'), fill(4, '0.2', '32000', '0.4')]);
    expect(trades(updates)).toEqual([
      expect.objectContaining({ t: 3, l: '0.1', L: '31000', n: '0.2', z: '0.1', rp: '100', X: 'PARTIALLY_FILLED', T: 43, S: 'SELL', R: true }),
      expect.objectContaining({ t: 4, l: '0.2', L: '32000', n: '0.4', z: '0.3', rp: '400', X: 'PARTIALLY_FILLED', T: 44 }),
    ]);
    // Placed before the stream opened: no NEW.
    expect((updates as Update[]).some((u) => u.o.x === 'NEW')).toBe(false);
    const after = seenAfterFutures(order('0.3', '500', '0.6'), updates, undefined)!;
    expect(after).toMatchObject({ filled: '0.3', profit: '500', lastTradeId: 4 });
    // The next push: the trades told are not told again; the new one alone, its profit the order's difference.
    const next = orderTradeUpdates(order('1', '1500', '2', FuturesOrderStatus.allTraded), 'c', after, 100, 61, [fill(3, '0.1', '31000', '0.2'), fill(4, '0.2', '32000', '0.4'), fill(9, '0.7', '31428.57', '1.4')]);
    expect(trades(next)).toEqual([expect.objectContaining({ t: 9, l: '0.7', z: '1', rp: '1000', X: 'FILLED' })]);
    expect(seenAfterFutures(order('1', '1500', '2', FuturesOrderStatus.allTraded), next, after)).toBeUndefined();
  });

  it('what the trades read do not cover is one TRADE of the difference, t 0, taking the rest of the profit', () => {
    const updates = orderTradeUpdates(order('0.3', '500', '0.6'), 'c', undefined, 0, 60, [fill(3, '0.1', '31000', '0.2')]);
    expect(trades(updates)).toEqual([expect.objectContaining({ t: 3, l: '0.1', rp: expect.any(String) }), expect.objectContaining({ t: 0, l: '0.2', z: '0.3', n: '0.4' })]);
    const [first, rest] = trades(updates);
    expect(Number(first!.rp) + Number(rest!.rp)).toBe(500);
    // Placed after the stream opened: NEW first, nothing filled in it.
    expect((updates as Update[])[0]!.o).toMatchObject({ x: 'NEW', X: 'NEW', z: '0', t: 0 });
  });

  it('an opening order realises nothing; a cancelled one ends CANCELED, a market one EXPIRED', () => {
    const opening = { ...order('0.5', '0', '0.3', FuturesOrderStatus.cancelled), action: 'open_short' as const };
    const updates = orderTradeUpdates(opening, 'c', undefined, 100, 60, [fill(5, '0.5', '31000', '0.3')]);
    expect(trades(updates)).toEqual([expect.objectContaining({ t: 5, rp: '0', X: 'PARTIALLY_FILLED', R: false })]);
    expect((updates as Update[]).at(-1)!.o).toMatchObject({ x: 'CANCELED', X: 'CANCELED', z: '0.5' });
    const market = orderTradeUpdates({ ...opening, type: 'market' }, 'c', undefined, 100, 60, [fill(5, '0.5', '31000', '0.3')]);
    expect((market as Update[]).at(-1)!.o).toMatchObject({ x: 'EXPIRED', X: 'EXPIRED' });
  });

  it('ACCOUNT_UPDATE reasons of movements no order made', () => {
    expect(movementReason('transfer', '10')).toBe('DEPOSIT');
    expect(movementReason('transfer', '-10')).toBe('WITHDRAW');
    expect(movementReason('futures_funding', '-0.3')).toBe('FUNDING_FEE');
    expect(movementReason('balance_correction', '1')).toBe('ADJUSTMENT');
  });
});

describe('ACCOUNT_CONFIG_UPDATE', () => {
  it('from a leverage push: the Binance symbol and the leverage; other kinds and malformed pushes are none', () => {
    const push = leveragePush({ kind: 'futures_leverage', symbol: 'ETH_USDT', leverage: 25, time: 1000 } as { kind: string });
    expect(push).toEqual({ symbol: 'ETH_USDT', leverage: 25, time: 1000 });
    expect(accountConfigUpdate(push!.symbol, push!.leverage, push!.time, 1005)).toEqual({ e: 'ACCOUNT_CONFIG_UPDATE', E: 1005, T: 1000, ac: { s: 'ETHUSDT', l: 25 } });
    expect(leveragePush({ kind: 'futures', symbol: 'ETH_USDT', leverage: 25, time: 1000 } as { kind: string })).toBeUndefined();
    expect(leveragePush({ kind: 'futures_leverage', symbol: 'ETH_USDT', leverage: '25', time: 1000 } as { kind: string })).toBeUndefined();
    expect(leveragePush({ kind: 'futures_leverage', leverage: 25, time: 1000 } as { kind: string })).toBeUndefined();
  });

  it('a margin call push is MARGIN_CALL as Binance sends it: ps BOTH, pa signed, mt CROSSED or ISOLATED, cw for a cross call only; other pushes are not', () => {
    const position = { symbol: 'ETH_USDT', side: -1 as const, quantity: '1.327', mode: 'cross' as const, isolatedWallet: '0', mark: '187.17127', unrealisedPnl: '-1.166074', maintenance: '1.614445' };
    const cross = marginCallPush({ kind: 'futures_margin_call', mode: 'cross', ratio: '0.81', crossWallet: '3.16812045', positions: [position], time: 1000 } as { kind: string });
    expect(marginCallEvent(cross!, 1005)).toEqual({
      e: 'MARGIN_CALL',
      E: 1005,
      cw: '3.16812045',
      p: [{ s: 'ETHUSDT', ps: 'BOTH', pa: '-1.327', mt: 'CROSSED', iw: '0', mp: '187.17127', up: '-1.166074', mm: '1.614445' }],
    });
    const isolated = marginCallPush({ kind: 'futures_margin_call', mode: 'isolated', ratio: '0.9', positions: [{ ...position, side: 1, mode: 'isolated', isolatedWallet: '20' }], time: 1000 } as { kind: string });
    expect(marginCallEvent(isolated!, 1005)).toEqual({ e: 'MARGIN_CALL', E: 1005, p: [expect.objectContaining({ pa: '1.327', mt: 'ISOLATED', iw: '20' })] });
    expect(marginCallPush({ kind: 'futures_leverage', positions: [] } as { kind: string })).toBeUndefined();
    expect(marginCallPush({ kind: 'futures_margin_call', mode: 'cross' } as { kind: string })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { fxText } from '../../../domain/fx.js';
import type { UserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { listNotifications } from '../../../server/kernel/platform/notifications/notify.js';
import { marginCallEvent, marginCallPush } from '../../../server/products/binance/streams/futuresEvents.js';
import { liquidationCheck } from '../../../server/products/futures/margin.js';
import { useFutures } from './harness.js';

/**
 * The margin call: a trader hears once, in their language, when a position's margin ratio reaches
 * 80 % — before the liquidation at 100 % — and again only after it fell below 70 % (or closed).
 * BTC's first bracket keeps 0.4 % of the notional: a 10× isolated long of 0.1 at 60,000 holds 600
 * of margin, so at a mark P its ratio is 0.0004·P ÷ (600 + 0.1·(P − 60,000)): 83.5 % at 54,260,
 * 72.4 % at 54,300, 54.4 % at 54,400; liquidated at 54,216.87.
 */
const t = useFutures();

const calls = async (userId: number, kind = 'futures_margin_call') => (await listNotifications(t.db, userId, 'en_US', 1, 50)).list.filter((n) => n.kind === kind);

/** Records what the exchange pushes on the private channel from here on. */
function recordPushes() {
  const pushes: Array<{ userId: number; message: Record<string, unknown> }> = [];
  const feed: UserFeed = { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: (userId, message) => void pushes.push({ userId, message: message as never }) };
  Object.assign(t.ex, { feed });
  return pushes;
}

describe('a margin call', () => {
  it('calls an isolated position once at 80 %, holds it until the ratio is under 70 %, then calls again; pushes the figures', async () => {
    const { trader } = await t.longAt60000({ funds: '1000', quantity: '0.1', leverage: 10, mode: 'isolated' });
    expect(fxText(t.position(trader).margin)).toBe('600');
    const pushes = recordPushes();
    await t.mark('BTC_USDT', '55000');
    expect(await calls(trader.id)).toHaveLength(0);

    await t.mark('BTC_USDT', '54260');
    const first = await calls(trader.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: 'Margin call',
      body: 'The margin ratio of your isolated BTC/USDT position reached 83.47%. At 100% it is liquidated. Add margin or reduce the position to keep it.',
    });
    const call = pushes.find((p) => p.message.kind === 'futures_margin_call' && p.userId === trader.id);
    expect(call?.message).toMatchObject({ mode: 'isolated', positions: [{ symbol: 'BTC_USDT', side: 1, quantity: '0.1', mode: 'isolated', isolatedWallet: '600', mark: '54260', unrealisedPnl: '-574', maintenance: '21.704' }] });
    expect(pushes.some((p) => p.message.kind === 'notice' && p.userId === trader.id)).toBe(true);
    // What a bot's futures user data stream makes of it (Binance's MARGIN_CALL).
    expect(marginCallEvent(marginCallPush(call!.message as { kind: string })!, 1)).toEqual({
      e: 'MARGIN_CALL',
      E: 1,
      p: [{ s: 'BTCUSDT', ps: 'BOTH', pa: '0.1', mt: 'ISOLATED', iw: '600', mp: '54260', up: '-574', mm: '21.704' }],
    });

    // Still over 70 %: no second call, whether the ratio rises or eases.
    await t.mark('BTC_USDT', '54250');
    await t.mark('BTC_USDT', '54300');
    await t.mark('BTC_USDT', '54260');
    expect(await calls(trader.id)).toHaveLength(1);

    // Under 70 % re-arms it; the next crossing calls again.
    await t.mark('BTC_USDT', '54400');
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from futures_margin_call where user_id = $1', [trader.id]);
    expect(row!.n).toBe(0);
    await t.mark('BTC_USDT', '54260');
    expect(await calls(trader.id)).toHaveLength(2);
    await t.expectAuditClean();
  });

  it('is not told twice across a restore, and ends with the position it called', async () => {
    const { trader } = await t.longAt60000({ funds: '1000', quantity: '0.1', leverage: 10, mode: 'isolated' });
    await t.mark('BTC_USDT', '54260');
    expect(await calls(trader.id)).toHaveLength(1);
    await t.ex.restore();
    await t.mark('BTC_USDT', '54250');
    expect(await calls(trader.id)).toHaveLength(1);

    // The liquidation closes the position into a bid; the call in force goes with it.
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '54100', quantity: '0.1' });
    await t.mark('BTC_USDT', '54200');
    expect(t.position(trader).side).toBe(0);
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from futures_margin_call where user_id = $1', [trader.id]);
    expect(row!.n).toBe(0);
    expect(await calls(trader.id)).toHaveLength(1);
    // …and its owner is told of the liquidation, once, with what it closed.
    const [liquidated, ...more] = await calls(trader.id, 'futures_liquidated');
    expect(more).toEqual([]);
    expect(liquidated).toMatchObject({ title: 'Position liquidated', body: 'Your BTC/USDT position reached a margin ratio of 100% and was liquidated: 0.1 of it was closed.' });
    await t.expectAuditClean();
  });

  it('calls a cross account as a whole, with its wallet, between its call price and its liquidation price', async () => {
    const { trader } = await t.longAt60000({ funds: '800', quantity: '0.1', leverage: 10, mode: 'cross' });
    const pushes = recordPushes();
    const prices = liquidationCheck(t.ex, undefined, t.position(trader), true);
    expect(prices.callPrice! > prices.price).toBe(true);
    // Just above the call price: not yet.
    await t.mark('BTC_USDT', fxText(prices.callPrice! + t.fx('1')));
    expect(await calls(trader.id, 'futures_margin_call_cross')).toHaveLength(0);
    // Between the two: called, not liquidated.
    const between = (prices.callPrice! + prices.price) / 2n;
    await t.mark('BTC_USDT', fxText(between - (between % t.fx('0.01'))));
    expect(t.position(trader).side).toBe(1);
    const [notice] = await calls(trader.id, 'futures_margin_call_cross');
    expect(notice?.body).toMatch(/^The margin ratio of your cross margin account \(BTC\/USDT\) reached (8\d|9\d)\.\d\d%\./);
    // (The earlier tests' traders are still open on the same contract: this trader's push only.)
    const call = pushes.find((p) => p.message.kind === 'futures_margin_call' && p.userId === trader.id)?.message;
    expect(call).toMatchObject({ mode: 'cross', positions: [{ symbol: 'BTC_USDT', mode: 'cross', isolatedWallet: '0' }] });
    expect(Number(call!.crossWallet)).toBeGreaterThan(790);
    const calledRows = async () => (await t.db.query<{ scope: string }>('select scope from futures_margin_call where user_id = $1', [trader.id])).map((r) => r.scope);
    expect(await calledRows()).toEqual(['cross']);
    // Back at the entry the account is far under 70 %: re-armed.
    await t.mark('BTC_USDT', '60000');
    expect(await calledRows()).toEqual([]);
    await t.expectAuditClean();
  });
});

import { describe, expect, it } from 'vitest';
import { FUTURES_MAKER_LEVELS, FuturesMakers } from '../../../server/products/futures/makers.js';
import { useFutures } from './harness.js';

const t = useFutures();
const BTC = 'BTC_USDT';
const ETH = 'ETH_USDT';

/**
 * The futures makers requote new before old: a market order that arrives while they requote (in the
 * same sequencer batch as their first cancels) still finds the book. Before, every old quote was
 * cancelled first, and a market close in that instant was refused with "the order book has no
 * orders to trade against" (seen in the browser suite on a busy machine).
 */
describe('futures market makers', () => {
  it('keep both sides of the book while they requote, and never trade with their own old quotes', async () => {
    const long = await t.user('50000000');
    const short = await t.user('50000000');
    const makers = new FuturesMakers(t.ex, { long: long.id, short: short.id });
    await makers.setup();
    let price = 60000;
    await t.mark(BTC, String(price));
    await makers.requote(BTC);
    const trader = await t.user('100000');
    for (let step = 0; step < 12; step++) {
      // Small moves and one jump past several steps (old quotes that would cross go first).
      price = step === 6 ? price * 1.01 : price * (1 + (step % 2 === 0 ? 0.0003 : -0.0002));
      await t.mark(BTC, price.toFixed(2));
      const requoting = makers.requote(BTC);
      const action = step % 2 === 0 ? 'open_short' : 'close_short';
      const taken = t.place(trader.id, { symbol: BTC, action, type: 'market', quantity: '0.01' });
      await Promise.all([requoting, taken]);
    }
    await t.ex.idle();
    const [selfTrades] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from futures_trade t
       join futures_order m on m.id = t.maker_order_id join futures_order k on k.id = t.taker_order_id
       where m.user_id = k.user_id and m.user_id in ($1, $2)`,
      [long.id, short.id],
    );
    expect(selfTrades!.n).toBe(0);
    await t.expectAuditClean();
  });

  it('requote a small move of the mark with a few orders: the ladder sits on a price grid', async () => {
    const long = await t.user('50000000');
    const short = await t.user('50000000');
    const makers = new FuturesMakers(t.ex, { long: long.id, short: short.id });
    await makers.setup();
    const resting = () => new Set([long.id, short.id].flatMap((id) => [...(t.ex.ordersByUser.get(id) ?? [])].filter((o) => t.ex.orders.get(o)?.symbol === ETH)));
    let price = 3456.78;
    await t.mark(ETH, price.toFixed(2));
    await makers.requote(ETH);
    await t.ex.idle();
    let before = resting();
    expect(before.size).toBe(2 * FUTURES_MAKER_LEVELS);
    for (const move of [0.11, -0.07, 0.16, -0.09]) {
      price += move;
      await t.mark(ETH, price.toFixed(2));
      await makers.requote(ETH);
      await t.ex.idle();
      const after = resting();
      const changed = [...after].filter((id) => !before.has(id)).length + [...before].filter((id) => !after.has(id)).length;
      // Before the grid every quote moved with the mark: 24 placed and 24 cancelled.
      expect(changed).toBeLessThanOrEqual(4);
      expect(after.size).toBe(2 * FUTURES_MAKER_LEVELS);
      before = after;
    }
    await t.expectAuditClean();
  });

  it('quote a depth curve of varied sizes, thin at the touch and deeper away from it, and trade varied sizes (issue 37)', async () => {
    for (const o of [...t.ex.orders.values()]) await t.ex.cancel(o.userId, o.id);
    const long = await t.user('50000000');
    const short = await t.user('50000000');
    const makers = new FuturesMakers(t.ex, { long: long.id, short: short.id });
    await makers.setup();
    await t.mark(BTC, '61234.5');
    await makers.requote(BTC);
    await t.ex.idle();
    const bids = [...(t.ex.ordersByUser.get(long.id) ?? [])]
      .map((id) => t.ex.orders.get(id)!)
      .filter((o) => o.symbol === BTC && o.action === 'open_long')
      .sort((a, b) => (a.price! > b.price! ? -1 : 1));
    expect(bids).toHaveLength(FUTURES_MAKER_LEVELS);
    // The trade page's book shows 15 levels a side: all filled, none empty above the asks (issue 50 C4: 12 left three).
    const shown = t.ex.engines.get(BTC)!.depth(15);
    expect([shown.asks.length, shown.bids.length]).toEqual([15, 15]);
    const sizes = bids.map((o) => Number(o.quantity) / 1e18);
    // Before: every level at exactly the same quantity.
    expect(new Set(sizes).size).toBeGreaterThanOrEqual(10);
    const inner = sizes.slice(0, 4).reduce((a, b) => a + b, 0);
    const outer = sizes.slice(8).reduce((a, b) => a + b, 0);
    expect(outer).toBeGreaterThan(inner * 2);
    // The same price quoted again keeps its size (a requote does not replace the ladder).
    const again = new Set([...(t.ex.ordersByUser.get(long.id) ?? [])]);
    await makers.requote(BTC);
    await t.ex.idle();
    expect(new Set([...(t.ex.ordersByUser.get(long.id) ?? [])])).toEqual(again);

    const trades = await t.db.query<{ n: string }>(`select count(*)::text as n from futures_trade`);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 12; i++) await makers.take(BTC, random);
    const made = await t.db.query<{ quantity: string }>(`select trim_scale(quantity)::text as quantity from futures_trade order by id offset $1`, [Number(trades[0]!.n)]);
    expect(new Set(made.map((r) => r.quantity)).size).toBeGreaterThanOrEqual(4);
    await t.expectAuditClean();
  });
});

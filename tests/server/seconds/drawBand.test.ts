import { describe, expect, it } from 'vitest';
import { expectOk } from '../http.js';
import { useSeconds } from './harness.js';

/**
 * Issue 49 §7: any move of the index, however small, used to decide a contract, and an order of
 * 96 USDT inside the spread moved it by cents. A settle within the contract's draw band of its buy
 * price is a draw (stake returned): half the impact spread the book has shown over the last minute
 * (at the buy or the settle second, whichever is wider), at least MIN_DRAW_TICKS ticks.
 */
const t = useSeconds();
const ETH = { symbol: 'ETH_USDT', left: 'ETH', right: 'USDT', pricePrecision: 2 };

/** The pair's book as the spot market would keep it: one resting order a side, rested long ago. */
async function book(left: string, bid: string, ask: string, quantity: string): Promise<number[]> {
  const [user] = await t.db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, 'market_maker') returning id`, [`band-${Math.random()}@example.org`]);
  const rows = await t.db.query<{ id: number }>(
    `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
     values ($1, $2, 'USDT', 'buy', 'limit', 'GTC', $3, $5, 0, 1, 0, 0), ($1, $2, 'USDT', 'sell', 'limit', 'GTC', $4, $5, 0, 1, 0, 0) returning id`,
    [user!.id, left, bid, ask, quantity],
  );
  return rows.map((r) => Number(r.id));
}

/** Runs the clock to `ms`, the sampler taking each sample it planned on the way. */
async function sampleUntil(ms: number) {
  const sampler = t.product.sampler;
  for (let at = sampler.nextSampleAt(); at < ms; at = sampler.nextSampleAt()) {
    t.set(Math.max(t.now(), at));
    await sampler.sampleNow();
  }
  t.set(ms);
}

describe('seconds contracts: the draw band', () => {
  it('without a sampled book the band is two ticks: a settle one or two cents from the buy price is a draw, three cents decide', async () => {
    const outcomes: Array<[string, string | null, string | null]> = [];
    for (const settle of ['60000.01', '59999.98', '60000.03']) {
      const a = t.pricedAt('60000', 300);
      const user = await t.user('1000');
      const up = expectOk(await t.buy(user, { direction: 'up', quantity: '100' }));
      expect(up).toMatchObject({ buy_price: '60000', draw_band: '0.02' });
      t.trades.priceOf('BTC_USDT', a + 30, settle);
      t.at(a + 30, 20);
      await t.settle();
      const settled = await t.contract(up.id);
      outcomes.push([settle, settled.outcome, settled.profit]);
      if (settled.outcome === 'draw') expect(await t.balance(user)).toEqual({ available: '1000', frozen: '0' });
    }
    expect(outcomes).toEqual([
      ['60000.01', 'draw', '0'],
      ['59999.98', 'draw', '0'],
      ['60000.03', 'win', '80'],
    ]);
    await t.expectAuditClean();
  });

  it('with a sampled book it is half the impact spread: a move of 9.99 against a 20 USDT spread is a draw, 10.02 wins', async () => {
    const a = t.scenario();
    t.set((a - 7) * 1000);
    let orders = await book('ETH', '2990', '3010', '10');
    await sampleUntil(a * 1000 + 100);
    const user = await t.user('5000');
    const eth = (direction: string) => t.buy(user, { symbol: 'eth_usdt', direction, quantity: '100' });
    const [up, down] = [expectOk(await eth('up')), expectOk(await eth('down'))];
    expect([up.buy_price, up.draw_band, down.draw_band]).toEqual(['3000', '10', '10']);
    // The honest book moves up 9.99 before the expiry window: within the band, both draw.
    const move = async (bid: string, ask: string) => {
      await t.db.query(`update spot_order set status = 4 where id = any($1::bigint[])`, [orders]);
      orders = await book('ETH', bid, ask, '10');
    };
    // The book moves at second `movedAt`; sampled past the expiry second and settled: the contracts as settled.
    const moveAndSettle = async (movedAt: number, bid: string, ask: string, expiry: number, ids: number[]) => {
      await sampleUntil(movedAt * 1000);
      await move(bid, ask);
      await sampleUntil(expiry * 1000 + 20);
      await t.settle();
      return Promise.all(ids.map((id) => t.contract(id)));
    };
    expect(await moveAndSettle(a + 20, '2999.99', '3019.99', a + 30, [up.id, down.id])).toMatchObject([
      { outcome: 'draw', settle_price: '3009.99', profit: '0' },
      { outcome: 'draw', settle_price: '3009.99', profit: '0' },
    ]);
    // Bought again at 3009.99, the book moves 10.02 more: beyond the band, up wins and down loses.
    const [up2, down2] = [expectOk(await eth('up')), expectOk(await eth('down'))];
    expect([up2.buy_price, up2.draw_band]).toEqual(['3009.99', '10']);
    expect(await moveAndSettle(a + 45, '3010.01', '3030.01', a + 60, [up2.id, down2.id])).toMatchObject([
      { outcome: 'win', settle_price: '3020.01', profit: '80' },
      { outcome: 'loss', settle_price: '3020.01', profit: '-100' },
    ]);
    expect(t.product.sampler.priceOf(ETH, a + 60)).toBe('3020.01');
    await t.db.query(`update spot_order set status = 4 where id = any($1::bigint[])`, [orders]);
    await t.expectAuditClean();
  });
});

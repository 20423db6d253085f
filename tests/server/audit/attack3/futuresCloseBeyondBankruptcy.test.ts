import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../../domain/futures/api.js';
import { useFutures } from '../../futures/harness.js';

/**
 * Two accounts drain the insurance fund: A holds a long whose margin is all that backs it; B rests
 * a bid far below the mark; A closes into it. The loss beyond A's margin is not A's to pay
 * (isolated, or cross with nothing left), so the insurance fund paid it — to the pool, and from
 * there to B, who bought at half the mark and sells at the mark. A user's close may not trade
 * where it loses more than what backs it (its bankruptcy price): a limit beyond it is refused, a
 * market close stops there, a resting close keeps the margin (isolated) or holds the funds (cross)
 * its price needs. The insurance fund pays liquidation gaps only.
 */
const t = useFutures();
const BTC = 'BTC_USDT';

/** B: rests a bid of `quantity` BTC at `price` (an opening long) and answers it. */
async function accompliceBids(price: string, quantity = '0.5') {
  const b = await t.user('100000');
  await t.place(b.id, { symbol: BTC, action: 'open_long', type: 'limit', price, quantity });
  return b;
}

describe('a close beyond the bankruptcy price', () => {
  it('isolated, limit: A sells 0.5 at 30 000 (bankruptcy 54 000) into B\'s bid: refused, the fund untouched', async () => {
    const { trader } = await t.longAt60000({ funds: '3015', quantity: '0.5', leverage: 10, mode: 'isolated' });
    await accompliceBids('30000');
    const fund = await t.insurance();
    const answer = await t.order(trader, { action: 'close_long', type: 'limit', price: '30000', quantity: '0.5' });
    expect(answer.body.code, answer.body.msg).toBe(400);
    expect(answer.body.msg).toContain('54,000');
    expect(await t.insurance()).toEqual(fund);
    expect(t.position(trader).side).toBe(1);
    // At the bankruptcy price itself the close is allowed (it rests: nobody bids there).
    expect((await t.order(trader, { action: 'close_long', type: 'limit', price: '54000', quantity: '0.5' })).body.code).toBe(200);
    await t.expectAuditClean();
  });

  it('isolated, market: the close stops at the bankruptcy price; nothing fills below it, the fund untouched', async () => {
    const { trader } = await t.longAt60000({ funds: '3015', quantity: '0.5', leverage: 10, mode: 'isolated' });
    await accompliceBids('30000');
    const fund = await t.insurance();
    const answer = await t.order(trader, { action: 'close_long', type: 'market', quantity: '0.5' });
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect((answer.body.data as { unfilled: string }).unfilled).toBe('0.5');
    expect(await t.insurance()).toEqual(fund);
    expect(t.position(trader).quantity).toBe(t.fx('0.5'));
    await t.expectAuditClean();
  });

  it('isolated: margin added, a close rested at the new bankruptcy price, then the margin taken back: refused', async () => {
    const { trader } = await t.longAt60000({ funds: '13015', quantity: '0.5', leverage: 10, mode: 'isolated' });
    expect((await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '10000' })).body.code).toBe(200);
    // Margin 13 000: bankruptcy 60 000 − 13 000 ÷ 0.5 = 34 000.
    expect((await t.order(trader, { action: 'close_long', type: 'limit', price: '34000', quantity: '0.5' })).body.code).toBe(200);
    const removed = await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'remove', amount: '10000' });
    expect(removed.body.code, removed.body.msg).toBe(400);
    const fund = await t.insurance();
    // Had it gone through, B's buy at 34 000 would fill the resting close 10 000 below A's margin.
    const b = await t.user('100000');
    await t.place(b.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '34000', quantity: '0.5' });
    expect(Number((await t.insurance()).available)).toBeGreaterThanOrEqual(Number(fund.available));
    await t.expectAuditClean();
  });

  it('cross, nothing left in the account: a limit close at 30 000 is refused, a market close stops at the bankruptcy price', async () => {
    // 20× cross long 0.5 at 60 000: margin 1500, fee 15; 1515 in, nothing left.
    const { trader } = await t.longAt60000({ funds: '1515', quantity: '0.5', leverage: 20, mode: 'cross' });
    expect(await t.balance(trader)).toEqual({ available: '0', frozen: '0' });
    await accompliceBids('30000');
    const fund = await t.insurance();
    expect((await t.order(trader, { action: 'close_long', type: 'limit', price: '30000', quantity: '0.5' })).body.code).toBe(400);
    const market = await t.order(trader, { action: 'close_long', type: 'market', quantity: '0.5' });
    expect((market.body.data as { unfilled: string }).unfilled).toBe('0.5');
    expect(await t.insurance()).toEqual(fund);
    await t.expectAuditClean();
  });

  it('cross with funds: a close below the margin holds what it would lose beyond it, so a transfer cannot take it; the fill pays it', async () => {
    // 20× cross long 0.5 at 60 000 with 20 000 in the account: margin 1500, 18 485 left.
    const { trader } = await t.longAt60000({ funds: '20000', quantity: '0.5', leverage: 20, mode: 'cross' });
    // A close at 30 000 loses 15 000: 1500 from the margin, 13 500 held from available.
    const rested = await t.order(trader, { action: 'close_long', type: 'limit', price: '30000', quantity: '0.5' });
    expect(rested.body.code, rested.body.msg).toBe(200);
    expect(await t.balance(trader)).toEqual({ available: '4985', frozen: '13500' });
    const out = await t.transfer(trader, 'contract', 'spot', '18485');
    expect(out.ok).toBe(false);
    const fund = await t.insurance();
    const b = await t.user('100000');
    await t.place(b.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '30000', quantity: '0.5' });
    expect(t.position(trader).side).toBe(0);
    expect(Number((await t.insurance()).available)).toBeGreaterThanOrEqual(Number(fund.available));
    await t.expectAuditClean();
  });
});

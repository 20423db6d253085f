import { describe, expect, it } from 'vitest';
import { useFutures } from '../../futures/harness.js';

/**
 * Two accounts drain the insurance fund by opening: B rests an ask at twice the mark, A (10×
 * isolated) buys it. A's position starts 30 000 under water on a 6000 margin; the next mark
 * liquidates it and the fund pays the 24 000 beyond the margin, while B's short at 120 000 is
 * 30 000 in profit at the mark. An opening order may not trade where the part it opens starts
 * bankrupt at the mark (a buy at most mark × L ÷ (L − 1)): a limit beyond is refused, a market
 * order goes no further.
 */
const t = useFutures();
const BTC = 'BTC_USDT';

async function setUp(leverage: number) {
  await t.clearBook();
  await t.mark(BTC, '60000');
  const b = await t.user('100000');
  const a = await t.user('6100');
  await t.leverage(a, leverage, 'isolated');
  await t.place(b.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '120000', quantity: '0.5' });
  return { a, b };
}

describe('an opening far from the mark', () => {
  it('10×: a limit buy at twice the mark is refused (the bound is 66 666.66), the fund untouched', async () => {
    const { a } = await setUp(10);
    const fund = await t.insurance();
    const answer = await t.order(a, { action: 'open_long', type: 'limit', price: '120000', quantity: '0.5' });
    expect(answer.body.code, answer.body.msg).toBe(400);
    expect(answer.body.msg).toContain('66,666.66');
    expect(t.position(a).side).toBe(0);
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '59990', quantity: '1' });
    await t.mark(BTC, '60000');
    expect(await t.insurance()).toEqual(fund);
    await t.expectAuditClean();
  });

  it('10×: a market buy stops at the bound, nothing fills at 120 000; within the bound it fills', async () => {
    const { a } = await setUp(10);
    const fund = await t.insurance();
    const answer = await t.order(a, { action: 'open_long', type: 'market', quantity: '0.5' });
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(t.position(a).side).toBe(0);
    expect(await t.balance(a)).toEqual({ available: '6100', frozen: '0' });
    const seller = await t.user('10000000');
    await t.place(seller.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '60010', quantity: '0.1' });
    expect((await t.order(a, { action: 'open_long', type: 'market', quantity: '0.1' })).body.code).toBe(200);
    expect(t.position(a).quantity).toBe(t.fx('0.1'));
    expect(await t.insurance()).toEqual(fund);
    await t.expectAuditClean();
  });

  it('a sell far below the mark is refused the same way (short: at least mark × L ÷ (L + 1))', async () => {
    await t.clearBook();
    await t.mark(BTC, '60000');
    const a = await t.user('6100');
    await t.leverage(a, 10, 'isolated');
    const answer = await t.order(a, { action: 'open_short', type: 'limit', price: '30000', quantity: '0.1' });
    expect(answer.body.code, answer.body.msg).toBe(400);
    expect(answer.body.msg).toContain('54,545.46');
    expect((await t.order(a, { action: 'open_short', type: 'limit', price: '54545.46', quantity: '0.1' })).body.code).toBe(200);
    await t.expectAuditClean();
  });
});

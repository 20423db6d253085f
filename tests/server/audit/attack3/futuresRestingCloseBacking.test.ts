import { describe, expect, it } from 'vitest';
import { FuturesOrderStatus as S } from '../../../../domain/futures/orderStatus.js';
import { listNotifications } from '../../../../server/kernel/platform/notifications/notify.js';
import { useFutures } from '../../futures/harness.js';

/**
 * A resting close was accepted within what backed it then (closeBound). What backs it can fall
 * after: a funding payment the available balance cannot cover comes out of the margin. Before, the
 * close stayed in the book where it then lost more than the margin left, and a bid there had the
 * insurance fund pay the gap. Now the closes of a position whose margin fell are checked again:
 * a cross close holds more from available if it can, and one nothing backs any more is cancelled,
 * its owner told why. Adding to the position cannot move a close so: a long's close rests below the
 * bids, so an add above it trades with it first, which self-trade prevention refuses.
 */
const t = useFutures();
const BTC = 'BTC_USDT';

/** A 10× long 0.5 at 60 000 (margin 3 000: bankruptcy 54 000) with a close resting at `price`. */
async function longWithClose(funds: string, price: string, mode: 'isolated' | 'cross' = 'isolated') {
  const { trader } = await t.longAt60000({ funds, quantity: '0.5', leverage: 10, mode });
  const close = await t.order(trader, { action: 'close_long', type: 'limit', price, quantity: '0.5' });
  expect(close.body.code, close.body.msg).toBe(200);
  return { trader, closeId: close.body.data!.order.id };
}

/** One funding at the cap (0.75 %) paid by longs: a mark 1 % above the index over the interval. 0.5 × 60 600 × 0.0075 = 227.25. */
let fundings = 0;
async function longsPayFunding() {
  await t.db.query(`update futures_mark set premium_sum = 0, premium_count = 0`);
  await t.product.feed.setIndex(t.product.exchange.pairs.get(BTC)!, t.fx('60000'), { basis: t.fx('600') });
  const paid = await t.product.payFunding(BTC, Date.UTC(2026, 0, 5, 8) + ++fundings * 8 * 3_600_000);
  expect(paid?.rate).toBe('0.0075');
}

const statusOf = async (id: number) => Number((await t.db.query<{ status: number }>(`select status from futures_order where id = $1`, [id]))[0]!.status);

describe('a resting close once funding took from its margin', () => {
  it('isolated, at the old bankruptcy price: cancelled and its owner told; a bid there fills nothing, the fund untouched', async () => {
    // 3 015 in: the margin and the fee, nothing left, so the funding comes out of the margin.
    const { trader, closeId } = await longWithClose('3015', '54000');
    await longsPayFunding();
    expect(t.position(trader).margin).toBe(t.fx('2772.75'));
    expect(await statusOf(closeId)).toBe(S.cancelled);
    const notices = (await listNotifications(t.db, trader.id, 'en_US', 1, 10)).list.filter((n) => n.kind === 'futures_close_unbacked');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body, notices[0]!.body).toContain('BTC/USDT, 0.5 at 54,000');
    const fund = await t.insurance();
    const b = await t.user('100000');
    await t.place(b.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '54000', quantity: '0.5' });
    expect(t.position(trader).quantity).toBe(t.fx('0.5'));
    expect(await t.insurance()).toEqual(fund);
    await t.expectAuditClean();
  });

  it('isolated, at a price the margin left still covers: it stays in the book', async () => {
    // At 55 000 the close loses 2 500 of the 3 000: 227.25 of funding leaves it covered.
    const { closeId } = await longWithClose('3015', '55000');
    await longsPayFunding();
    expect(await statusOf(closeId)).toBe(S.submitted);
    await t.expectAuditClean();
  });

  it('cross with nothing available: cancelled as well', async () => {
    const { trader, closeId } = await longWithClose('3015', '54000', 'cross');
    expect(await t.balance(trader)).toEqual({ available: '0', frozen: '0' });
    await longsPayFunding();
    expect(await statusOf(closeId)).toBe(S.cancelled);
    await t.expectAuditClean();
  });

  it('adding above the resting close trades with it first: self-trade prevention refuses the add, the close and the position stay', async () => {
    const { trader, closeId } = await longWithClose('20000', '54000');
    const seller = await t.user('100000');
    await t.place(seller.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '66000', quantity: '0.5' });
    const added = await t.order(trader, { action: 'open_long', type: 'limit', price: '66000', quantity: '0.5' });
    expect(added.body.code, added.body.msg).toBe(200);
    expect(added.body.data!.order.filled).toBe('0');
    expect(t.position(trader).quantity).toBe(t.fx('0.5'));
    expect(await statusOf(closeId)).toBe(S.submitted);
    await t.expectAuditClean();
  });
});

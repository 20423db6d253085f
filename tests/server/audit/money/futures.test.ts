import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../../domain/futures/api.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { useFutures } from '../../futures/harness.js';

/**
 * Futures orders claim their Idempotency-Keys a batch at a time (runner.ts), not through `once`:
 * the same key with another body must be refused there too — when the first order was in an
 * earlier batch, and when both arrive in one — and a repeat of the same body still answers the
 * first order. And the size brackets hold at their edge, also for two orders sent together
 * (the pending order counts towards the next one's notional).
 */
const t = useFutures();
const en = MESSAGES.en_US;
const BUY = { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' };

describe('futures: one Idempotency-Key, another body', () => {
  it('after the first order: the same body answers it, another quantity or price is refused, nothing more is held', async () => {
    await t.clearBook();
    const trader = await t.user('1000');
    const headers = { 'idempotency-key': `fut-reuse-${trader.id}` };
    const first = expectOk(await t.order(trader, BUY, headers));
    expect(expectOk(await t.order(trader, BUY, headers)).order.id).toBe(first.order.id);
    expectRefusal(await t.order(trader, { ...BUY, quantity: '0.02' }, headers), 400, en.idempotencyKeyReused);
    expectRefusal(await t.order(trader, { ...BUY, price: '49000' }, headers), 400, en.idempotencyKeyReused);
    expect(await t.balance(trader)).toEqual({ available: '974.75', frozen: '25.25' });
    expect(t.ex.orders.size).toBe(1);
  });

  it('two bodies under one key at once: one order, the other body refused', async () => {
    await t.clearBook();
    const trader = await t.user('1000');
    const headers = { 'idempotency-key': `fut-reuse-race-${trader.id}` };
    const answers = await Promise.all([0, 1, 2, 3].map((i) => t.order(trader, i % 2 ? BUY : { ...BUY, quantity: '0.02' }, headers)));
    const placed = answers.filter((a) => a.body.code === 200).map((a) => expectOk(a).order.id);
    expect(new Set(placed).size).toBe(1);
    expect(placed).toHaveLength(2);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, en.idempotencyKeyReused);
    expect(t.ex.orders.size).toBe(1);
  });
});

describe('futures: the size bracket at its edge, and two orders that fit it alone', () => {
  const tooHigh = en.futuresLeverageTooHighForSize.replace('{max}', '100');

  it('at 125×, BTC notional just under 50 000 opens, at 50 000 is refused; 125 is the highest leverage', async () => {
    await t.clearBook();
    const trader = await t.user('10000');
    expectRefusal(await t.post(trader, FUTURES_PATHS.leverage, { symbol: 'btc_usdt', leverage: 126, margin_mode: 'isolated' }), 400, 'Invalid value: Leverage (leverage)');
    await t.leverage(trader, 125, 'isolated');
    expectRefusal(await t.order(trader, { ...BUY, quantity: '1' }), 400, tooHigh);
    expectOk(await t.order(trader, { ...BUY, quantity: '0.999' }));
  });

  it('two orders at once, each under the bracket alone, together at its edge: one is refused', async () => {
    await t.clearBook();
    const trader = await t.user('10000');
    await t.leverage(trader, 125, 'isolated');
    const answers = await Promise.all([t.order(trader, { ...BUY, quantity: '0.5' }), t.order(trader, { ...BUY, quantity: '0.5', price: '50000.0' })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400]);
    expectRefusal(answers.find((a) => a.body.code !== 200)!, 400, tooHigh);
    expect(t.ex.orders.size).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, type WithdrawalRecord, type WithdrawQuota } from '../../../../domain/wallet.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { referenceRate, valueInUsdt } from '../../../../server/products/fiat/rules.js';
import { expectOk, expectRefusal } from '../../http.js';
import { FUNDS_PASSWORD, useWallet } from '../../wallet/harness.js';

/**
 * One account sells 0.01 BTC to another at 100 USDT: the last trade — and with it the currency
 * list's price and the last one-minute close — says BTC is worth 100. Before, three controls took
 * that price: the 24-hour withdrawal limit (0.0395 BTC went out against a 100-USDT limit), the P2P
 * trust limits (2 BTC counted as 200 USDT) and margin ads' price (merchants' sell ads at 100 USD a
 * BTC). Now the limits count a coin at the highest of its last price and its market's hourly highs
 * over a day, and a margin ad follows the median of the last hour's one-minute closes. A currency
 * nothing has priced cannot be withdrawn against the limit at all.
 */
const t = useWallet();
const EN = MESSAGES.en_US;
const HOUR = 3_600_000;

/** BTC traded near 96 000 for the last hour, then one trade at 100 set its last price. */
async function dumpedByOneTrade() {
  const now = t.now();
  await t.db.query(`delete from candle where left_symbol = 'BTC' and right_symbol = 'USDT'`);
  for (let m = 60; m >= 1; m--) {
    const open = Math.floor((now - m * 60_000) / 60_000) * 60_000;
    await t.db.query(
      `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count) values ('BTC', 'USDT', '1min', $1, 96000, 96100, 95900, 96000, 1, 96000, 1)`,
      [open],
    );
  }
  await t.db.query(
    `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count) values ('BTC', 'USDT', '60min', $1, 96000, 96100, 100, 100, 1, 96000, 2)`,
    [Math.floor(now / HOUR) * HOUR],
  );
  await t.db.query(`insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count) values ('BTC', 'USDT', '1min', $1, 100, 100, 100, 100, 0.01, 1, 1)`, [Math.floor(now / 60_000) * 60_000]);
  await t.db.query(`update currency set price = 100 where symbol = 'BTC'`);
}

describe('a price set by one trade', () => {
  it('does not widen the 24-hour withdrawal limit', async () => {
    await dumpedByOneTrade();
    const user = await t.newUser();
    await t.fund(user, 'BTC', '0.05', 'BTC');
    const quota = expectOk(await t.call<WithdrawQuota>(user, WALLET_PATHS.withdrawQuota, { currency: 'BTC' }));
    // 100 USDT at the day's high of 96 100, not at 100.
    expect(quota).toMatchObject({ remaining: '0.00104058', priced: true });
    expectRefusal(
      await t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, { currency: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', quantity: '0.0395', funds_password: FUNDS_PASSWORD }, 'price-dump-1'),
      400,
      /24-hour withdrawal limit of 100 USDT/,
    );
  });

  it('does not shrink a P2P order\'s value against the trust limits, nor reprice margin ads', async () => {
    await dumpedByOneTrade();
    expect(await valueInUsdt(t.db, 'BTC', '2', t.now())).toBe('192200');
    const [usd] = await t.db.query<{ price: string }>(`select trim_scale(price)::text as price from fiat_rate where pair = 'usdt_usd'`);
    const rate = await referenceRate(t.db, 'BTC', 'USD');
    expect(Number(rate)).toBeCloseTo(96000 * Number(usd!.price), 6);
  });

  it('a currency nothing has priced is not withdrawn against the limit', async () => {
    await t.db.query(`delete from candle where left_symbol = 'TRX' and right_symbol = 'USDT'`);
    await t.db.query(`update currency set price = 0, draw_turn = 1 where symbol = 'TRX'`);
    const user = await t.newUser();
    await t.fund(user, 'TRX', '500');
    const quota = expectOk(await t.call<WithdrawQuota>(user, WALLET_PATHS.withdrawQuota, { currency: 'TRX' }));
    expect(quota).toMatchObject({ remaining: '0', priced: false });
    const refused = await t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, { currency: 'TRX', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', quantity: '100', funds_password: FUNDS_PASSWORD }, 'unpriced-1');
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toBe(EN.walletNoPrice.replace('{currency}', 'TRX'));
  });
});

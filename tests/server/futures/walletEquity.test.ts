import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS, type FuturesAccount } from '../../../domain/futures/api.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

const t = useFutures();
const BTC = 'BTC_USDT';

const contractOf = (o: Awaited<ReturnType<typeof t.walletOverview>>) => o.accounts.find((a) => a.account === 'contract')!.valuation_usdt;

/**
 * The wallet's overview tells the truth with futures positions open (issue 34 §8): the contract
 * account is worth what the futures page calls its equity, the total counts it, and today's P&L
 * is the equity now less the day's opening equity less what came in from outside since.
 */
describe('the wallet overview with futures positions', () => {
  it('values the contract account at its futures equity; opening a position costs its fee, not its margin', async () => {
    await t.mark(BTC, '60000');
    await t.dayOpen();
    const maker = await t.user('10000000');
    const trader = await t.user('1000'); // a deposit today: not profit
    expect(await t.walletOverview(trader)).toMatchObject({ total_usdt: '1000', today_pnl_usdt: '0' });
    expectOk(await t.post(trader, FUTURES_PATHS.leverage, { symbol: 'btc_usdt', leverage: 10, margin_mode: 'cross' }));
    await t.place(maker.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '60000', quantity: '0.1' });
    expectOk(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.1' }));
    // Margin 600 left the account for the pool; the taker fee (0.05 % of 6000 = 3) is the only cost.
    const overview = await t.walletOverview(trader);
    const futures = expectOk(await t.post<FuturesAccount>(trader, FUTURES_PATHS.account, {}));
    expect(contractOf(overview)).toBe(futures.equity.replace(/\.?0+$/, ''));
    expect(overview.total_usdt).toBe('997');
    expect(overview.today_pnl_usdt).toBe('-3');
    // The mark moves: the unrealised PnL is today's too.
    await t.mark(BTC, '61000');
    const after = await t.walletOverview(trader);
    expect(after.total_usdt).toBe('1097');
    expect(after.today_pnl_usdt).toBe('97');
    // Moving funds between one's own accounts changes neither.
    expect(await t.transfer(trader, 'contract', 'spot', '100')).toMatchObject({ ok: true });
    expect(await t.walletOverview(trader)).toMatchObject({ total_usdt: '1097', today_pnl_usdt: '97' });
  });

  it('counts a P2P purchase as money in, not as profit', async () => {
    await t.dayOpen();
    const buyer = await t.user('0');
    await t.db.transaction((tx) =>
      changeBalance(tx, { userId: buyer.id, currency: 'USDT', account: 'legal', available: '250', frozen: '0', kind: 'fiat_receive', refType: 'fiat_order', refId: null }),
    );
    expect(await t.walletOverview(buyer)).toMatchObject({ total_usdt: '250', today_pnl_usdt: '0' });
  });
});

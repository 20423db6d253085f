import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { fxText } from '../../../domain/fx.js';
import { liquidationPrice } from '../../../domain/futures/formulas.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { numberVar } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

const t = useFutures();
const BTC = 'BTC_USDT';

/** 1000 USDT, 20× cross long 0.1 at 60 000: margin 300, fee 3, available 697, wallet 997. */
async function crossLong() {
  const { trader } = await t.longAt60000({ funds: '1000', leverage: 20, mode: 'cross' });
  expect(await t.balance(trader)).toEqual({ available: '697', frozen: '0' });
  return trader;
}

/** The liquidation price of that long with a wallet balance (available + margin 300) of `wallet`. */
const priceWith = (wallet: string) =>
  fxText(liquidationPrice({ side: 1, quantity: t.fx('0.1'), entry: t.fx('60000'), walletBalance: t.fx(wallet), brackets: t.ex.pairs.get(BTC)!.brackets }));

const positionOf = async (trader: { headers: Record<string, string> }) => {
  const [pos] = expectOk(await t.post<Array<{ liquidation_price: string; margin_ratio: string }>>(trader, FUTURES_PATHS.positions, {}));
  return pos!;
};

describe('a cross account whose funds move', () => {
  it('re-prices its positions with the transfer: the position list, the account and the liquidation index agree', async () => {
    const trader = await crossLong();
    expect((await positionOf(trader)).liquidation_price).toBe(priceWith('997'));
    expect(await t.transfer(trader, 'contract', 'spot', '400')).toMatchObject({ ok: true });
    await t.ex.idle();
    // Wallet 297 + 300: (597 − 6000) ÷ (0.1 × 0.004 − 0.1) = 54 246.98…
    expect(Number(priceWith('597'))).toBeCloseTo(54246.9879, 3);
    expect((await positionOf(trader)).liquidation_price).toBe(priceWith('597'));
    const account = expectOk(await t.post<{ positions: Array<{ liquidation_price: string }> }>(trader, FUTURES_PATHS.account, {}));
    expect(account.positions[0]!.liquidation_price).toBe(priceWith('597'));
    // The index proposes the position at a mark just under its new price.
    expect(t.ex.index.candidates(BTC, t.fx('54246'))).toContain(`${trader.id}:${BTC}`);
    await t.expectAuditClean();
  });

  it('is liquidated by its margin ratio once funds left it without a futures batch (another process, a lost notice)', async () => {
    const trader = await crossLong();
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '54000', quantity: '0.1' });
    // The same ledger move a transfer makes, with nobody told.
    await t.db.transaction(async (tx) => {
      await changeBalance(tx, { userId: trader.id, currency: 'USDT', account: 'contract', available: '-400', frozen: '0', kind: 'transfer_out', refType: 'test', refId: null });
      await changeBalance(tx, { userId: trader.id, currency: 'USDT', account: 'spot', available: '400', frozen: '0', kind: 'transfer_in', refType: 'test', refId: null });
    });
    // Above the old price (50 230.92), below the real one (54 246.99): margin ratio ≥ 100 %.
    await t.mark(BTC, '54200');
    expect(t.position(trader).side).toBe(0);
    await t.expectAuditClean();
  });

  it('lets out at most the available balance less the cross positions\u2019 unrealised loss, with a clear refusal beyond', async () => {
    const trader = await crossLong();
    await t.mark(BTC, '59000'); // unrealised −100
    const refused = await t.transfer(trader, 'contract', 'spot', '598');
    expect(refused).toMatchObject({ ok: false, key: 'walletTransferBeyondFree', vars: { max: numberVar('597'), currency: 'USDT' } });
    expect(await t.balance(trader)).toEqual({ available: '697', frozen: '0' });
    expect(await t.transfer(trader, 'contract', 'spot', '597')).toMatchObject({ ok: true });
    expect(await t.balance(trader)).toEqual({ available: '100', frozen: '0' });
    // Profit is not paid out before it is realised: at 61 000 the bound is the available balance.
    await t.mark(BTC, '61000');
    expect(await t.transfer(trader, 'contract', 'spot', '100.000001')).toMatchObject({ ok: false, key: 'walletInsufficientBalance' });
    expect(await t.transfer(trader, 'contract', 'spot', '100')).toMatchObject({ ok: true });
    await t.ex.idle();
    expect(t.position(trader).side).toBe(1);
    await t.expectAuditClean();
  });

  it('funds moved in lower the liquidation price at once', async () => {
    const trader = await crossLong();
    await t.db.transaction((tx) =>
      changeBalance(tx, { userId: trader.id, currency: 'USDT', account: 'spot', available: '500', frozen: '0', kind: 'deposit', refType: 'test', refId: null }),
    );
    expect(await t.transfer(trader, 'spot', 'contract', '500')).toMatchObject({ ok: true });
    await t.ex.idle();
    expect((await positionOf(trader)).liquidation_price).toBe(priceWith('1497'));
  });
});

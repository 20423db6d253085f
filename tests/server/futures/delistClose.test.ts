import { describe, expect, it } from 'vitest';
import { useFutures } from './harness.js';
import { listingStatus } from '../../../server/kernel/platform/pairListing.js';

/**
 * Issue 52 §1, the futures side of a contract's delisting (server/products/futures/delisting.ts):
 * once the pair row says the delisting halted it a settle time ago, the futures process closes
 * every position at the mark in one batch — here a bankrupt isolated long, whose shortfall beyond
 * its margin the insurance fund pays, as a liquidation's — and marks the contract delisted; a
 * second pass (a restart, another process) finds nothing to do. The books stay exact.
 */
const t = useFutures();

describe('closing a delisted contract at the mark', () => {
  it('closes a bankrupt long and its short at the mark, the insurance fund paying the shortfall, once', async () => {
    const { maker, trader } = await t.longAt60000({ funds: '1000', quantity: '0.1', leverage: 10, mode: 'isolated' });
    const insurance = await t.insurance();
    // The mark far below the long's bankruptcy price, set without a liquidation pass (the contract is halted for its delisting).
    t.ex.marks.set('BTC_USDT', { index: t.fx('50000'), mark: t.fx('50000'), basis: 0n });
    await t.db.query(
      `update pair set contract_halted_reason = 'retired', contract_delist_at = to_timestamp($1::double precision / 1000), contract_delist_halted_at = to_timestamp($1::double precision / 1000)
       where left_symbol = 'BTC' and right_symbol = 'USDT'`,
      [t.now() - 60_000],
    );
    const before = await t.contractTotal();

    await t.product.closeDelisted();

    expect(t.position(trader).side).toBe(0);
    expect(t.position(maker).side).toBe(0);
    // 0.1 × (50 000 − 60 000) = −1 000 against a 600 margin: 400 from the fund; the long ends with what it kept (1000 − 600 − 3 fee).
    expect(await t.balance(trader)).toEqual({ available: '397', frozen: '0' });
    expect(Number((await t.insurance()).available)).toBe(Number(insurance.available) - 400);
    const closes = await t.db.query<{ user_id: string; price: string; profit: string; fee: string }>(
      `select user_id::text, trim_scale(price)::text as price, trim_scale(profit)::text as profit, trim_scale(fee)::text as fee from futures_order where source = 'delist' order by user_id`,
    );
    expect(closes).toEqual([
      { user_id: String(maker.id), price: '50000', profit: '1000', fee: '0' },
      { user_id: String(trader.id), price: '50000', profit: '-1000', fee: '0' },
    ]);
    const [row] = await t.db.query<{ contract_status: number; delisted: boolean }>(`select ${listingStatus('futures')} as contract_status, contract_delisted_at is not null as delisted from pair where left_symbol = 'BTC' and right_symbol = 'USDT'`);
    expect(row).toEqual({ contract_status: 0, delisted: true });
    expect(t.ex.pairs.has('BTC_USDT')).toBe(false);
    expect(await t.contractTotal()).toBe(before);

    // Again: nothing due, nothing written.
    await t.product.closeDelisted();
    expect(await t.db.query(`select 1 from futures_order where source = 'delist'`)).toHaveLength(2);
    await t.expectAuditClean();
  });
});

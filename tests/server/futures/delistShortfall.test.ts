import { describe, expect, it } from 'vitest';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { useFutures } from './harness.js';
import { listingStatus } from '../../../server/kernel/platform/pairListing.js';

/**
 * A delisted contract's close when the insurance fund cannot pay a bankrupt position's shortfall
 * (server/products/futures/delisting.ts). The close is a job of the futures sequencer: had it run,
 * the fund's balance check would have refused the whole batch at its write — every other command
 * queued with it (other users' orders on every contract) answered with the error and the futures
 * memory rebuilt, again each second. So the close first checks that the fund covers what the
 * closes at the mark would take from it, and waits, changing nothing, until it does.
 */
const t = useFutures();

describe('closing a delisted contract whose shortfall the insurance fund cannot pay', () => {
  it('waits, changing nothing and failing no batch, until the fund covers it, then closes', async () => {
    const { maker, trader } = await t.longAt60000({ funds: '1000', quantity: '0.1', leverage: 10, mode: 'isolated' });
    const fund = t.products.futures.accounts.insurance;
    const capital = Number((await t.insurance()).available);
    // The fund keeps 100 of the 400 the long's close needs (capital taken back across the boundary, as it came).
    const move = (available: string) =>
      t.db.transaction((tx) => changeBalance(tx, { userId: fund, currency: 'USDT', account: 'contract', available, frozen: '0', kind: 'deposit', refType: 'insurance_capital', refId: null }));
    await move(String(100 - capital));
    t.ex.marks.set('BTC_USDT', { index: t.fx('50000'), mark: t.fx('50000'), basis: 0n });
    await t.db.query(
      `update pair set contract_halted_reason = 'retired', contract_delist_at = to_timestamp($1::double precision / 1000), contract_delist_halted_at = to_timestamp($1::double precision / 1000)
       where left_symbol = 'BTC' and right_symbol = 'USDT'`,
      [t.now() - 60_000],
    );

    const waiting = await t.ex.closeDelisted('BTC_USDT');
    expect(waiting).toEqual({ closed: false, fund: t.fx('100'), needed: t.fx('400') });
    expect(t.position(trader).side).toBe(1);
    expect(t.position(maker).side).toBe(-1);
    expect(await t.db.query(`select 1 from futures_order where source = 'delist'`)).toHaveLength(0);
    const [row] = await t.db.query<{ contract_status: number; delisted: boolean }>(`select ${listingStatus('futures')} as contract_status, contract_delisted_at is not null as delisted from pair where left_symbol = 'BTC' and right_symbol = 'USDT'`);
    expect(row).toEqual({ contract_status: 1, delisted: false });
    expect(await t.insurance()).toEqual({ available: '100', frozen: '0' });
    // The product's pass says so and goes on (no error escapes the loop).
    await expect(t.product.closeDelisted()).resolves.toBeUndefined();

    // Funded again, the next pass closes it at the mark.
    await move('900');
    expect(await t.ex.closeDelisted('BTC_USDT')).toEqual({ closed: true });
    expect(t.position(trader).side).toBe(0);
    expect(t.position(maker).side).toBe(0);
    expect(await t.balance(trader)).toEqual({ available: '397', frozen: '0' });
    expect(await t.insurance()).toEqual({ available: '600', frozen: '0' });
    await t.expectAuditClean();
  });
});

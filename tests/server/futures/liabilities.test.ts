import { describe, expect, it } from 'vitest';
import { addDecimal, subDecimal } from '../../../domain/decimal.js';
import { readBalanceSheet } from '../../../server/products/treasury/balanceSheet.js';
import { liabilitiesService } from '../../../server/products/liabilities/liabilities.js';
import { useFutures } from './harness.js';

/**
 * Issue 52 §3/§4: what users hold in the futures pool is owed to them. A user's USDT in the proof
 * of liabilities and in the treasury's "user liabilities" is their wallet balances plus each open
 * position's equity at the pair's last published mark (margin + unrealised PnL = margin − cost +
 * side × quantity × mark, the pool's own rule: it holds Σ margin − Σ cost). The pool's balance moves
 * from the house's column to the users' as far as users hold positions, so holdings − users − house
 * stays what it was and the ledger audit stays clean.
 */
const t = useFutures();

describe('futures positions in the liabilities', () => {
  it("counts a user's position equity at the mark in their leaf, the totals and the balance sheet", async () => {
    const { maker, trader } = await t.longAt60000({ funds: '10000', quantity: '0.5', leverage: 10, makerFunds: '100000' });
    // The trader: 3000 margin in the pool and 15 fee; the maker (a user here): short 0.5 at 20× cross, 1500 margin, 6 fee.
    expect(await t.balance(trader)).toEqual({ available: '6985', frozen: '0' });
    await t.mark('BTC_USDT', '62000');
    const service = liabilitiesService({ db: t.db, now: t.now });
    const snapshot = (await service.runDaily())!;

    const leafOf = async (id: number) => {
      const proof = await service.proof(id);
      return proof.ok ? proof.data!.leaf.balances.USDT : undefined;
    };
    // 6985 + 3000 margin + 0.5 × (62 000 − 60 000) profit.
    expect(await leafOf(trader.id)).toBe('10985');
    const makerWallet = (await t.balance(maker)).available;
    // The maker's short: 1500 margin − 0.5 × 2000 loss.
    expect(await leafOf(maker.id)).toBe(String(Number(makerWallet) + 500));

    const sheet = (await readBalanceSheet(t.db, t.now())).rows.find((r) => r.currency === 'USDT')!;
    expect(sheet.users).toBe(snapshot.totals.USDT);
    // The two positions' equity (4000 + 500) is the pool's whole balance (Σ margin − Σ cost = 4500):
    // it moves from the house's column to the users'; holdings − users − house is as the balances give it.
    expect((await t.pool()).available).toBe('4500');
    const [wallets] = await t.db.query<{ users: string; all: string }>(
      `select trim_scale(sum(b.available + b.frozen) filter (where u.kind = 'user'))::text as users, trim_scale(sum(b.available + b.frozen))::text as all
       from balance b join app_user u on u.id = b.user_id where b.currency = 'USDT'`,
    );
    expect(sheet.users).toBe(addDecimal(wallets!.users, '4500'));
    expect(sheet.house).toBe(subDecimal(subDecimal(wallets!.all, wallets!.users), '4500'));
    expect(sheet.difference).toBe(subDecimal(sheet.holdings, wallets!.all));
    await t.expectAuditClean();
  });
});

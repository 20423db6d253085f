import { WALLET_ACCOUNTS, type AccountSummary, type WalletAccount, type WalletBalance, type WalletOverview } from '../../../src/domain/wallet.js';
import type { Queryable } from '../../kernel/db/database.js';
import { USDT_PRICE_CTE } from './prices.js';
import { startOfUtcDay } from './rules.js';

/** Valuations are cut to 8 decimals, in NUMERIC, never through a float. */
const value = (expression: string) => `trim_scale(round(${expression}, 8))::text`;

/**
 * Balances and the overview (spec §3 wallet fields), valued in USDT at each coin's last price.
 */
export function overview(db: Queryable, now: () => number) {
  return {
    /** Every listed currency in one account, zeros included, in list order. */
    async balances(userId: number, account: WalletAccount): Promise<WalletBalance[]> {
      return db.query<WalletBalance>(
        `with ${USDT_PRICE_CTE}
         select p.symbol as currency, $2::text as account,
           trim_scale(coalesce(b.available, 0))::text as available, trim_scale(coalesce(b.frozen, 0))::text as frozen,
           ${value('(coalesce(b.available, 0) + coalesce(b.frozen, 0)) * p.price')} as valuation_usdt
         from usdt_price p left join balance b on b.user_id = $1 and b.currency = p.symbol and b.account = $2
         order by p.sort, p.symbol`,
        [userId, account],
      );
    },

    /**
     * Totals per account, and today's profit and loss: value now − value at 00:00 UTC − net
     * deposits and withdrawals today, all at today's prices. The balances at 00:00 are now minus
     * the ledger changes since, so this is the value of today's ledger changes other than
     * deposits (`deposit`) and withdrawals (`withdraw_out`); fees, trades and prices count.
     */
    async summary(userId: number): Promise<WalletOverview> {
      const accounts = await db.query<AccountSummary>(
        `with ${USDT_PRICE_CTE}
         select b.account, ${value('sum((b.available + b.frozen) * p.price)')} as valuation_usdt
         from balance b join usdt_price p on p.symbol = b.currency where b.user_id = $1 group by b.account`,
        [userId],
      );
      const byAccount = new Map(accounts.map((a) => [a.account, a.valuation_usdt]));
      const [totals] = await db.query<{ total: string; pnl: string; btc: string }>(
        `with ${USDT_PRICE_CTE},
         today as (
           select currency, sum(available_change + frozen_change) as change from ledger_entry
           where user_id = $1 and created_at >= to_timestamp($2::float8 / 1000) and kind not in ('deposit', 'withdraw_out')
           group by currency)
         select
           ${value(`coalesce((select sum((b.available + b.frozen) * p.price) from balance b join usdt_price p on p.symbol = b.currency where b.user_id = $1), 0)`)} as total,
           ${value(`coalesce((select sum(t.change * p.price) from today t join usdt_price p on p.symbol = t.currency), 0)`)} as pnl,
           ${value(`coalesce((select price from usdt_price where symbol = 'BTC'), 0)`)} as btc`,
        [userId, startOfUtcDay(now())],
      );
      return {
        accounts: WALLET_ACCOUNTS.map((account) => ({ account, valuation_usdt: byAccount.get(account) ?? '0' })),
        total_usdt: totals!.total,
        today_pnl_usdt: totals!.pnl,
        btc_usdt: totals!.btc,
      };
    },
  };
}

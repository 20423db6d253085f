import { type AccountSummary, type WalletAccount, type WalletBalance, type WalletOverview } from '../../../domain/wallet.js';
import { addDecimal, subDecimal, toFixedDecimal, trimZeros } from '../../../domain/decimal.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { AccountRules } from '../../kernel/platform/ledger/accountRules.js';
import { dayOpenings, FLOW_KINDS } from './dayOpen.js';
import { USDT_PRICE_CTE } from './prices.js';

/** Valuations are cut to 8 decimals, in NUMERIC, never through a float. */
const value = (expression: string) => `trim_scale(round(${expression}, 8))::text`;

/**
 * Balances and the overview (spec §3 wallet fields), valued in USDT at each coin's last price.
 */
export function overview(db: Database, rules: AccountRules, now: () => number) {
  const openings = dayOpenings(db, rules, now);
  return {
    /** The day's opening snapshot (the wallet takes it every minute; the first call of a day writes it). */
    dayOpen: () => openings.ensure(),
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
     * Totals per account and today's profit and loss (docs/API.md "Wallet"). An account's value is
     * its balances at their USDT prices plus what positions on it hold (the contract account: margin
     * and unrealised PnL, so it equals the futures page's equity). Today's P&L is the equity now less
     * the equity at the day's open (the snapshot of dayOpen.ts) less the net value that came in from
     * outside since (deposits, withdrawals and P2P releases, at today's prices): trading, fees,
     * funding, contracts and price moves count; moving funds between one's own accounts does not.
     */
    async summary(userId: number): Promise<WalletOverview> {
      const open = await openings.ensure();
      const accounts = await db.query<AccountSummary>(
        `with ${USDT_PRICE_CTE}
         select b.account, trim_scale(sum((b.available + b.frozen) * p.price))::text as valuation_usdt
         from balance b join usdt_price p on p.symbol = b.currency where b.user_id = $1 group by b.account`,
        [userId],
      );
      const byAccount = new Map(accounts.map((a) => [a.account, a.valuation_usdt]));
      for (const { account, values } of await rules.heldValues(db, [userId])) {
        const held = values.get(userId);
        if (held !== undefined) byAccount.set(account, addDecimal(byAccount.get(account) ?? '0', held));
      }
      const total = rules.kinds.reduce((sum, account) => addDecimal(sum, byAccount.get(account) ?? '0'), '0');
      const [figures] = await db.query<{ opened: string; inflow: string; btc: string }>(
        `with ${USDT_PRICE_CTE}
         select
           coalesce((select equity from wallet_day_equity where user_id = $1 and day_ms = $2), 0)::text as opened,
           coalesce((select sum((e.available_change + e.frozen_change) * p.price) from ledger_entry e join usdt_price p on p.symbol = e.currency
             where e.user_id = $1 and e.id > $3 and e.kind = any($4::text[])), 0)::text as inflow,
           coalesce((select price from usdt_price where symbol = 'BTC'), 0)::text as btc`,
        [userId, open.day, open.ledgerId, FLOW_KINDS],
      );
      const cut = (v: string) => trimZeros(toFixedDecimal(v, 8));
      return {
        accounts: rules.kinds.map((account) => ({ account, valuation_usdt: cut(byAccount.get(account) ?? '0') })),
        total_usdt: cut(total),
        today_pnl_usdt: cut(subDecimal(subDecimal(total, figures!.opened), figures!.inflow)),
        today_pnl_since_ms: open.takenMs,
        btc_usdt: cut(figures!.btc),
      };
    },
  };
}

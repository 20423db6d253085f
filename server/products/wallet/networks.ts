import type { WalletNetwork } from '../../../domain/wallet.js';
import type { Queryable } from '../../kernel/platform/db/database.js';

export interface CurrencyRules {
  symbol: string;
  price: string;
  recharge_turn: number;
  draw_turn: number;
}

export async function currencyRules(db: Queryable, symbol: string): Promise<CurrencyRules | undefined> {
  const [row] = await db.query<CurrencyRules>(
    'select symbol, trim_scale(price)::text as price, recharge_turn, draw_turn from currency where symbol = $1',
    [symbol],
  );
  return row && { ...row, recharge_turn: Number(row.recharge_turn), draw_turn: Number(row.draw_turn) };
}

// Deposits and withdrawals are open on a network only when the currency allows them too
// (recharge_turn, draw_turn), so the flags the client sees are the ones the server applies.
const NETWORK_COLUMNS = `n.currency, n.network, trim_scale(n.deposit_min)::text as deposit_min,
  trim_scale(n.withdraw_min)::text as withdraw_min, trim_scale(n.withdraw_fee)::text as withdraw_fee,
  n.confirmations, (n.deposit_enabled and c.recharge_turn = 1) as deposit_enabled,
  (n.withdraw_enabled and c.draw_turn = 1) as withdraw_enabled`;

function toNetwork(row: WalletNetwork): WalletNetwork {
  return { ...row, confirmations: Number(row.confirmations), deposit_enabled: Boolean(row.deposit_enabled), withdraw_enabled: Boolean(row.withdraw_enabled) };
}

/** A currency's networks, in display order; empty for an unknown currency. */
export async function listNetworks(db: Queryable, currency: string): Promise<WalletNetwork[]> {
  const rows = await db.query<WalletNetwork>(
    `select ${NETWORK_COLUMNS} from currency_network n join currency c on c.symbol = n.currency
     where n.currency = $1 order by n.sort, n.network`,
    [currency],
  );
  return rows.map(toNetwork);
}

export async function findNetwork(db: Queryable, currency: string, network: string): Promise<WalletNetwork | undefined> {
  const [row] = await db.query<WalletNetwork>(
    `select ${NETWORK_COLUMNS} from currency_network n join currency c on c.symbol = n.currency
     where n.currency = $1 and n.network = $2`,
    [currency, network],
  );
  return row && toNetwork(row);
}

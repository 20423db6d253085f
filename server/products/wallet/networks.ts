import type { WalletNetwork } from '../../../domain/wallet.js';
import type { Queryable } from '../../kernel/platform/db/database.js';

export interface CurrencyRules {
  symbol: string;
  price: string;
  recharge_turn: number;
  draw_turn: number;
  /** The decimal places its amounts are counted in (migration 050). */
  amount_places: number;
  /** Epoch ms of an announced delisting's end (withdrawals close then); null when none is announced. */
  delist_at: number | null;
}

export async function currencyRules(db: Queryable, symbol: string): Promise<CurrencyRules | undefined> {
  const [row] = await db.query<CurrencyRules>(
    `select symbol, trim_scale(price)::text as price, recharge_turn, draw_turn, amount_places, delist_at_ms as delist_at
     from currency where symbol = $1`,
    [symbol],
  );
  return (
    row && {
      ...row,
      recharge_turn: Number(row.recharge_turn),
      draw_turn: Number(row.draw_turn),
      amount_places: Number(row.amount_places),
      delist_at: row.delist_at === null ? null : Number(row.delist_at),
    }
  );
}

/** A delisted currency's withdrawals are open until its announced end. */
export const delistingEnded = (delistAt: number | null, now: number) => delistAt !== null && now >= delistAt;

// Deposits and withdrawals are open on a network only when the currency allows them too
// (recharge_turn, draw_turn, and for withdrawals a delisting's end), so the flags the client sees
// are the ones the server applies.
const NETWORK_COLUMNS = `n.currency, n.network, trim_scale(n.deposit_min)::text as deposit_min,
  trim_scale(n.withdraw_min)::text as withdraw_min, trim_scale(n.withdraw_fee)::text as withdraw_fee,
  trim_scale(n.deposit_fee)::text as deposit_fee, n.confirmations, (n.deposit_enabled and c.recharge_turn = 1) as deposit_enabled,
  (n.withdraw_enabled and c.draw_turn = 1) as withdraw_enabled, c.delist_at_ms, c.delist_reason`;

type NetworkRow = Omit<WalletNetwork, 'delisting'> & { delist_at_ms: string | number | null; delist_reason: string | null };

function toNetwork(row: NetworkRow, now: number): WalletNetwork {
  const { delist_at_ms, delist_reason, ...network } = row;
  const delistAt = delist_at_ms === null ? null : Number(delist_at_ms);
  return {
    ...network,
    confirmations: Number(row.confirmations),
    // Deposits close with the announcement (recharge_turn 0); this says so in case an operator reopened the switch.
    deposit_enabled: Boolean(row.deposit_enabled) && delistAt === null,
    withdraw_enabled: Boolean(row.withdraw_enabled) && !delistingEnded(delistAt, now),
    ...(delistAt !== null ? { delisting: { delist_at: delistAt, reason: delist_reason ?? '' } } : {}),
  };
}

/** A currency's networks, in display order, as they stand at `now`; empty for an unknown currency. */
export async function listNetworks(db: Queryable, currency: string, now: number): Promise<WalletNetwork[]> {
  const rows = await db.query<NetworkRow>(
    `select ${NETWORK_COLUMNS} from currency_network n join currency c on c.symbol = n.currency
     where n.currency = $1 order by n.sort, n.network`,
    [currency],
  );
  return rows.map((row) => toNetwork(row, now));
}

export async function findNetwork(db: Queryable, currency: string, network: string, now: number): Promise<WalletNetwork | undefined> {
  const [row] = await db.query<NetworkRow>(
    `select ${NETWORK_COLUMNS} from currency_network n join currency c on c.symbol = n.currency
     where n.currency = $1 and n.network = $2`,
    [currency, network],
  );
  return row && toNetwork(row, now);
}

import { changeBalance } from '../../../kernel/platform/ledger/ledger.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import { MARKET_MAKER_ACCOUNTS, MARKET_MAKER_FUNDING } from '../../../kernel/platform/db/seed/marketMakers.js';

/** Creates the two market-maker users if missing and funds each once (ledger kind "deposit"). */
export async function ensureMarketMakerAccounts(db: Database): Promise<{ quoter: number; taker: number }> {
  const ids: Record<string, number> = {};
  for (const [role, account] of Object.entries(MARKET_MAKER_ACCOUNTS)) {
    await db.query(`insert into app_user (account, nickname, kind) values ($1, $2, 'market_maker') on conflict (account) do nothing`, [account, `Market maker (${role})`]);
    const [row] = await db.query<{ id: number }>('select id from app_user where account = $1', [account]);
    ids[role] = row!.id;
    await db.transaction(async (tx) => {
      const funded = await tx.query(`select 1 from ledger_entry where user_id = $1 and ref_type = 'market_maker_seed' limit 1`, [row!.id]);
      if (funded.length > 0) return;
      for (const [currency, amount] of Object.entries(MARKET_MAKER_FUNDING)) {
        await changeBalance(tx, { userId: row!.id, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'market_maker_seed', refId: null });
      }
    });
  }
  return { quoter: ids.quoter!, taker: ids.taker! };
}

import type { ChainAdapter, ChainEvents, InFlightTx } from './chain/chainAdapter.js';
import { PLAN_ONCE, type Database } from '../../kernel/platform/db/database.js';
import { noAccountRules, type AccountRules } from '../../kernel/platform/ledger/accountRules.js';
import { silentUserFeed, type UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { WalletContext } from './context.js';
import { deposits } from './deposits.js';
import { heldDeposits } from './heldDeposits.js';
import { listNetworks } from './networks.js';
import { overview } from './overview.js';
import { operatorWithdrawals, records } from './records.js';
import { transfers } from './transfers.js';
import { withdrawals } from './withdrawals.js';
import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import './messages.js';

export interface WalletDeps {
  db: Database;
  chain: ChainAdapter;
  /** The private user channel; told after every commit that changes a user's balances. */
  feed?: UserFeed;
  now?: () => number;
  /** The products' rules for the accounts their positions use (what may leave, what positions are worth). */
  accounts?: AccountRules;
  log?: (message: string, error: unknown) => void;
}

/**
 * The wallet (spec §2 /wallet): networks, deposit addresses, deposits, withdrawals, transfers,
 * records and valuations, over the ledger of server/kernel/platform/ledger/ledger.ts. `chainEvents` is its side of
 * the chain boundary; the composition root hands it to the adapter with `chain.connect`.
 */
export function wallet(deps: WalletDeps) {
  const feed = deps.feed ?? silentUserFeed;
  const ctx: WalletContext = {
    db: deps.db,
    chain: deps.chain,
    feed,
    accounts: deps.accounts ?? noAccountRules,
    now: deps.now ?? Date.now,
    balancesChanged(userId, rows) {
      // The change is committed whatever the feed does; a push failure must not turn it into an error.
      try {
        feed.balancesChanged(userId, rows);
      } catch (error) {
        deps.log?.('wallet: user feed failed', error);
      }
    },
    recordChanged(userId, change) {
      try {
        const { notice, ...record } = change;
        feed.message?.(userId, { channel: 'user', kind: 'wallet', ...record, ...(notice ? { notice } : {}) });
        if (notice) feed.message?.(userId, NOTICE_PUSH);
      } catch (error) {
        deps.log?.('wallet: user feed failed', error);
      }
    },
  };
  const deposit = deposits(ctx);
  const withdrawal = withdrawals(ctx);

  const chainEvents: ChainEvents = {
    depositSeen: (d) => deposit.seen(d),
    confirmed: (kind, txHash, confirmations) => (kind === 'deposit' ? deposit.confirmed(txHash, confirmations) : withdrawal.confirmed(txHash, confirmations)),
    async inFlight() {
      const rows = await deps.db.query<InFlightTx>(
        `select 'deposit' as kind, tx_hash as "txHash", network, confirmations from deposit where status in (1, 2)
         union all
         select 'withdrawal' as kind, tx_hash as "txHash", network, confirmations from withdrawal where status = 2 and tx_hash is not null`,
        [],
        // Each chain block asks: planned once (0.26 ms of planning a call as a plain text).
        PLAN_ONCE,
      );
      return rows.map((r) => ({ ...r, confirmations: Number(r.confirmations) }));
    },
  };

  return {
    networks: (currency: string) => listNetworks(deps.db, currency, ctx.now()),
    depositAddress: deposit.address,
    /** The network of a platform deposit address for `currency`, if it is one. */
    async networkOfAddress(address: string, currency: string): Promise<string | undefined> {
      const [row] = await deps.db.query<{ network: string }>('select network from deposit_address where address = $1 and currency = $2 limit 1', [address, currency]);
      return row?.network;
    },
    withdrawals: withdrawal,
    transfers: transfers(ctx),
    records: records(deps.db, ctx.now),
    overview: overview(deps.db, ctx.accounts, ctx.now),
    /** The accounts a user's funds can be in and move between: the kernel's and those the products declare, in their places. */
    accountKinds: ctx.accounts.kinds,
    /** The operators' held deposits: list, credit, return (heldDeposits.ts). */
    heldDeposits: heldDeposits(ctx),
    operatorWithdrawals: (status: number | undefined, page: number, size: number) => operatorWithdrawals(deps.db, status, page, size, ctx.now()),
    chainEvents,
  };
}

export type Wallet = ReturnType<typeof wallet>;

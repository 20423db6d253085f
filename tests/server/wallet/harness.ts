import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { BalanceRow, DepositRecord, WalletAccount } from '../../../domain/wallet.js';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { wallet } from '../../../server/products/wallet/wallet.js';
import { SimulatedChain } from '../../../server/products/wallet/chain/simulatedChain.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { testAppRoutes } from '../buildApp.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import type { UserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import type { UserStreamMessage } from '../../../domain/spotOrders.js';
import { expectOk } from '../http.js';
import { OPERATOR_SECRET } from '../support/operators.js';
import { productTestbed, withHelpers } from '../support/productTestbed.js';
import { productAccountRules } from '../support/walletAccounts.js';
import type { AccountRules } from '../../../server/kernel/platform/ledger/accountRules.js';
import type { TestUser } from '../support/users.js';

export const FUNDS_PASSWORD = 'Funds-pass-1';

export type { TestUser };

/** A user feed that remembers every push, to check the private channel is told after commits. */
export function recordingFeed(): UserFeed & { pushes: Array<{ userId: number; rows: Array<{ currency: string; account: WalletAccount }> }>; messages: Array<{ userId: number; message: UserStreamMessage }> } {
  const pushes: Array<{ userId: number; rows: Array<{ currency: string; account: WalletAccount }> }> = [];
  const messages: Array<{ userId: number; message: UserStreamMessage }> = [];
  return {
    pushes,
    messages,
    balancesChanged: (userId, rows) => void pushes.push({ userId, rows: [...rows] }),
    ordersCommitted: () => undefined,
    message: (userId, message) => void messages.push({ userId, message: message as UserStreamMessage }),
  };
}

/**
 * One database, wallet, simulated chain (driven by hand: `tick()` mines a block) and app per test
 * file, with a clock the tests can move. Users get a funds password and, if asked, verification.
 * `accounts`: the products' rules and wallet accounts (default: every product's accounts, no rules).
 */
export function useWallet(options: { accounts?: AccountRules; routes?: (db: Database, now: () => number) => Array<(app: FastifyInstance) => Promise<void>> } = {}) {
  const state = {} as { fundsHash: string };
  const t = productTestbed({
    products: ({ db, now }) => {
      const chain = new SimulatedChain({ blockMs: 60_000 });
      const feed = recordingFeed();
      const walletProduct = wallet({ db, chain, feed, now, accounts: options.accounts ?? productAccountRules() });
      chain.connect(walletProduct.chainEvents);
      return { chain, feed, wallet: walletProduct, now };
    },
    // The test composition's app (buildApp.ts): the kernel's routes and the wallet's, chain simulator included.
    // `routes`: more of the wallet's routes on the file's clock (the currency desk's).
    parts: ({ chain, wallet, now }, db) => ({
      routes: [...testAppRoutes({ db, rates: databaseFiatRates(db), wallet, chainSimulator: chain }), ...(options.routes?.(db, now) ?? [])],
      stop: () => chain.stop(),
    }),
    operator: 'cashier@openex.test',
    // It approves withdrawals, which ask its own code.
    operatorTwoFactor: true,
    operatorRoutes: false,
    users: { tag: 'wallet' },
  });
  beforeAll(async () => {
    state.fundsHash = await hashPassword(FUNDS_PASSWORD);
  });

  const h = withHelpers(t, {
    get chain() {
      return t.products.chain;
    },
    get wallet() {
      return t.products.wallet;
    },
    get feed() {
      return t.products.feed;
    },

    newUser: (options: { verified?: boolean } = {}): Promise<TestUser> => t.user({ fundsPasswordHash: state.fundsHash, verified: Boolean(options.verified) }),

    /** The desk operator's next 2FA code (`totp_code` of a withdrawal's approval), a step on at the file's clock. */
    deskCode: () => t.operatorCode({ secret: OPERATOR_SECRET }),

    /** POST with the user's token (and an Idempotency-Key when given). */
    call<T = unknown>(user: Pick<TestUser, 'id' | 'headers'> | Record<string, string>, path: string, body: object, key?: string) {
      return t.post<T>(user, path, body, key ? { 'idempotency-key': key } : {});
    },

    async address(user: Pick<TestUser, 'id' | 'headers'>, currency: string, network: string): Promise<string> {
      return expectOk(await h.call<{ address: string }>(user, WALLET_PATHS.depositAddress, { currency, network })).address;
    },

    /** Mines blocks until nothing is in flight (at most `max`). */
    async mineAll(max = 20): Promise<void> {
      for (let i = 0; i < max && (await h.wallet.chainEvents.inFlight()).length > 0; i++) await h.chain.tick();
      expect(await h.wallet.chainEvents.inFlight()).toEqual([]);
    },

    /** Credits spot through a real simulated deposit, confirmed to success. */
    async fund(user: Pick<TestUser, 'id' | 'headers'>, currency: string, quantity: string, network?: string): Promise<DepositRecord> {
      const net = network ?? (await h.wallet.networks(currency))[0]!.network;
      const address = await h.address(user, currency, net);
      const deposit = expectOk(await t.post<DepositRecord>(undefined, WALLET_PATHS.simulateDeposit, { address, currency, network: net, quantity }));
      await h.mineAll();
      return deposit;
    },

    balance: (user: TestUser, currency: string, account: WalletAccount = 'spot') => readBalance(t.db, user.id, currency, account),

    async balanceRow(user: TestUser, currency: string, account: WalletAccount): Promise<BalanceRow> {
      return { currency, account, ...(await readBalance(t.db, user.id, currency, account)) };
    },
  });
  return h;
}

/** Every ledger chain adds up: per (user, currency, account) each entry's after = previous after + change, and the last after is the balance. */
export async function expectLedgerConsistent(db: Database): Promise<void> {
  const broken = await db.query(
    `with chain as (
       select user_id, currency, account, id, available_change, frozen_change, available_after, frozen_after,
         lag(available_after, 1, 0) over w as prev_available, lag(frozen_after, 1, 0) over w as prev_frozen
       from ledger_entry window w as (partition by user_id, currency, account order by id))
     select * from chain where available_after <> prev_available + available_change or frozen_after <> prev_frozen + frozen_change`,
  );
  expect(broken).toEqual([]);
  const mismatched = await db.query(
    `select b.user_id, b.currency, b.account from balance b
     left join (select user_id, currency, account, sum(available_change) as a, sum(frozen_change) as f from ledger_entry group by 1, 2, 3) l
       using (user_id, currency, account)
     where b.available <> coalesce(l.a, 0) or b.frozen <> coalesce(l.f, 0)`,
  );
  expect(mismatched).toEqual([]);
  const negative = await db.query('select * from balance where available < 0 or frozen < 0');
  expect(negative).toEqual([]);
  // And the platform's own audit: totals match the chain, frozen funds match what withdrawals hold.
  expect(await auditBooks(db)).toEqual([]);
}

/** Money crosses the platform's boundary only on the chain: per currency, all balances = deposits credited − withdrawals completed. */
export async function expectTotalsMatchChain(db: Database): Promise<void> {
  const off = await db.query(
    `with held as (select currency, sum(available + frozen) as total from balance group by currency),
     came as (select currency, sum(quantity) as total from deposit where status = 3 group by currency),
     went as (select currency, sum(quantity) as total from withdrawal where status = 3 group by currency)
     select h.currency, h.total, c.total as deposited, w.total as withdrawn from held h
     left join came c using (currency) left join went w using (currency)
     where h.total <> coalesce(c.total, 0) - coalesce(w.total, 0)`,
  );
  expect(off).toEqual([]);
}

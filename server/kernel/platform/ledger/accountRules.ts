import type { Queryable } from '../db/database.js';
import type { WalletAccount } from './ledger.js';

/**
 * What a product that keeps positions on one of the wallet's accounts says about that account: the
 * wallet moves funds between a user's accounts and values them, but only the product knows what its
 * open positions need and are worth. Declared on the product itself (`ServerProduct.accounts`), not
 * made by `create`, so that a server whose product runs in a process apart still applies it: each
 * rule reads only committed rows, inside the caller's transaction.
 */
export interface AccountRule {
  /**
   * The most of `currency` that may leave the account now, as a decimal string, or undefined for
   * "its available balance". Called inside the transfer's transaction after the user's wallet is
   * locked; a rule locks what it reads so that no concurrent commit of its product moves it.
   */
  transferable(tx: Queryable, userId: number, currency: string): Promise<string | undefined>;
  /**
   * What the account holds beyond its balance rows, in USDT, per user (futures: the margin of open
   * positions, kept in a pool account, plus their unrealised PnL at the mark), for the wallet's
   * valuation: of `userIds`, or of every user who holds any when absent. Users holding nothing
   * are left out.
   */
  heldValues?(q: Queryable, userIds?: readonly number[]): Promise<Map<number, string>>;
}

export type AccountRuleSet = Partial<Record<WalletAccount, AccountRule>>;

/**
 * A wallet account a product keeps funds in, as the wallet lists it (`ServerProduct.walletAccounts`,
 * beside its `ledger.kinds`): its kind and its place among the wallet's accounts (the number of its
 * entry in the browser's wallet menu). The kernel's own is `spot`, the first.
 */
export interface WalletAccountDeclaration {
  kind: WalletAccount;
  place: number;
}

/** The kernel's own account: every user's main one, where deposits land. */
export const KERNEL_WALLET_ACCOUNT: WalletAccountDeclaration = { kind: 'spot', place: 20 };

/** The rules of every product, and the in-process notice that funds moved into or out of an account from outside its product. */
export interface AccountRules {
  /** The wallet's accounts, the kernel's and every product's declared ones, in their places: what transfers, valuations and corrections admit. */
  kinds: readonly WalletAccount[];
  transferable(tx: Queryable, userId: number, currency: string, account: WalletAccount): Promise<string | undefined>;
  /** Every rule's held values (see AccountRule.heldValues), per account. */
  heldValues(q: Queryable, userIds?: readonly number[]): Promise<Array<{ account: WalletAccount; values: Map<number, string> }>>;
  /** After the commit that moved a user's funds of `account` (a transfer): its product re-prices what depends on them. */
  moved(userId: number, account: WalletAccount): void;
  /** A product hears `moved` for its account; answers the unsubscribe. */
  onMoved(account: WalletAccount, listener: (userId: number) => void): () => void;
}

/**
 * Made once at a composition root from every product's declared rules (products apart included)
 * and wallet accounts (`walletAccounts`: without them, only the kernel's `spot`).
 */
export function accountRules(
  declared: ReadonlyArray<AccountRuleSet | undefined>,
  log: (message: string, error: unknown) => void = () => undefined,
  walletAccounts: ReadonlyArray<readonly WalletAccountDeclaration[] | undefined> = [],
): AccountRules {
  const kinds = walletAccountKinds(walletAccounts);
  const rules = new Map<WalletAccount, AccountRule>();
  for (const set of declared) {
    for (const [account, rule] of Object.entries(set ?? {}) as Array<[WalletAccount, AccountRule]>) {
      if (rules.has(account)) throw new Error(`two products declare a rule for the ${account} account`);
      rules.set(account, rule);
    }
  }
  const listeners = new Map<WalletAccount, Set<(userId: number) => void>>();
  return {
    kinds,
    transferable: (tx, userId, currency, account) => rules.get(account)?.transferable(tx, userId, currency) ?? Promise.resolve(undefined),
    async heldValues(q, userIds) {
      const out: Array<{ account: WalletAccount; values: Map<number, string> }> = [];
      for (const [account, rule] of rules) if (rule.heldValues) out.push({ account, values: await rule.heldValues(q, userIds) });
      return out;
    },
    moved(userId, account) {
      for (const listener of listeners.get(account) ?? []) {
        try {
          listener(userId);
        } catch (error) {
          log(`a listener of the ${account} account failed`, error);
        }
      }
    },
    onMoved(account, listener) {
      let set = listeners.get(account);
      if (!set) listeners.set(account, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** The kernel's account and the products' in their places; a kind declared twice is refused at start. */
function walletAccountKinds(declared: ReadonlyArray<readonly WalletAccountDeclaration[] | undefined>): WalletAccount[] {
  const all = [KERNEL_WALLET_ACCOUNT, ...declared.flatMap((list) => list ?? [])];
  const kinds = all.map((a) => a.kind);
  const twice = kinds.find((kind, i) => kinds.indexOf(kind) !== i);
  if (twice) throw new Error(`two products declare the ${twice} wallet account`);
  return [...all].sort((a, b) => a.place - b.place).map((a) => a.kind);
}

/** No product declares anything (tests that run one product alone). */
export const noAccountRules: AccountRules = accountRules([]);

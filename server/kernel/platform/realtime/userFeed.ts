import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { WalletAccount } from '../ledger/ledger.js';

/** A user's order as its product sends it on the private channel; the feed only needs its id to keep the latest. */
export interface UserOrder {
  id: number;
}

/** A balance row as the private channel sends it (the balance table's, read after the commit). */
export interface BalanceRow {
  currency: string;
  account: WalletAccount;
  available: string;
  frozen: string;
}

/**
 * What the private user channel needs to hear after a commit: which of a user's balances and
 * orders changed. The implementation reads the committed rows and pushes them on channel `user`
 * (domain/userChannel.ts) to that user's sockets only. Call it only after the
 * transaction has committed, so a pushed value is never one that could still roll back.
 */
export interface UserFeed {
  balancesChanged(userId: number, rows: ReadonlyArray<{ currency: string; account: WalletAccount }>): void;
  /**
   * The user's orders as the statement that committed them wrote them (it returns the rows it
   * wrote), pushed as they are: no read of their own.
   */
  ordersCommitted(userId: number, orders: readonly UserOrder[]): void;
  /**
   * A product's own committed payload for the user (e.g. a settled seconds contract), pushed as is,
   * in order. Generic so a product passes its own wire type (domain/<product>.ts) as a literal.
   */
  message?<M extends UserChannelMessage>(userId: number, message: M): void;
  /**
   * Whether the user has a socket on the private channel now, so a product can skip reading what
   * nobody would receive (seconds settlement builds pushes only for these). Absent: everyone is.
   */
  listening?(userId: number): boolean;
}

/** For tests and tools that run without sockets. */
export const silentUserFeed: UserFeed = { balancesChanged: () => undefined, ordersCommitted: () => undefined };

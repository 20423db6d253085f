import type { SpotOrder, UserStreamMessage } from '../../../src/domain/spotOrders.js';
import type { WalletAccount } from '../../../src/domain/wallet.js';

/**
 * What the private user channel needs to hear after a commit: which of a user's balances and
 * orders changed. The implementation reads the committed rows and pushes them on channel `user`
 * (src/domain/spotOrders.ts UserStreamMessage) to that user's sockets only. Call it only after the
 * transaction has committed, so a pushed value is never one that could still roll back.
 */
export interface UserFeed {
  balancesChanged(userId: number, rows: ReadonlyArray<{ currency: string; account: WalletAccount }>): void;
  /**
   * The user's orders as the statement that committed them wrote them (it returns the rows it
   * wrote), pushed as they are: no read of their own.
   */
  ordersCommitted(userId: number, orders: readonly SpotOrder[]): void;
  /** A product's own committed payload for the user (e.g. a settled seconds contract), pushed as is, in order. */
  message?(userId: number, message: UserStreamMessage): void;
  /**
   * Whether the user has a socket on the private channel now, so a product can skip reading what
   * nobody would receive (seconds settlement builds pushes only for these). Absent: everyone is.
   */
  listening?(userId: number): boolean;
}

/** For tests and tools that run without sockets. */
export const silentUserFeed: UserFeed = { balancesChanged: () => undefined, ordersCommitted: () => undefined };

/**
 * The wallet's accounts and the idempotency header: what the app's shell needs of the wallet on
 * every page (the private channel's balance rows, every submission's key). Apart from
 * domain/wallet.ts, whose paths and rules load with the wallet's pages, not with /home.
 */

/**
 * The accounts a user's balance can be in, as stored and sent (spec §3). `spot` is every user's
 * main account; a product that keeps funds in an account of its own adds its kind here from its
 * domain/<product>.ts by declaration merging, as its server side widens the ledger's accounts:
 *
 *   declare module './walletAccounts' { interface WalletAccountKinds { earn: true } }
 *
 * Which accounts the wallet lists, in what order and under what name, the products declare: on the
 * server `walletAccounts` on their product (kernel.accounts.kinds), in the browser `account` on
 * their wallet menu entry (app/walletAccountList.ts).
 */
export interface WalletAccountKinds {
  spot: true;
}
export type WalletAccount = keyof WalletAccountKinds;

/** The header carrying a submission's idempotency key; a repeat with the same key has one effect. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

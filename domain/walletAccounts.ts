/**
 * The wallet's accounts and the idempotency header: what the app's shell needs of the wallet on
 * every page (the private channel's balance rows, every submission's key). Apart from
 * domain/wallet.ts, whose paths and rules load with the wallet's pages, not with /home.
 */

/** The five accounts of spec §3, as stored and sent. */
export const WALLET_ACCOUNTS = ['spot', 'contract', 'sec_contract', 'legal', 'ico'] as const;
export type WalletAccount = (typeof WALLET_ACCOUNTS)[number];

/** The header carrying a submission's idempotency key; a repeat with the same key has one effect. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

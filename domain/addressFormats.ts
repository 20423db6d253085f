/**
 * What an address looks like on each network the exchange lists (products/wallet/migrations/008_wallet.sql),
 * shared by the address book's form and the server. Shape only — prefix, alphabet, length — not
 * checksums: the simulated chain (server/products/wallet/chain/addresses.ts) hands out addresses of
 * the right shape with no real checksum, and a user must be able to save those; the chain stays the
 * final judge of an address. Enough to keep "../../etc/passwd" or an ERC20 address out of a TRC20
 * entry.
 */
const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const FORMATS: Record<string, RegExp> = {
  // 0x and 40 hex digits, any case (mixed case is the EIP-55 checksum).
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  // Tron: base58check, "T" and 33 more.
  TRC20: new RegExp(`^T[${BASE58}]{33}$`),
  // Bitcoin: bech32 / bech32m (bc1…), or legacy base58 (1… or 3…).
  BTC: new RegExp(`^(bc1[${BECH32}]{8,87}|[13][${BASE58}]{25,34})$`),
  // Litecoin: bech32 (ltc1…), or base58 (L…, M…, 3…).
  LTC: new RegExp(`^(ltc1[${BECH32}]{8,87}|[LM3][${BASE58}]{26,33})$`),
  // Dogecoin: base58, D… (or A…/9… for scripts).
  DOGE: new RegExp(`^[DA9][${BASE58}]{25,34}$`),
  // XRP Ledger: "r" and 24 to 34 of its alphabet (the same characters as base58's, ordered otherwise).
  XRP: new RegExp(`^r[${BASE58}]{24,34}$`),
  // Solana: a 32-byte key in base58.
  SOL: new RegExp(`^[${BASE58}]{32,44}$`),
  // Cardano: Shelley bech32 (addr1…), or Byron base58 (Ae2…, DdzFF…).
  ADA: new RegExp(`^(addr1[${BECH32}]{50,110}|(Ae2|DdzFF)[${BASE58}]{40,120})$`),
};

/** A network added without a format here: letters and digits, as the withdrawal rule has always asked. */
const PLAUSIBLE = /^[A-Za-z0-9]{10,128}$/;

/** Whether `address` has the shape of an address on `network` ("TRC20", "BTC", …). */
export function isAddressOf(network: string, address: string): boolean {
  return (FORMATS[network.toUpperCase()] ?? PLAUSIBLE).test(address);
}

import { createHash, randomBytes } from 'node:crypto';

/**
 * Network-plausible addresses and transaction hashes for the simulated chain: each network's
 * usual prefix, length and alphabet, so what the pages show looks like the real thing. Addresses
 * are derived from a hash of (network, currency, user), so they are stable across restarts.
 */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** `length` characters of `alphabet`, drawn deterministically from `seed`. */
function encode(seed: string, alphabet: string, length: number): string {
  let out = '';
  for (let round = 0; out.length < length; round++) {
    for (const byte of createHash('sha256').update(`${seed}#${round}`).digest()) {
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

const HEX = '0123456789abcdef';
const FORMATS: Record<string, (seed: string) => string> = {
  ERC20: (s) => `0x${encode(s, HEX, 40)}`,
  BEP20: (s) => `0x${encode(s, HEX, 40)}`,
  TRC20: (s) => `T${encode(s, BASE58, 33)}`,
  BTC: (s) => `bc1q${encode(s, BECH32, 38)}`,
  LTC: (s) => `ltc1q${encode(s, BECH32, 38)}`,
  DOGE: (s) => `D${encode(s, BASE58, 33)}`,
  XRP: (s) => `r${encode(s, BASE58, 33)}`,
  SOL: (s) => encode(s, BASE58, 44),
  ADA: (s) => `addr1q${encode(s, BECH32, 98)}`,
};

export function simulatedAddress(userId: number, currency: string, network: string): string {
  const seed = `openex-simulated-chain:${network}:${currency}:${userId}`;
  return (FORMATS[network] ?? ((s: string) => `sim${encode(s, HEX, 40)}`))(seed);
}

/** A fresh random transaction hash in the network's usual shape. */
export function simulatedTxHash(network: string): string {
  const hex = randomBytes(32).toString('hex');
  if (network === 'ERC20' || network === 'BEP20') return `0x${hex}`;
  if (network === 'XRP') return hex.toUpperCase();
  return hex;
}

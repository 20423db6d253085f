import type { RestingOrder } from './types.js';

/**
 * FNV-1a (32-bit, twice with different seeds for 64 bits of output) over every resting order in
 * priority order. Cheap, deterministic and independent of the engine's internal layout, so the
 * reference and fast engines can be compared, and a replay checked, by one string.
 */
export function hashOrders(orders: Iterable<RestingOrder>): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  const mix = (value: number) => {
    // Fold the number into 32-bit words; safe integers need up to 53 bits.
    const low = value >>> 0;
    const high = Math.floor(value / 0x100000000) >>> 0;
    for (const word of [low, high]) {
      for (let shift = 0; shift < 32; shift += 8) {
        const byte = (word >>> shift) & 0xff;
        a = Math.imul(a ^ byte, 0x01000193) >>> 0;
        // An odd multiplier, so every byte keeps influencing the second half.
        b = Math.imul(b ^ byte, 0x01000193 ^ 0x2e) >>> 0;
      }
    }
  };
  for (const o of orders) {
    mix(o.orderId);
    mix(o.accountId);
    mix(o.side === 'buy' ? 1 : 2);
    mix(o.price);
    mix(o.remaining);
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

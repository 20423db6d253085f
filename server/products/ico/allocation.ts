import { compareDecimal, divDecimal, mulDecimal, subDecimal } from '../../../domain/decimal.js';

export interface Subscribed {
  userId: number;
  quantity: string;
  paid: string;
}

export interface Allocated extends Subscribed {
  allocated: string;
  refund: string;
}

export interface AllocationResult {
  /** for sale ÷ subscribed, cut to 18 decimals ("1" when not oversubscribed). */
  winningRate: string;
  list: Allocated[];
  /** Σ allocated. */
  sold: string;
  /** Quantity for sale − sold: never negative. */
  unsold: string;
}

const scaleOf = (places: number) => 10n ** BigInt(places);

function toUnits(value: string, places: number): bigint {
  const [int = '0', frac = ''] = value.split('.');
  if (frac.replace(/0+$/, '').length > places) throw new RangeError(`${value} has more than ${places} decimals`);
  return BigInt(int) * scaleOf(places) + BigInt(frac.padEnd(places, '0').slice(0, places) || '0');
}

function fromUnits(units: bigint, places: number): string {
  if (places === 0) return units.toString();
  const s = units.toString().padStart(places + 1, '0');
  const text = `${s.slice(0, -places)}.${s.slice(-places)}`;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * The settlement's allocation (docs/API.md "Settlement"): with subscribed S ≤ for sale T everyone
 * gets what they subscribed; otherwise each winning quantity is q × T ÷ S rounded **down** to the
 * token's places, computed exactly in integer units of 10^-places, so Σ allocated ≤ T. The
 * remainder (fewer than one unit per subscriber) is not sold: it stays with the project's account.
 * Each refund is paid − allocated × price, exact, so allocated × price + refund = paid.
 */
export function allocate(total: string, price: string, places: number, subs: readonly Subscribed[]): AllocationResult {
  const t = toUnits(total, places);
  const quantities = subs.map((s) => toUnits(s.quantity, places));
  const s = quantities.reduce((a, b) => a + b, 0n);
  const over = s > t;
  let sold = 0n;
  const list = subs.map((sub, i) => {
    const q = quantities[i]!;
    const units = over ? (q * t) / s : q;
    sold += units;
    const allocated = fromUnits(units, places);
    const refund = subDecimal(sub.paid, mulDecimal(allocated, price));
    if (compareDecimal(refund, '0') < 0) throw new Error(`allocation above payment for user ${sub.userId}`);
    return { ...sub, allocated, refund };
  });
  if (sold > t) throw new Error('allocation above the quantity for sale');
  return {
    winningRate: over ? divDecimal(total, fromUnits(s, places), 18) : '1',
    list,
    sold: fromUnits(sold, places),
    unsold: fromUnits(t - sold, places),
  };
}

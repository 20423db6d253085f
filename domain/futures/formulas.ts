import { bracketOf, type LeverageBracket } from './brackets.js';
import { absFx, clampFx, divFx, fx, FX_ONE, maxFx, mulFx, roundFx, type Fx } from '../fx.js';

/**
 * The USDT-margined perpetual formulas (docs/API.md "Futures", "Formulas"), exact in Fx. One-way
 * mode: a position is long (side 1) or short (side −1) with a positive quantity in the base
 * currency. Every rounding favours solvency: what a trader must put up is rounded up, what a
 * trader is owed is rounded down, and a liquidation price is rounded toward the entry (checked no
 * later than its exact value).
 */
export type PositionSide = 1 | -1;

/** Price × quantity in USDT (exact at any listed pair's precision). */
export const notionalOf = (quantity: Fx, price: Fx): Fx => mulFx(quantity, price, 'up');

/** Initial margin = notional ÷ leverage, rounded up. */
export const initialMargin = (notional: Fx, leverage: number): Fx => divFx(notional, BigInt(leverage) * FX_ONE, 'up');

/** The trading fee on a notional at `rate` (a fraction), rounded up. */
export const feeOf = (notional: Fx, rate: Fx): Fx => mulFx(notional, rate, 'up');

/** What opening `quantity` at `price` takes from the futures wallet: initial margin plus the opening fee (§9). */
export const openCost = (quantity: Fx, price: Fx, leverage: number, feeRate: Fx): Fx => {
  const notional = notionalOf(quantity, price);
  return initialMargin(notional, leverage) + feeOf(notional, feeRate);
};

/**
 * The largest quantity (a multiple of `step`) whose open cost fits `available`:
 * available ÷ (1/leverage + fee) ÷ price, rounded down to the step — so the fee is why 100 % of
 * the balance can never be used (§9).
 */
export function maxOpenQuantity(available: Fx, price: Fx, leverage: number, feeRate: Fx, step: Fx): Fx {
  if (available <= 0n || price <= 0n) return 0n;
  const perUnit = divFx(price, BigInt(leverage) * FX_ONE, 'up') + mulFx(price, feeRate, 'up');
  let q = (divFx(available, perUnit, 'down') / step) * step;
  // Rounding up of the two parts may make the last step one too many.
  while (q > 0n && openCost(q, price, leverage, feeRate) > available) q -= step;
  return q;
}

/** Maintenance margin = notional × mmr − maintenance amount, by the bracket holding the notional. */
export function maintenanceMargin(notional: Fx, brackets: readonly LeverageBracket[]): Fx {
  const b = bracketOf(brackets, notional);
  return maxFx(0n, mulFx(notional, fx(b.mmr), 'up') - fx(b.maintenanceAmount));
}

/** Unrealised PnL = side × quantity × (mark − entry). */
export const unrealisedPnl = (side: PositionSide, quantity: Fx, entry: Fx, mark: Fx): Fx =>
  mulFx(BigInt(side) * quantity, mark - entry, 'down');

/** ROE (the "yield"): unrealised PnL ÷ initial margin, a fraction cut to 8 decimals. */
export function roe(pnl: Fx, margin: Fx): Fx {
  if (margin <= 0n) return 0n;
  return roundFx(divFx(pnl, margin, 'down'), 8, 'down');
}

/**
 * The yield of a close order: its realised profit ÷ the initial margin of what it closed. The
 * closed part's entry notional is the exit notional minus the profit for a long (plus for a
 * short), since profit = side × q × (exit − entry); its margin is that ÷ leverage. `null` for an
 * opening order or before any fill. A fraction cut to 8 decimals, like `roe`.
 */
export function closeYield(o: { action: string; filled: Fx; avgPrice: Fx; profit: Fx; leverage: number }): Fx | null {
  if (o.action.startsWith('open') || o.filled <= 0n) return null;
  const side = o.action === 'close_long' ? 1n : -1n;
  const entryNotional = mulFx(o.filled, o.avgPrice, 'down') - side * o.profit;
  return roe(o.profit, initialMargin(entryNotional, o.leverage));
}

/**
 * The average position price: the entry price moved by what the position already realised
 * (the PnL of its partial closes), i.e. the price at which closing the rest would make the
 * position as a whole break even before fees: entry − side × realised ÷ quantity.
 */
export function averagePositionPrice(side: PositionSide, quantity: Fx, entry: Fx, realised: Fx): Fx {
  if (quantity <= 0n) return entry;
  return entry - BigInt(side) * divFx(realised, quantity, side === 1 ? 'down' : 'up');
}

/**
 * Margin ratio = maintenance margin ÷ margin balance, where the margin balance is the wallet
 * balance backing the position (isolated: its margin; cross: the cross wallet) plus unrealised
 * PnL. A position is liquidated when the ratio reaches 100 %, i.e. when the margin balance is no
 * more than the maintenance margin. Undefined ratio (balance ≤ 0) is reported as `null`.
 */
export function marginRatio(maintenance: Fx, marginBalance: Fx): Fx | null {
  if (marginBalance <= 0n) return null;
  return roundFx(divFx(maintenance, marginBalance, 'up'), 8, 'up');
}

export const isLiquidatable = (maintenance: Fx, marginBalance: Fx): boolean => marginBalance <= maintenance;

export interface LiquidationInput {
  side: PositionSide;
  quantity: Fx;
  entry: Fx;
  /** Isolated: the position's margin. Cross: the whole cross wallet balance (available + every cross position's margin). */
  walletBalance: Fx;
  /** Cross only: maintenance margin and unrealised PnL of the account's other cross positions (0 for isolated). */
  othersMaintenance?: Fx;
  othersPnl?: Fx;
  brackets: readonly LeverageBracket[];
  /**
   * Every maintenance margin counted this many times (default 1): with 1 ÷ ratio, the price at
   * which the margin ratio reaches `ratio` instead of 100 % (the margin call's, marginCall.ts).
   */
  maintenanceFactor?: Fx;
}

/**
 * The liquidation price in the form Binance publishes for USDT-M (one-way mode):
 *
 *   LP = (WB − TMM₁ + UPNL₁ + cum − side × Q × EP) ÷ (Q × MMR − side × Q)
 *
 * WB wallet balance, TMM₁ and UPNL₁ the other cross positions' maintenance margin and unrealised
 * PnL (0 when isolated), cum and MMR from the bracket holding the notional at the liquidation price
 * (tried from the entry's bracket until the price stays in the bracket it was computed with), Q the
 * quantity, EP the entry price. Rounded toward the entry; 0 when a long cannot be liquidated.
 */
export function liquidationPrice(p: LiquidationInput): Fx {
  const q = p.quantity;
  if (q <= 0n) return 0n;
  const side = BigInt(p.side);
  const factor = p.maintenanceFactor;
  const scaled = (maintenance: Fx): Fx => (factor === undefined ? maintenance : mulFx(maintenance, factor));
  let bracket = bracketOf(p.brackets, notionalOf(q, p.entry));
  let price = 0n;
  for (let attempt = 0; attempt < p.brackets.length; attempt++) {
    const numerator = p.walletBalance - scaled(p.othersMaintenance ?? 0n) + (p.othersPnl ?? 0n) + scaled(fx(bracket.maintenanceAmount)) - mulFx(side * q, p.entry);
    const denominator = scaled(mulFx(q, fx(bracket.mmr))) - side * q;
    price = divFx(numerator, denominator, p.side === 1 ? 'up' : 'down');
    const next = bracketOf(p.brackets, notionalOf(q, maxFx(price, 0n)));
    if (next.bracket === bracket.bracket) break;
    bracket = next;
  }
  return maxFx(price, 0n);
}

/**
 * What may be removed from an isolated position's margin (Binance's rule): the margin must still
 * cover the initial margin at the mark plus any unrealised loss, and leave the position clear of
 * liquidation (margin + PnL above the maintenance margin). Rounded down to `places` decimals.
 */
export function maxRemovableMargin(p: { side: PositionSide; quantity: Fx; entry: Fx; margin: Fx; leverage: number; mark: Fx; brackets: readonly LeverageBracket[] }, places = 8): Fx {
  if (p.quantity <= 0n) return 0n;
  const notional = notionalOf(p.quantity, p.mark);
  const pnl = unrealisedPnl(p.side, p.quantity, p.entry, p.mark);
  const keep = maxFx(initialMargin(notional, p.leverage) - (pnl < 0n ? pnl : 0n), maintenanceMargin(notional, p.brackets) - pnl + 1n);
  return maxFx(0n, roundFx(p.margin - keep, places, 'down'));
}

/** The bankruptcy price: where the margin balance is zero. Long: entry − margin ÷ Q; short: entry + margin ÷ Q. */
export function bankruptcyPrice(side: PositionSide, quantity: Fx, entry: Fx, margin: Fx): Fx {
  if (quantity <= 0n) return 0n;
  return side === 1 ? maxFx(0n, entry - divFx(margin, quantity, 'down')) : entry + divFx(margin, quantity, 'up');
}

/** Funding constants (Binance USDT-M defaults): interest 0.01 % per interval, premium band ±0.05 %, cap ±0.75 %. */
export const FUNDING = { interest: fx('0.0001'), band: fx('0.0005'), cap: fx('0.0075') } as const;

/** Premium index = (mark − index) ÷ index, cut to 8 decimals. */
export const premiumOf = (mark: Fx, index: Fx): Fx => (index <= 0n ? 0n : roundFx(divFx(mark - index, index, 'down'), 8, 'down'));

/**
 * Funding rate = P + clamp(I − P, −band, +band), clamped to ±cap and cut to 8 decimals, where P is
 * the interval's average premium index and I the interest rate.
 */
export function fundingRate(averagePremium: Fx): Fx {
  const raw = averagePremium + clampFx(FUNDING.interest - averagePremium, -FUNDING.band, FUNDING.band);
  return roundFx(clampFx(raw, -FUNDING.cap, FUNDING.cap), 8, 'down');
}

/**
 * One position's funding: notional at mark × rate; longs pay shorts when the rate is positive,
 * shorts pay longs when it is negative. Signed for the position (negative = pays). Payers' amounts
 * are rounded up and receivers' down to `places` (USDT: 8), so the side paid never gets more than
 * the side paying gave; the remainder goes to the insurance fund.
 */
export function fundingPayment(side: PositionSide, quantity: Fx, mark: Fx, rate: Fx, places = 8): Fx {
  const exact = mulFx(mulFx(quantity, mark), absFx(rate));
  const pays = (side === 1) === rate > 0n;
  if (rate === 0n) return 0n;
  return pays ? -roundFx(exact, places, 'up') : roundFx(exact, places, 'down');
}

/** The index and mark prices are cut to 4 decimals (§9). */
export const PRICE_FEED_PLACES = 4;

/**
 * The mark price: index + a smoothed basis. Each update moves the basis a share `alpha` of the way
 * toward the latest basis sample (the contract's mid price minus the index), with the sample
 * clamped to ±`band` of the index so one stray quote cannot drag the mark; cut to 4 decimals.
 */
export function nextBasis(previous: Fx, sample: Fx, index: Fx, alpha: Fx = fx('0.2'), band: Fx = fx('0.005')): Fx {
  const limit = mulFx(index, band);
  const clamped = clampFx(sample, -limit, limit);
  return previous + mulFx(clamped - previous, alpha, 'down');
}

export const markPriceOf = (index: Fx, basis: Fx): Fx => roundFx(index + basis, PRICE_FEED_PLACES, 'down');

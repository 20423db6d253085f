import type { SubmissionKey } from '../../../kernel/platform/idempotency.js';
import { decimalToUnits, unitsToDecimal } from '../../../kernel/exchange/market/units.js';
import { validatePlace } from '../../../kernel/exchange/matching/rules.js';
import { RejectReason, type PlaceCommand, type SelfTradePrevention, type Side, type TimeInForce } from '../../../kernel/exchange/matching/types.js';
import { amountText, priceText, quoteText, type PairSpec } from '../../../kernel/exchange/pairSpec.js';

/** An order as callers describe it, in decimal strings of the pair's precision. */
export interface PlaceOrderRequest {
  userId: number;
  side: Side;
  type: 'limit' | 'market';
  price?: string;
  quantity?: string;
  /** Market buys: the quote amount to spend (frozen up front). */
  quoteBudget?: string;
  /**
   * Market buys of a `quantity` without a budget of their own (Binance's MARKET BUY by quantity):
   * bounded by the buyer's available quote balance, frozen whole by the record stage and what is
   * not spent given back when the order ends; refused whole if that balance cannot pay for what
   * the book would fill.
   */
  boundByBalance?: boolean;
  tif?: TimeInForce;
  stp?: SelfTradePrevention;
  /**
   * The submission's idempotency key (kernel/platform/idempotency.ts), claimed in the transaction that
   * records the order and freezes its funds: a repeat answers the first order and places nothing.
   */
  submission?: { scope: string; key: SubmissionKey };
}

/**
 * An order after intake: checked once and converted once into the engine's integer units, with
 * what it must freeze and the texts its row is written with. Everything after intake works on this.
 */
export interface PlaceIntent {
  userId: number;
  command: Omit<PlaceCommand, 'orderId'>;
  /** Decimal amount frozen on placing, in `freezeCurrency` (quote for buys, base for sells). */
  freeze: string;
  freezeCurrency: string;
  row: { price: string; quantity: string; quoteBudget: string | null; feeCurrency: string };
  submission?: { scope: string; key: SubmissionKey };
  /**
   * The freeze is the placer's whole available balance in `freezeCurrency`, decided by the record
   * stage (which alone reads it), which also sets the command's budget to it (`boundByBalance`).
   * Until then `freeze` is "0" and the command's budget 0, which the engine refuses: an intent that
   * skipped the record stage could never buy without a bound.
   */
  freezeAvailable?: boolean;
  /**
   * Part of `freeze` that is frozen already: a triggered stop hands its own freeze over to the order
   * it places (stops.ts), so the record stage takes only the rest from `available`.
   */
  preFrozen?: string;
}

export type IntakeRefusal = { ok: false; reason: 'invalidPrice' | 'invalidQuantity' | 'invalidBudget' };

/** Intake: validates a request against the pair and the engine's rules and converts it to an intent. */
export function intake(spec: PairSpec, r: PlaceOrderRequest): { ok: true; intent: PlaceIntent } | IntakeRefusal {
  const { pricePrecision: pp, amountPrecision: ap } = spec;
  const tif = r.tif ?? (r.type === 'market' ? 'IOC' : 'GTC');
  const stp = r.stp ?? 'cancelTaker';
  const price = r.type === 'limit' ? decimalToUnits(r.price ?? '', pp) : 0;
  if (price === undefined || (r.type === 'limit' && price <= 0)) return { ok: false, reason: 'invalidPrice' };
  const base = { userId: r.userId, ...(r.submission ? { submission: r.submission } : {}) };
  const feeCurrency = r.side === 'buy' ? spec.left : spec.right;
  if (r.type === 'market' && r.side === 'buy' && r.boundByBalance) {
    const quantity = decimalToUnits(r.quantity ?? '', ap);
    if (quantity === undefined || quantity <= 0) return { ok: false, reason: 'invalidQuantity' };
    return {
      ok: true,
      intent: {
        ...base,
        command: { kind: 'place', accountId: r.userId, side: 'buy', type: 'market', price: 0, quantity, tif, stp, quoteBudget: 0, refuseIfUnaffordable: true },
        freeze: '0',
        freezeCurrency: spec.right,
        freezeAvailable: true,
        // No budget of its own (the entrust total a market sell shows too: none).
        row: { price: priceText(spec, 0), quantity: amountText(spec, quantity), quoteBudget: null, feeCurrency },
      },
    };
  }
  if (r.type === 'market' && r.side === 'buy') {
    const budget = decimalToUnits(r.quoteBudget ?? '', pp + ap);
    if (budget === undefined || budget <= 0) return { ok: false, reason: 'invalidBudget' };
    const quantity = r.quantity === undefined ? Number.MAX_SAFE_INTEGER : decimalToUnits(r.quantity, ap);
    if (quantity === undefined || quantity <= 0) return { ok: false, reason: 'invalidQuantity' };
    const freeze = quoteText(spec, budget);
    return {
      ok: true,
      intent: {
        ...base,
        command: { kind: 'place', accountId: r.userId, side: 'buy', type: 'market', price: 0, quantity, tif, stp, quoteBudget: budget },
        freeze,
        freezeCurrency: spec.right,
        row: {
          price: priceText(spec, 0),
          // "No limit" on a budgeted buy is the engine's largest quantity, written as such.
          quantity: quantity === Number.MAX_SAFE_INTEGER ? unitsToDecimal(quantity, ap) : amountText(spec, quantity),
          quoteBudget: freeze,
          feeCurrency,
        },
      },
    };
  }
  const quantity = decimalToUnits(r.quantity ?? '', ap);
  if (quantity === undefined || quantity <= 0) return { ok: false, reason: 'invalidQuantity' };
  const command: Omit<PlaceCommand, 'orderId'> = { kind: 'place', accountId: r.userId, side: r.side, type: r.type, price, quantity, tif, stp };
  // The id is not known before the record stage; any valid one lets the price and size checks run.
  const invalid = validatePlace({ ...command, orderId: 1 });
  if (invalid === RejectReason.invalidPrice || invalid === RejectReason.amountTooLarge) return { ok: false, reason: 'invalidPrice' };
  if (invalid === RejectReason.invalidQuantity) return { ok: false, reason: 'invalidQuantity' };
  const buy = r.side === 'buy';
  return {
    ok: true,
    intent: {
      ...base,
      command,
      freeze: buy ? quoteText(spec, price * quantity) : amountText(spec, quantity),
      freezeCurrency: buy ? spec.right : spec.left,
      row: { price: priceText(spec, price), quantity: amountText(spec, quantity), quoteBudget: null, feeCurrency },
    },
  };
}

import * as yup from 'yup';
import { addDecimal, compareDecimal, subDecimal, toFixedDecimal, trimZeros } from './decimal';
import { isDecimalInput, type DecimalShape } from './decimalRule';
import { isAddressOf } from './addressFormats';

/**
 * Wallet form rules (spec §5 withdrawal and transfer), as yup schemas built from the limits on
 * screen. Every comparison is exact, on decimal strings. Messages are translation keys. The
 * machines ask the same schemas again before they submit (`withdrawalProblem`, `transferProblem`),
 * so a form that skipped validation still cannot send a bad request.
 */

/**
 * An amount with at most 8 decimals, as typed: "12", "0.5" (the one decimal rule, decimalRule.ts).
 * At most 15 integer digits, far inside the database's NUMERIC(36, 18), so sums of such amounts
 * never overflow.
 */
export const AMOUNT: DecimalShape = { places: 8, integerDigits: 15 };

const isAmount = (value: string | undefined) => value !== undefined && isDecimalInput(value.trim(), AMOUNT);
/** A positive amount with at most 8 decimals: the forms' rule, which the server applies too. */
export const isPositiveAmount = (value: string | undefined) => isAmount(value) && compareDecimal(value!.trim(), '0') > 0;
const positive = isPositiveAmount;

const quantity = () =>
  yup
    .string()
    .trim()
    .required('wallet.validation.quantityRequired')
    .test('amount', 'wallet.validation.quantityInvalid', positive);

export interface WithdrawLimits {
  /** Network minimum (quantity that leaves the platform). */
  min: string;
  /** Network fee, taken on top of the quantity. */
  fee: string;
  /** Spot available balance. */
  available: string;
  /** What the 24-hour quota still allows, in the currency. */
  remaining: string;
  /**
   * The decimal places the currency's amounts are counted in (its listing's precision, 0 to 8): a
   * quantity finer than that is refused. Absent: the 8 places every amount may have.
   */
  places?: number;
  /** The network chosen: the address must have its shape (addressFormats.ts), checked on the form, not after the confirmation. */
  network?: string;
  /**
   * Allowlist mode on (issue 35): the user's saved addresses of this currency and network, and the
   * time to judge them at. The address is then checked on the form, at the field, before the funds
   * password step (issue 50 M16): an unsaved address, or a saved one not yet usable, is refused there.
   */
  allowlist?: { now: number; saved: ReadonlyArray<{ address: string; usable_from?: number }> };
  /** The currency has no USDT price yet: nothing of it fits the 24-hour limit, and the quantity says why. */
  unpriced?: boolean;
}

/** The places a quantity needs: trailing zeros ("25.5000") add none. */
const placesOf = (value: string) => trimZeros(value.trim()).split('.')[1]?.length ?? 0;

/** Whether `value` has no more decimal places than the currency allows (a value that is not an amount is judged elsewhere). */
export const withinPlaces = (value: string | undefined, places: number | undefined) => places === undefined || !positive(value) || placesOf(value!) <= places;

/** Why allowlist mode refuses `address`, or undefined when it lets it through (or is off). */
export function allowlistProblem(limits: Pick<WithdrawLimits, 'allowlist'>, address: string): string | undefined {
  if (!limits.allowlist) return undefined;
  const typed = address.trim();
  if (typed === '') return undefined;
  const saved = limits.allowlist.saved.find((a) => a.address === typed);
  if (!saved) return 'wallet.validation.notInAllowlist';
  if (saved.usable_from !== undefined && saved.usable_from > limits.allowlist.now) return 'wallet.validation.notYetUsable';
  return undefined;
}

/** The most that can leave now ("All"): the balance less the fee, within the 24-hour quota, never below zero, cut to the currency's places (8 by default). */
export function maxWithdrawable(limits: WithdrawLimits): string {
  const afterFee = subDecimal(limits.available, limits.fee);
  const max = compareDecimal(afterFee, limits.remaining) < 0 ? afterFee : limits.remaining;
  return compareDecimal(max, '0') > 0 ? trimZeros(toFixedDecimal(max, limits.places ?? 8, 'down')) : '0';
}

/** What leaves the balance for a withdrawal: the quantity plus the fee; undefined until the quantity is a valid amount. */
export function withdrawalTotal(quantity: string, fee: string): string | undefined {
  const typed = quantity.trim();
  return isDecimalInput(typed, AMOUNT) ? addDecimal(typed, fee) : undefined;
}

export function withdrawSchema(limits: WithdrawLimits) {
  return yup.object({
    address: yup
      .string()
      .trim()
      .required('wallet.validation.addressRequired')
      .test('format', 'wallet.validation.addressInvalid', (v) => limits.network === undefined || isAddressOf(limits.network, v ?? ''))
      .test('allowlist', ({ value }) => allowlistProblem(limits, String(value ?? '')) ?? 'wallet.validation.notInAllowlist', (v) => allowlistProblem(limits, v ?? '') === undefined),
    quantity: quantity()
      .test('places', 'wallet.validation.tooManyPlaces', (v) => withinPlaces(v, limits.places))
      .test('minimum', 'wallet.validation.belowMinimum', (v) => !positive(v) || compareDecimal(v!.trim(), limits.min) >= 0)
      .test('priced', 'wallet.validation.noPrice', (v) => !positive(v) || !limits.unpriced)
      .test('quota', 'wallet.validation.overQuota', (v) => !positive(v) || compareDecimal(v!.trim(), limits.remaining) <= 0)
      .test('balance', 'wallet.validation.insufficient', (v) => !positive(v) || compareDecimal(addDecimal(v!.trim(), limits.fee), limits.available) <= 0),
  });
}
export type WithdrawValues = yup.InferType<ReturnType<typeof withdrawSchema>>;

export const fundsPasswordSchema = yup.object({
  funds_password: yup.string().required('validation.fundsPasswordRequired'),
});

export interface TransferLimits {
  available: string;
  from: string;
  to: string;
}

export function transferSchema(limits: TransferLimits) {
  return yup.object({
    quantity: quantity()
      .test('balance', 'wallet.validation.insufficient', (v) => !positive(v) || compareDecimal(v!.trim(), limits.available) <= 0)
      .test('differs', 'wallet.validation.sameAccount', () => limits.to !== limits.from),
  });
}
export type TransferValues = yup.InferType<ReturnType<typeof transferSchema>>;

/** The operator's simulated chain deposit. */
export const simulateDepositSchema = yup.object({
  address: yup.string().trim().required('wallet.validation.addressRequired'),
  network: yup.string().trim().required('wallet.validation.networkRequired'),
  currency: yup.string().trim().required('wallet.validation.currencyRequired'),
  quantity: quantity(),
});
export type SimulateDepositValues = yup.InferType<typeof simulateDepositSchema>;

/** The first rule a value set breaks (a translation key), or undefined when it passes. */
function firstProblem(schema: yup.AnySchema, values: unknown): string | undefined {
  try {
    schema.validateSync(values, { abortEarly: true });
    return undefined;
  } catch (error) {
    return error instanceof yup.ValidationError ? error.errors[0] : 'error.system';
  }
}

export const withdrawalProblem = (limits: WithdrawLimits, values: { address: string; quantity: string }) => firstProblem(withdrawSchema(limits), values);
export const transferProblem = (limits: TransferLimits, values: { quantity: string }) => firstProblem(transferSchema(limits), values);

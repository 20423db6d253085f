import * as yup from 'yup';
import { compareDecimal } from '../../../../domain/decimal';
import { DECIMAL_INPUT_MAX, isDecimalInput } from '../../../../domain/decimalRule';
import {
  CURRENCY_CONFIRMATIONS_MAX,
  CURRENCY_NAME_MAX,
  CURRENCY_NETWORKS_MAX,
  CURRENCY_PRECISION_MAX,
  CURRENCY_SYMBOL_PATTERN,
  NETWORK_NAME_PATTERN,
  type CurrencyListingNetwork,
} from '../../../../domain/marketsDesk';
import { isSecondFactorCode } from '../../../../domain/twoFactor';

/**
 * The currency listing's form (CurrencyForm.tsx): the checks the server makes of a listing
 * (server/products/wallet/listing/routes.ts's body schema and currencyListing.ts `checkListing`),
 * said under each field before sending. The server names only the first bad field, generically
 * ("Network X: the minimums and the fee …"); here every bad field says its own rule. The values are
 * judged as the server judges them once normalised: trimmed, symbol and network in capitals,
 * places counted without trailing zeros ("0.10" has one), a decimal as domain/decimalRule.ts reads
 * one (no leading zeros, no "-0").
 * The server repeats every check, and its refusal still shows under the form.
 */

/** A network's fields as typed (the whole numbers are parsed when sent). */
export type NetworkFields = Record<keyof CurrencyListingNetwork, string>;

/** The form's values as typed. */
export interface CurrencyFormValues {
  symbol: string;
  name: string;
  precision: string;
  networks: NetworkFields[];
  code: string;
}

/** A whole number as typed, or NaN (sent as null: the server refuses it, translated). */
export const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** A decimal of 0 or more (above 0 with `positive`) with no more places than `precision` (none checked while the precision is itself wrong). */
const amountFits = (value: string | undefined, precision: number, positive = false) => {
  const v = (value ?? '').trim();
  if (v.length > DECIMAL_INPUT_MAX || !isDecimalInput(v, Number.isInteger(precision) ? { places: precision } : {})) return false;
  return positive ? compareDecimal(v, '0') > 0 : compareDecimal(v, '0') >= 0;
};
const asNetwork = (value: string | undefined) => (value ?? '').trim().toUpperCase();

/** One network's rules at the listing's `precision` (NaN: the precision is wrong, said at its own field); `names` are every network's, typed. */
function networkSchema(precision: number, names: string[]) {
  const amount = (message: string, positive = false) => yup.string().test('amount', message, (v) => amountFits(v, precision, positive));
  return yup.object({
    network: yup
      .string()
      .test('pattern', 'marketsDesk.currency.networkInvalid', (v) => NETWORK_NAME_PATTERN.test(asNetwork(v)))
      .test('once', 'marketsDesk.currency.networkTwice', (v) => names.filter((n) => asNetwork(n) === asNetwork(v)).length === 1),
    deposit_min: amount('marketsDesk.currency.depositMinInvalid'),
    deposit_fee: amount('marketsDesk.currency.depositFeeInvalid').test('belowMin', 'marketsDesk.currency.depositFeeAboveMin', function below(v) {
      // A deposit's fee is taken from what it credits: one of the minimum must leave something. A bad minimum is said at its own field only.
      const min = String(this.parent.deposit_min ?? '').trim();
      const fee = (v ?? '').trim();
      return !isDecimalInput(fee) || !amountFits(min, precision) || compareDecimal(fee, '0') <= 0 || compareDecimal(fee, min) < 0;
    }),
    withdraw_min: amount('marketsDesk.currency.withdrawMinInvalid', true).test('aboveFee', 'marketsDesk.currency.withdrawMinBelowFee', function above(v) {
      // A withdrawal of the minimum must leave something once its fee is taken. A bad fee is said at its own field only.
      const fee = String(this.parent.withdraw_fee ?? '').trim();
      const min = (v ?? '').trim();
      return !isDecimalInput(min) || !amountFits(fee, precision) || compareDecimal(fee, min) < 0;
    }),
    withdraw_fee: amount('marketsDesk.currency.withdrawFeeInvalid'),
    confirmations: yup.string().test('whole', 'marketsDesk.currency.confirmationsInvalid', (v) => {
      const n = whole(v ?? '');
      return n >= 1 && n <= CURRENCY_CONFIRMATIONS_MAX;
    }),
  });
}

/** The listing's rules; the networks' amounts depend on the precision typed, so the schema is made from the values. */
export const currencyListingSchema = yup.lazy((values: CurrencyFormValues) => {
  const precision = whole(values.precision ?? '');
  const names = (values.networks ?? []).map((n) => n.network);
  return yup.object({
    symbol: yup.string().test('pattern', 'marketsDesk.currency.symbolInvalid', (v) => CURRENCY_SYMBOL_PATTERN.test((v ?? '').trim().toUpperCase())),
    name: yup.string().trim().required('marketsDesk.currency.nameInvalid').max(CURRENCY_NAME_MAX, 'marketsDesk.currency.nameInvalid'),
    precision: yup.string().test('range', 'marketsDesk.form.precisionInvalid', () => precision >= 0 && precision <= CURRENCY_PRECISION_MAX),
    networks: yup.array().of(networkSchema(precision, names)).min(1).max(CURRENCY_NETWORKS_MAX),
    code: yup.string().trim().required('marketsDesk.form.codeRequired').test('code', 'marketsDesk.form.codeInvalid', (v) => isSecondFactorCode(v ?? '')),
  });
});

/**
 * The form's problems: each bad field's message key by its path ("symbol", "networks[1].withdraw_min"),
 * the first rule it breaks; none when the listing may be sent.
 */
export function currencyListingProblems(values: CurrencyFormValues): Record<string, string> {
  try {
    currencyListingSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const problems: Record<string, string> = {};
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      const path = inner.path ?? '';
      problems[path] ??= inner.message;
    }
    return problems;
  }
}

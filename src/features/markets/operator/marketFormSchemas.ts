import * as yup from 'yup';
import { compareDecimal } from '../../../../domain/decimal';
import { isPositiveDecimalInput } from '../../../../domain/decimalRule';
import { HALT_REASON_MAX } from '../../../../domain/market';
import { LISTING_PRECISION_MAX, type MarketListing } from '../../../../domain/marketsDesk';
import { isSecondFactorCode } from '../../../../domain/twoFactor';

/**
 * The markets desk's forms: the checks the server makes (server/products/markets/listing.ts,
 * operatorRoutes.ts), said before sending; the server repeats them and its refusal shows under the
 * form. A decimal's places are counted as written, trailing zeros included, as the server does.
 */
const placesOf = (value: string) => value.split('.')[1]?.length ?? 0;
const precision = yup.number().typeError('marketsDesk.form.precisionInvalid').integer('marketsDesk.form.precisionInvalid').min(0, 'marketsDesk.form.precisionInvalid').max(LISTING_PRECISION_MAX, 'marketsDesk.form.precisionInvalid').required('marketsDesk.form.precisionInvalid');
const code = yup.string().trim().required('marketsDesk.form.codeRequired').test('code', 'marketsDesk.form.codeInvalid', (value) => isSecondFactorCode(value ?? ''));
const symbol = yup.string().trim().required('marketsDesk.form.currencyRequired').matches(/^[A-Za-z0-9]{1,12}$/, 'marketsDesk.form.currencyInvalid');

/** A positive decimal with at most `places(values)` places. */
const positiveWithin = (message: string, places: (parent: Record<string, unknown>) => number) =>
  yup
    .string()
    .trim()
    .required(message)
    .test('places', message, function check(value) {
      return isPositiveDecimalInput(value) && placesOf(value) <= places(this.parent as Record<string, unknown>);
    });
const numberOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : -1);

export const listingSchema = yup.object({
  base: symbol,
  quote: symbol.test('different', 'marketsDesk.form.sameCurrency', function check(value) {
    return (value ?? '').trim().toUpperCase() !== String(this.parent.base ?? '').trim().toUpperCase();
  }),
  price_precision: precision,
  amount_precision: precision,
  min_quantity: positiveWithin('marketsDesk.form.minQuantityInvalid', (p) => numberOf(p.amount_precision)),
  min_notional: positiveWithin('marketsDesk.form.minNotionalInvalid', (p) => numberOf(p.price_precision) + numberOf(p.amount_precision)),
  reference_price: positiveWithin('marketsDesk.form.referencePriceInvalid', (p) => numberOf(p.price_precision)),
  makers: yup.boolean().required(),
  maker_spread: yup
    .string()
    .trim()
    .when('makers', {
      is: true,
      then: (s) => s.required('marketsDesk.form.spreadInvalid').test('spread', 'marketsDesk.form.spreadInvalid', (v) => isPositiveDecimalInput(v) && placesOf(v) <= 6 && compareDecimal(v, '0.5') < 0),
    }),
  maker_depth: yup.number().when('makers', {
    is: true,
    then: (s) => s.typeError('marketsDesk.form.depthInvalid').integer('marketsDesk.form.depthInvalid').min(1, 'marketsDesk.form.depthInvalid').max(50, 'marketsDesk.form.depthInvalid').required('marketsDesk.form.depthInvalid'),
  }),
  code,
});
export type ListingValues = yup.InferType<typeof listingSchema>;

export const LISTING_START: { [K in keyof ListingValues]: ListingValues[K] | '' } = {
  base: '',
  quote: 'USDT',
  price_precision: 2,
  amount_precision: 4,
  min_quantity: '',
  min_notional: '5',
  reference_price: '',
  makers: true,
  maker_spread: '0.002',
  maker_depth: 10,
  code: '',
};

/** The listing as sent: symbols in capitals, the makers' settings only when they quote. */
export function listingOf(v: ListingValues): MarketListing {
  return {
    base: v.base.trim().toUpperCase(),
    quote: v.quote.trim().toUpperCase(),
    price_precision: v.price_precision,
    amount_precision: v.amount_precision,
    min_quantity: v.min_quantity.trim(),
    min_notional: v.min_notional.trim(),
    reference_price: v.reference_price.trim(),
    makers: v.makers,
    ...(v.makers && v.maker_spread ? { maker_spread: v.maker_spread.trim() } : {}),
    ...(v.makers && v.maker_depth !== undefined ? { maker_depth: v.maker_depth } : {}),
  };
}

/** A `datetime-local` field's value ("2026-12-01T10:00", the operator's own time zone) as epoch ms, or NaN. */
export const localMoment = (value: string): number => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(value).getTime() : Number.NaN);

export const delistingSchema = yup.object({
  delist_at: yup
    .string()
    .required('marketsDesk.form.delistAtRequired')
    .test('moment', 'marketsDesk.form.delistAtRequired', (v) => Number.isFinite(localMoment(v ?? ''))),
  reason: yup.string().trim().required('marketsDesk.reasonRequired').max(HALT_REASON_MAX, 'marketsDesk.form.reasonTooLong'),
  code,
});
export type DelistingValues = yup.InferType<typeof delistingSchema>;

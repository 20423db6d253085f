import * as yup from 'yup';
import { isDecimalInput } from '../../../../../domain/decimalRule';
import { FEE_PRODUCTS, rateProblem, tiersValid, type FeeOverride, type FeeOverrideEdit, type FeeProduct, type FeeScheduleEdit, type FeeScheduleRow, type FeeTier } from '../../../../../domain/fees';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';

/**
 * The fee desk's forms: the server's rules (domain/fees.ts, server/products/fees/fees.ts) said
 * before sending; the server repeats them and its refusal shows under the form. Rates are
 * fractions as the API takes them (0.001 = 0.1 %); a negative maker rate is a rebate.
 */
const PROBLEM_KEYS = {
  feesRateMalformed: 'fees.form.rateMalformed',
  feesTakerNegative: 'fees.form.takerNegative',
  feesRebateTooLarge: 'fees.form.rebateTooLarge',
  feesFuturesNoRebate: 'fees.form.futuresNoRebate',
} as const;

/**
 * Each rate's own problem under its own field: a malformed maker under the maker field, a malformed
 * or negative taker under the taker field; what the pair breaks together (a rebate beyond the taker
 * rate, a futures rebate) under the maker field, where a rebate is typed.
 */
const makerRate = yup
  .string()
  .trim()
  .required('fees.form.rateMalformed')
  .test('rate', 'fees.form.rateMalformed', function check(maker) {
    const parent = this.parent as { taker?: string; product?: FeeProduct };
    const product = parent.product ?? 'spot';
    // The maker alone, beside a taker rate that is surely valid: a malformed maker is the maker's.
    if (rateProblem({ maker: maker ?? '', taker: '0' }, 'spot') === 'feesRateMalformed') return this.createError({ message: PROBLEM_KEYS.feesRateMalformed });
    const problem = rateProblem({ maker: maker ?? '', taker: (parent.taker ?? '').trim() }, product);
    // A malformed or negative taker rate is said under the taker field (takerRate).
    return problem === undefined || problem === 'feesRateMalformed' || problem === 'feesTakerNegative' ? true : this.createError({ message: PROBLEM_KEYS[problem] });
  });
const takerRate = yup
  .string()
  .trim()
  .required('fees.form.rateMalformed')
  .test('taker', 'fees.form.rateMalformed', function check(taker) {
    // The taker alone, beside a maker rate that is surely valid.
    const problem = rateProblem({ maker: '0', taker: taker ?? '' }, 'spot');
    return problem === undefined ? true : this.createError({ message: PROBLEM_KEYS[problem] });
  });
const product = yup.string<FeeProduct>().oneOf(FEE_PRODUCTS).required();
const code = yup.string().trim().required('fees.form.codeRequired').test('code', 'fees.form.codeInvalid', (value) => isSecondFactorCode(value ?? ''));

/** A confirmation's one field: the operator's own 2FA code (or a recovery code). */
export const codeSchema = yup.object({ code });
export type CodeValues = { code: string };

/** The tier table as typed: each row a tier number and its 30-day minimum volume (USDT). */
export const tiersSchema = yup.object({
  tiers: yup
    .array(
      yup.object({
        tier: yup.string().trim().required('fees.form.tierInvalid').matches(/^\d{1,2}$/, 'fees.form.tierInvalid'),
        min_volume_usdt: yup.string().trim().required('fees.form.volumeInvalid').test('volume', 'fees.form.volumeInvalid', (v) => isDecimalInput(v, { places: 8, integerDigits: 18 })),
      }),
    )
    .required()
    .test('climb', 'fees.form.tiersInvalid', (rows) => tiersValid((rows ?? []).map((r) => ({ tier: Number(r.tier), min_volume_usdt: (r.min_volume_usdt ?? '').trim() })))),
});
export type TiersValues = { tiers: Array<{ tier: string; min_volume_usdt: string }> };
export const tiersStart = (tiers: FeeTier[]): TiersValues => ({ tiers: tiers.map((r) => ({ tier: String(r.tier), min_volume_usdt: r.min_volume_usdt })) });
export const tiersOf = (v: TiersValues) => v.tiers.map((r) => ({ tier: Number(r.tier.trim()), min_volume_usdt: r.min_volume_usdt.trim() }));

export const scheduleSchema = yup.object({
  product,
  market: yup.string().required(),
  tier: yup.string().required(),
  maker: makerRate,
  taker: takerRate,
  remove: yup.boolean().required(),
});
export type ScheduleValues = { product: FeeProduct; market: string; tier: string; maker: string; taker: string; remove: boolean };
/** A form's start: a row of the desk (or, back from its confirmation, the edit held, `remove` as it was), or a blank new row. */
export const scheduleStart = (row: FeeScheduleRow | undefined, remove = false): ScheduleValues =>
  row ? { product: row.product, market: row.market, tier: String(row.tier), maker: row.maker, taker: row.taker, remove } : { product: 'spot', market: '*', tier: '0', maker: '', taker: '', remove: false };
export const scheduleOf = (v: ScheduleValues): FeeScheduleEdit => ({
  product: v.product,
  market: v.market,
  tier: Number(v.tier),
  maker: v.maker.trim(),
  taker: v.taker.trim(),
  ...(v.remove ? { remove: true } : {}),
});

/** A `datetime-local` field's value (the operator's own time zone) as epoch ms, or NaN. */
export const localMoment = (value: string): number => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(value).getTime() : Number.NaN);
/** Epoch ms as a `datetime-local` field's value, in the operator's own time zone. */
export const localField = (ms: number): string => {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
};

export const overrideSchema = yup.object({
  user_id: yup.string().trim().required('fees.form.userInvalid').matches(/^[1-9]\d{0,14}$/, 'fees.form.userInvalid'),
  product,
  market: yup.string().required(),
  end: yup.boolean().required(),
  maker: yup.string().when('end', { is: false, then: () => makerRate }),
  taker: yup.string().when('end', { is: false, then: () => takerRate }),
  ends: yup.string().when('end', { is: false, then: (s) => s.required('fees.form.endsRequired').test('ends', 'fees.form.endsRequired', (v) => Number.isFinite(localMoment(v ?? ''))) }),
  note: yup.string().trim().max(200, 'fees.form.noteTooLong'),
  code,
});
export type OverrideValues = { user_id: string; product: FeeProduct; market: string; end: boolean; maker: string; taker: string; ends: string; note: string; code: string };
export const overrideStart = (o: FeeOverride | undefined): OverrideValues =>
  o
    ? { user_id: String(o.user_id), product: o.product, market: o.market, end: false, maker: o.maker, taker: o.taker, ends: localField(o.ends_ms), note: o.note, code: '' }
    : { user_id: '', product: 'spot', market: '*', end: false, maker: '', taker: '', ends: '', note: '', code: '' };
export const overrideOf = (v: OverrideValues): FeeOverrideEdit =>
  v.end
    ? { user_id: Number(v.user_id.trim()), product: v.product, market: v.market, end: true }
    : {
        user_id: Number(v.user_id.trim()),
        product: v.product,
        market: v.market,
        maker: v.maker.trim(),
        taker: v.taker.trim(),
        ends_ms: localMoment(v.ends),
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
      };

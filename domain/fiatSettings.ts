import * as yup from 'yup';
import { compareDecimal } from './decimal';

/**
 * The operator's `legal_trade` settings (spec §9; docs/API.md "P2P fiat"): `pay_time` and
 * `confirm_time` in minutes, fractions allowed (a test's pay deadline of seconds), and
 * `max_unpaid_num`, the unpaid cancellations in 24 h after which a buyer may take no new order.
 * The bounds are the route's schema on the server and the form's rules here.
 */
export interface LegalTradeSettings {
  pay_time: number;
  confirm_time: number;
  max_unpaid_num: number;
  /** Minutes a side is suspended from P2P once max_unpaid_num of its orders went unpaid within 24 h. */
  suspend_time: number;
  /** Ads one user may have online at once (buy ads freeze nothing, so this bounds them). */
  max_online_ads: number;
}

/**
 * The P2P guards' defaults, beside spec §9's legal_trade defaults (which the seed stores): a
 * platform whose stored section predates them reads these.
 */
export const DEFAULT_P2P_GUARDS = { suspend_time: 1440, max_online_ads: 50 } as const;

export type LegalTradePatch = Partial<LegalTradeSettings>;

export const LEGAL_TRADE_BOUNDS = {
  /** Minutes: down to 6 s, up to a week. */
  minutes: { min: 0.1, max: 10_080 },
  maxUnpaid: { min: 1, max: 100 },
  maxOnlineAds: { min: 1, max: 1000 },
} as const;

/** The form as typed. */
export interface LegalTradeForm {
  pay_time: string;
  confirm_time: string;
  max_unpaid_num: string;
  suspend_time: string;
  max_online_ads: string;
}

export const LEGAL_TRADE_FIELDS = ['pay_time', 'confirm_time', 'max_unpaid_num', 'suspend_time', 'max_online_ads'] as const;

/** Minutes as typed: at most 5 integer digits and 2 decimals ("120", "0.25"). */
const MINUTES_RULE = /^\d{1,5}(\.\d{1,2})?$/;
const WHOLE_RULE = /^\d{1,4}$/;
const { minutes, maxUnpaid, maxOnlineAds } = LEGAL_TRADE_BOUNDS;

const inMinutes = (value: string | undefined) =>
  value !== undefined && MINUTES_RULE.test(value) && compareDecimal(value, String(minutes.min)) >= 0 && compareDecimal(value, String(minutes.max)) <= 0;
const wholeIn = (bounds: { min: number; max: number }) => (value: string | undefined) =>
  value !== undefined && WHOLE_RULE.test(value) && Number(value) >= bounds.min && Number(value) <= bounds.max;

const minutesField = () => yup.string().trim().required('fiat.settings.minutesRequired').test('minutes', 'fiat.settings.minutesInvalid', inMinutes);

/** The form's rules; messages are catalogue keys (with the bounds as their values). */
export const legalTradeSchema = yup.object({
  pay_time: minutesField(),
  confirm_time: minutesField(),
  max_unpaid_num: yup.string().trim().required('fiat.settings.unpaidRequired').test('unpaid', 'fiat.settings.unpaidInvalid', wholeIn(maxUnpaid)),
  suspend_time: minutesField(),
  max_online_ads: yup.string().trim().required('fiat.settings.unpaidRequired').test('ads', 'fiat.settings.unpaidInvalid', wholeIn(maxOnlineAds)),
});

export const formOfSettings = (s: LegalTradeSettings): LegalTradeForm => ({
  pay_time: String(s.pay_time),
  confirm_time: String(s.confirm_time),
  max_unpaid_num: String(s.max_unpaid_num),
  suspend_time: String(s.suspend_time),
  max_online_ads: String(s.max_online_ads),
});

/** The bounds a field's message names. */
export const boundsOf = (field: keyof LegalTradeForm) => (field === 'max_unpaid_num' ? maxUnpaid : field === 'max_online_ads' ? maxOnlineAds : minutes);

/** Whether the typed form passes the rules (the machine asks again before it confirms). */
export const legalTradeValid = (form: LegalTradeForm) => legalTradeSchema.isValidSync(form);

/** What the form changes of the current settings: only the changed fields, as numbers; empty when nothing changed. */
export function legalTradePatch(current: LegalTradeSettings, form: LegalTradeForm): LegalTradePatch {
  const patch: LegalTradePatch = {};
  for (const field of LEGAL_TRADE_FIELDS) {
    const value = Number(form[field].trim());
    if (value !== current[field]) patch[field] = value;
  }
  return patch;
}

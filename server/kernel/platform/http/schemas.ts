import { DECIMAL_INPUT_MAX } from '../../../../domain/decimalRule.js';
import { SECOND_FACTOR_PATTERN } from '../../../../domain/twoFactor.js';

/**
 * The one JSON-schema kit every route's schema is made of (issue 39). A route file names its own
 * enums and the few bounds only it has (a leverage, a period); ids, pages, money strings, pair
 * symbols and bounded texts come from here, so one input means one bound on every route.
 * tests/server/schemaKit.test.ts fails when a route file declares one of these shapes again.
 *
 * Every failure of these schemas is a translated body code 400 (errors.ts: 'Invalid field: x',
 * 'Unknown field: x'); the value itself is judged by the use case, which answers its own message.
 */

/**
 * Calls that take no payload accept an empty or absent JSON object, and nothing else: a member
 * they would ignore is refused like any unknown field (strictInput.ts).
 */
export const anyBody = {
  anyOf: [{ type: 'object', additionalProperties: false }, { type: 'null' }],
} as const;

/**
 * A JSON body with exactly these members (`required` of them must be there): what every route's
 * schema is made of. Unknown members are refused (strictInput.ts answers 'Unknown field: x').
 */
export const strictObject = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, additionalProperties: false, properties }) as const;

/**
 * A row id from outside. Every table's id is a bigserial, read into a JS number, so the one bound
 * is the largest integer a number holds exactly; a bigger value is refused as malformed (400),
 * never handed to a query.
 */
export const rowId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/** A moment, epoch milliseconds (an override's end, a delisting's time). */
export const epochMs = { ...rowId, minimum: 0 } as const;

/** A search's date bound, epoch milliseconds up to the last date JavaScript can hold (the operator desks' filters). */
export const dateMs = { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 } as const;

/** The last page any list answers: far past any real list, small enough that `(page - 1) * size` stays exact. */
export const PAGE_MAX = 1_000_000;
/** The largest page a list answers unless its product says otherwise (spot's order lists take 100). */
export const PAGE_SIZE_MAX = 50;
/** A page number: 1 … PAGE_MAX. A page past the end is an empty page, not a refusal. */
export const page = { type: 'integer', minimum: 1, maximum: PAGE_MAX } as const;
/** `page` and `size` of a paged list; `size` up to the product's largest page (PAGE_SIZE_MAX by default). */
export const paging = (sizeMax: number = PAGE_SIZE_MAX) => ({ page, size: { type: 'integer', minimum: 1, maximum: sizeMax } }) as const;

/**
 * A record list's window in days, one of `days` (RECORD_DAYS of domain/wallet.ts: 3, 7 or 30).
 * The route names the choices: the kernel imports no product's wire types.
 */
export const recordDays = (days: readonly number[]) => ({ type: 'integer', enum: [...days] }) as const;

/** The longest money string taken from outside (a price, quantity or amount, as a decimal string). */
export const DECIMAL_MAX = DECIMAL_INPUT_MAX;
/**
 * Money stays a string and its shape is checked by the use case (domain/decimalRule.ts), which
 * answers a translated message naming what is wrong; the schema only keeps junk out.
 */
export const decimal = { type: 'string', maxLength: DECIMAL_MAX } as const;

/**
 * A bounded text: every string from outside has a length bound (`minLength` only where an empty
 * text is malformed rather than a case the use case answers itself).
 */
export const text = (maxLength: number, minLength = 0) => (minLength > 0 ? ({ type: 'string', minLength, maxLength } as const) : ({ type: 'string', maxLength } as const));

/** A currency symbol named by the caller (BTC, USDT, an ICO's token); whether it exists is the use case's question. */
export const currency = text(16, 1);

/** A pair or contract symbol, LEFT_RIGHT (btc_usdt, any case); whether it is listed is the use case's question. */
export const pairSymbol = { type: 'string', pattern: '^[A-Za-z0-9]{1,12}_[A-Za-z0-9]{1,12}$' } as const;

/** A password or funds password as typed (its strength is the use case's rule). */
export const password = text(64, 1);

/** A six-digit code: an emailed or texted verification code, or a TOTP code while enrolling. */
export const sixDigitCode = { type: 'string', pattern: '^\\d{6}$' } as const;

/** A second factor: a TOTP code or a recovery code (domain/twoFactor.ts). */
export const secondFactorCode = { type: 'string', maxLength: 16, pattern: SECOND_FACTOR_PATTERN } as const;

/**
 * The operator's own 2FA code on an operator call: `code`, the name of the operator sign-in and of
 * the operators, users and identity desks. `totp_code`, what the money desks' calls (corrections,
 * withdrawals, held deposits, fees, listings, seconds, ICO, P2P appeals) took until now, is still
 * accepted for one release (deprecated; `code` wins when both come). A user's own calls keep `totp_code`.
 */
export const operatorCode = { code: secondFactorCode, totp_code: secondFactorCode } as const;
export interface OperatorCodeBody {
  code?: string;
  /** Deprecated: the former name of `code` on the money desks' calls. */
  totp_code?: string;
}
export const operatorCodeOf = (body: OperatorCodeBody): string | undefined => body.code ?? body.totp_code;

/** An operator's reason, told to the user (a failed withdrawal, a rejected identity). */
export const operatorReason = text(200);

/** A futures leverage, 1× to 125× (a user's choice on a pair, a contract's maximum at its listing: CONTRACT_LEVERAGE_MAX). */
export const leverage = { type: 'integer', minimum: 1, maximum: 125 } as const;

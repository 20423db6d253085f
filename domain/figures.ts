/**
 * Every figure the app shows, one rule per kind (issue 37 defect 7: PnL read "+2.3" beside
 * "+1.85", margin "192.2" in one place and "192.20" in another, prices "98000" ungrouped). Views
 * format through these functions only, so the same kind of figure reads the same on every page.
 *
 * All exact on decimal strings (never a float). Written in the UI language's number style (issue 50
 * M6: "1.363.000,00" in German, "1 363 000,00" in French, "1,363,000.00" in English and Japanese;
 * localeFormat.ts says how the style is chosen): only the separators follow the language, the
 * digits and places are the rule's. One minus: the ASCII hyphen-minus "-", the one the wire,
 * formatFiat and a typed field use. A copied figure pastes back: the typed fields read a grouped
 * number in either style (decimalInput in orderMath.ts).
 * A missing value (null, undefined, "", anything that is not a decimal) reads "—".
 *
 * | kind          | places                                  | rounding          | sign          |
 * |---------------|-----------------------------------------|-------------------|---------------|
 * | price         | the pair's price_precision, fixed       | half up (the book)| as is         |
 * | quantity      | the pair's amount_precision (lot), fixed| cut toward zero   | as is         |
 * | money         | moneyPlaces: stablecoins 2, others 8    | cut toward zero   | as is         |
 * | signed money  | as money (PnL, profit, results)         | cut toward zero   | "+" above 0   |
 * | trading fee   | the asset's places, more as it needs (≤8)| cut toward zero   | as is         |
 * | unit price    | as a trading fee (an ICO raise price)   | cut toward zero   | as is         |
 * | cost to pay   | as money                                | up (never below a fee in it) | as is |
 * | percent       | 2 (§9), of a fraction, the sign where the language puts it | half up | "+" above 0 |
 * | ratio percent | 2 (§9), of a fraction                   | half up           | none          |
 * | fee rate      | as many as it has (domain/fees.ts ratePercent) | none (exact) | as is        |
 * | funding rate  | 4, of a fraction                        | half up           | "+" above 0   |
 * | index price   | the pair's price places, at most 4 (§9) | cut toward zero   | as is         |
 * | fiat          | the currency's minor units (formatFiat) | half up           | "-" before mark|
 * | fiat amount   | 2 (§9: fiat conversion), P2P amounts    | half up           | as is         |
 *
 * Why these: money and quantities are cut so a balance, a gain or a closable size never reads more
 * than there is (the wallet and the futures desk already cut); prices round half up as the order
 * book does (the wire sends them at the pair's precision anyway); percentages round half up as the
 * market lists always have; fiat is a conversion and rounds as currencies do. Trading fees (spot and
 * futures orders) show the asset's places and as many more (up to 8) as the fee needs, because one
 * is mostly a fraction of a cent and would read "0.00" at 2, yet "0.48750000" beside a "0.48" cost
 * read as noise (issue 50 M3); no fee at all reads "0". A cost the trader pays is rounded up, so
 * it never reads below a fee it includes. A withdrawal fee is a fixed amount of the asset, so money. The funding rate
 * keeps 4 because it is counted in basis points (0.0100% and 0.0125% would both read "0.01%").
 * The index (and mark) price reads at the pair's price places, like the last price and the entry
 * price beside it (issue 50 M4: "96,030.5000" beside "96,030.50"), cut as §9 says, never to more
 * than the 4 decimals §9 computes it at.
 */
import { CONTRACT_INDEX_DECIMALS, FIAT_DECIMALS, PERCENT_DECIMALS } from './constants';
import { groupThousands, isDecimalString, mulDecimal, toFixedDecimal, type NumberStyle, type RoundingMode } from './decimal';
import { currentNumberStyle, formatFiat } from './localeFormat';

export const MISSING = '—';

type Value = string | null | undefined;

/** Stablecoins count in cents: balances, margin, equity and PnL in USDT read "192.20". */
const STABLECOIN = /^(USDT|USDC|BUSD|DAI|TUSD|FDUSD|USDP)$/i;
/** Every other asset shows the ledger's places: withdrawals and transfers move up to 8 (a satoshi). */
const LEDGER_PLACES = 8;
export const FEE_PLACES = LEDGER_PLACES;
const FUNDING_RATE_DECIMALS = 4;

/** The places an amount of `asset` is shown with. */
export function moneyPlaces(asset: string): number {
  return STABLECOIN.test(asset) ? 2 : LEDGER_PLACES;
}

/**
 * `value` at `places`, grouped in `style`; "—" for a missing value. The style is the client's
 * language's unless given: the server passes the reader's (a notification, an email), as it never
 * sets a current one.
 */
function figure(value: Value, places: number, mode: RoundingMode, style: NumberStyle = currentNumberStyle()): string {
  return isDecimalString(value) ? groupThousands(toFixedDecimal(value, places, mode), style) : MISSING;
}

/** "+" before a figure above zero: one that starts with a digit and is not all zeros ("+0.00" never shows, nor "+—"). */
const signed = (text: string) => (/^\d/.test(text) && /[1-9]/.test(text) ? `+${text}` : text);

/** A price at the pair's precision: "96,030.00". */
export const price = (value: Value, pricePrecision: number) => figure(value, pricePrecision, 'half-up');

/** A quantity in the pair's lots: "0.02000" (BTC_USDT, 5 places). */
export const quantity = (value: Value, amountPrecision: number) => figure(value, amountPrecision, 'down');

/** An amount of an asset (balance, margin, equity, valuation, stake, limit): "1,234.56 USDT" without the unit. */
export const money = (value: Value, asset: string, style?: NumberStyle) => figure(value, moneyPlaces(asset), 'down', style);

/** A profit or loss: "+2.30", "-0.50", "0.00". */
export const signedMoney = (value: Value, asset: string) => signed(money(value, asset));

/** At least the asset's places, more as `value` needs, at most FEE_PLACES, cut; undefined for a missing value. */
function atLeastMoney(value: Value, asset: string): string | undefined {
  if (!isDecimalString(value)) return undefined;
  const needed = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  return figure(value, Math.min(FEE_PLACES, Math.max(moneyPlaces(asset), needed)), 'down');
}

/**
 * A trading fee (spot and futures orders) in `asset`: at least the asset's places, more as the fee
 * needs, at most FEE_PLACES: "0.4875" and "0.00048" USDT, "0.00001000" BTC; no fee is "0".
 */
export function fee(value: Value, asset: string): string {
  if (isDecimalString(value) && !/[1-9]/.test(value)) return '0';
  return atLeastMoney(value, asset) ?? MISSING;
}

/**
 * A price per unit set in `asset` (an ICO token's raise price): the asset's places and more as the
 * price has them, so "0.05" and "0.3" USDT read "0.05" and "0.30" (issue 50 M4), and a price of
 * "0.0005" is not cut to "0.00".
 */
export const unitPrice = (value: Value, asset: string): string => atLeastMoney(value, asset) ?? MISSING;

/** What an order costs the trader (margin and fee), rounded up: it never reads below the fee it includes. */
export const cost = (value: Value, asset: string) => figure(value, moneyPlaces(asset), 'up');

/**
 * A number already written (signed or not) as a percentage where the language puts the sign, the
 * number's own sign in front: "+1.23%", Turkish "+%1,23", German "+1,23 %" (a no-break space).
 * The quick shares of the order forms ("25%") too.
 */
export function percentOf(text: string, style: NumberStyle = currentNumberStyle()): string {
  const { before, after } = style.percent ?? { before: '', after: '%' };
  const sign = /^[+-]/.exec(text)?.[0] ?? '';
  return `${sign}${before}${text.slice(sign.length)}${after}`;
}

/** Percent points at `places`, signed: "-10.00%". */
const points = (value: Value, places: number) => (isDecimalString(value) ? percentOf(signed(figure(value, places, 'half-up'))) : MISSING);
const hundredfold = (fraction: Value) => (isDecimalString(fraction) ? mulDecimal(fraction, '100') : undefined);

/** A percentage already in percent (a TP/SL by ROE of "-10"): "-10.00%". */
export const percentPoints = (value: Value) => points(value, PERCENT_DECIMALS);

/** A fraction as a signed percentage, §9: 0.012345 → "+1.23%". */
export const percent = (fraction: Value) => points(hundredfold(fraction), PERCENT_DECIMALS);

/** A ratio (margin ratio, completion rate) as a percentage without sign: "98.50%". */
export const ratioPercent = (fraction: Value) => percent(fraction).replace('+', '');

/** The funding rate: "+0.0100%". */
export const fundingRate = (fraction: Value) => points(hundredfold(fraction), FUNDING_RATE_DECIMALS);

/** The contract index (and mark) price at the pair's price places, cut, never more than §9's 4: "96,030.50". */
export const indexPrice = (value: Value, pricePrecision: number) => figure(value, Math.min(pricePrecision, CONTRACT_INDEX_DECIMALS), 'down');

/**
 * A count or an amount shown with the digits it has (no places rule: a supply of "1200000" units,
 * a leaf count), grouped in the language's style: "1.200.000" in German.
 */
export const count = (value: Value, style: NumberStyle = currentNumberStyle()) => (isDecimalString(value) ? groupThousands(value, style) : MISSING);

/** A fiat amount with its mark in the currency's minor units: "$96,250.50", "¥14,437,575". */
export const fiat = (value: Value, code: string, mark: string) => (isDecimalString(value) ? formatFiat(value, code, mark) : MISSING);

/** A P2P fiat amount or unit price (the fiat product computes them at 2 places, §9): "1,250.00". */
export const fiatAmount = (value: Value, style?: NumberStyle) => figure(value, FIAT_DECIMALS, 'half-up', style);

/** The colour class of a signed figure: "up" above zero, "down" below, "" at zero or missing. */
export const tone = (value: Value): 'up' | 'down' | '' => (!isDecimalString(value) || !/[1-9]/.test(value) ? '' : value.startsWith('-') ? 'down' : 'up');

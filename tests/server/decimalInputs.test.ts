import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '../../domain/decimal.js';
import { isShareInput } from '../../domain/decimalRule.js';
import { isAmount as isFiatAmount } from '../../domain/fiat.js';
import { isQuantity as isIcoQuantity } from '../../domain/ico.js';
import { FX_SCALE } from '../../domain/fx.js';
import { decimalToUnits } from '../../server/kernel/exchange/market/units.js';
import type { PairSpec } from '../../server/kernel/exchange/pairSpec.js';
import { decimalParam } from '../../server/products/binance/params.js';
import { limitPrice, marginAmountRefusal, orderQuantity, planPrice, roeDecimal } from '../../server/products/futures/engine/rules.js';
import type { FuturesPair } from '../../server/products/futures/pairs.js';
import { isStake } from '../../server/products/seconds/contracts.js';
import { intake } from '../../server/products/spot/pipeline/intake.js';
import { checkPlace } from '../../server/products/spot/placeRequest.js';
import { isQuantity as isWalletQuantity } from '../../server/products/wallet/rules.js';

/**
 * Issue 49 §1: every route's own parser of a price, quantity, amount, stake or rate, run on random
 * decimal strings (leading and trailing zeros, every precision 0–18, values at the precision's
 * edges, malformed ones) against decimal.js: an accepted value is exactly the number the string
 * denotes; a refused one is refused for its format or its places, with that message.
 */
Decimal.set({ precision: 200 });
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/;

/** What the string denotes, by decimal.js: undefined unless written the one way (decimalRule.ts). */
function reference(value: string): Decimal | undefined {
  return PLAIN.test(value) ? new Decimal(value) : undefined;
}

interface Expectation {
  places: number;
  /** Most digits before the point. */
  integerDigits?: number;
  /** Whether 0 is refused. */
  positive?: boolean;
  /** Largest whole number of units the route can hold exactly. */
  maxUnits?: bigint;
}

/** The units a route must read from `value`, or undefined where it must refuse it. */
function expected(value: string, e: Expectation): bigint | undefined {
  const d = reference(value);
  if (!d || d.decimalPlaces() > e.places) return undefined;
  if (e.integerDigits !== undefined && d.trunc().toFixed(0).length > e.integerDigits) return undefined;
  if (e.positive !== false && d.lte(0)) return undefined;
  const units = BigInt(d.times(new Decimal(10).pow(e.places)).toFixed(0));
  return e.maxUnits !== undefined && units > e.maxUnits ? undefined : units;
}

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Decimal-looking strings: mostly plain, with trailing zeros, leading zeros, signs, exponents and stray characters mixed in. */
const decimalText = (precision: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.oneof(fc.constant('0'), fc.tuple(fc.constantFrom(...'123456789'), digits(0, 7)).map(([a, b]) => a + b)), digits(0, precision + 2), digits(0, 6).map((d) => d.replace(/./g, '0'))).map(([i, f, z]) => (f + z ? `${i}.${f}${z}` : i)) },
    // At the precision's edge: one unit, one unit with trailing zeros, a tenth of a unit.
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 8 }), fc.constantFrom('1', '5', '9')).map(([zeros, d]) => (precision === 0 ? `${d}${'0'.repeat(zeros)}` : `0.${'0'.repeat(precision - 1)}${d}${'0'.repeat(zeros)}`)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('0', '00', '-', '+', ' ', '.', '1e', '0x'), digits(1, 6), fc.constantFrom('', '.5', '.0', 'e3', ' ', '.')).map(([a, b, c]) => `${a}${b}${c}`) },
  );

/** What a route answered: the units it will use, or the kind of its refusal ('format' | 'places' | another key). */
type Read = { units: bigint } | { refused: string };

function check(route: string, e: (precision: number) => Expectation, read: (value: string, precision: number) => Read, precisions = fc.integer({ min: 0, max: 18 })) {
  it(`${route}: what it takes is exactly what the string says`, () => {
    fc.assert(
      fc.property(precisions.chain((p) => fc.tuple(fc.constant(p), decimalText(p))), ([p, value]) => {
        const want = expected(value, e(p));
        const got = read(value, p);
        if (want === undefined) expect({ route, value, p, got: 'units' in got ? 'accepted' : 'refused' }).toEqual({ route, value, p, got: 'refused' });
        else expect({ route, value, p, got }).toEqual({ route, value, p, got: { units: want } });
      }),
      { numRuns: 400 },
    );
  });
}

const spec = (p: number, a = 4): PairSpec => ({ left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: p, amountPrecision: a, contract: true });
const futuresPair = (p: number, a: number): FuturesPair => ({ spec: spec(p, a), brackets: [], tickFx: 10n ** BigInt(FX_SCALE - p), lotFx: 10n ** BigInt(FX_SCALE - a) });
const NO_MINIMUMS = { minQuantity: '0', minNotional: '0' };
const refusedKey = (key: string): Read => ({ refused: /Precision$/.test(key) ? 'places' : /Malformed$/.test(key) ? 'format' : key });

/** A string-carrying route (the value goes on as it is, to exact decimal math and numeric columns): it must denote the units too. */
const carried = (ok: boolean, value: string, places: number): Read => (ok ? { units: BigInt(new Decimal(value).times(new Decimal(10).pow(places)).toFixed(0)) } : { refused: 'rule' });

describe('every route reads a decimal as the number it denotes (issue 49 §1)', () => {
  check('kernel decimalToUnits (spot stops, candles)', (p) => ({ places: p, positive: false, maxUnits: MAX_SAFE }), (v, p) => {
    const units = decimalToUnits(v, p);
    return units === undefined ? { refused: 'rule' } : { units: BigInt(units) };
  });

  check('spot order_place quantity → intake', (a) => ({ places: a, maxUnits: MAX_SAFE }), (v, a) => {
    const checked = checkPlace({ symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '1', quantity: v }, spec(0, a), NO_MINIMUMS);
    if (!checked.ok) return refusedKey(checked.key);
    const taken = intake(spec(0, a), { ...checked.request, userId: 1 });
    return taken.ok ? { units: BigInt(taken.intent.command.quantity) } : { refused: taken.reason };
  }, fc.integer({ min: 0, max: 12 }));

  check('spot order_place price → intake', (p) => ({ places: p, maxUnits: MAX_SAFE }), (v, p) => {
    const checked = checkPlace({ symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: v, quantity: '1' }, spec(p, 0), NO_MINIMUMS);
    if (!checked.ok) return refusedKey(checked.key);
    const taken = intake(spec(p, 0), { ...checked.request, userId: 1 });
    return taken.ok ? { units: BigInt(taken.intent.command.price) } : { refused: taken.reason };
  }, fc.integer({ min: 0, max: 12 }));

  check('spot market buy amount → intake budget (price + amount places)', (p) => ({ places: p, maxUnits: MAX_SAFE }), (v, p) => {
    const checked = checkPlace({ symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: v }, spec(p, 0), NO_MINIMUMS);
    if (!checked.ok) return refusedKey(checked.key);
    const taken = intake(spec(p, 0), { ...checked.request, userId: 1 });
    return taken.ok ? { units: BigInt(taken.intent.command.quoteBudget!) } : { refused: taken.reason };
  }, fc.integer({ min: 0, max: 12 }));

  check('Binance dialect quantity → spot', (a) => ({ places: a, maxUnits: MAX_SAFE }), (v, a) => {
    let param: string | undefined;
    try {
      param = decimalParam({ quantity: v }, 'quantity');
    } catch {
      return { refused: 'format' };
    }
    const checked = checkPlace({ symbol: 'BTC_USDT', side: 'sell', type: 'market', quantity: param }, spec(0, a), NO_MINIMUMS);
    if (!checked.ok) return refusedKey(checked.key);
    const taken = intake(spec(0, a), { ...checked.request, userId: 1 });
    return taken.ok ? { units: BigInt(taken.intent.command.quantity) } : { refused: taken.reason };
  }, fc.integer({ min: 0, max: 12 }));

  check('futures order quantity', (a) => ({ places: a, maxUnits: MAX_SAFE }), (v, a) => {
    const q = orderQuantity(futuresPair(2, a), v);
    return typeof q === 'bigint' ? { units: q / 10n ** BigInt(FX_SCALE - a) } : { refused: q.refusal };
  });

  check('futures limit price', (p) => ({ places: p, maxUnits: MAX_SAFE }), (v, p) => {
    const price = limitPrice(futuresPair(p, 3), 'limit', v);
    return typeof price === 'bigint' ? { units: price / 10n ** BigInt(FX_SCALE - p) } : { refused: 'rule' };
  });

  check('futures TP/SL trigger and exec price', (p) => ({ places: p, positive: false, maxUnits: MAX_SAFE }), (v, p) => {
    const price = planPrice(futuresPair(p, 3), v);
    return typeof price === 'bigint' ? { units: price / 10n ** BigInt(FX_SCALE - p) } : { refused: 'rule' };
  });

  check('futures TP/SL trigger by ROE (2 places)', () => ({ places: 2, positive: false, maxUnits: MAX_SAFE }), (v) => {
    const roe = roeDecimal(v);
    return roe === undefined ? { refused: 'rule' } : { units: roe / 10n ** 16n };
  }, fc.constant(2));

  check('futures margin amount (8 places)', () => ({ places: 8, integerDigits: 15 }), (v) => carried(marginAmountRefusal(v) === undefined, v, 8), fc.constant(8));
  check('wallet transfer and withdrawal quantity (8 places)', () => ({ places: 8, integerDigits: 15 }), (v) => carried(isWalletQuantity(v), v, 8), fc.constant(8));
  check('P2P ad and take amounts', (p) => ({ places: p, integerDigits: 18 }), (v, p) => carried(v.length <= 30 && isFiatAmount(v, p), v, p));
  check('ICO subscription quantity', (p) => ({ places: p, integerDigits: 18 }), (v, p) => carried(isIcoQuantity(v, p), v, p));
  check('seconds stake (2 places)', () => ({ places: 2, integerDigits: 12 }), (v) => carried(isStake(v), v, 2), fc.constant(2));

  it('operator rates (seconds payout, ICO release): a share in (0, 1] of at most 4 places, trailing zeros free', () => {
    fc.assert(
      fc.property(decimalText(4), (v) => {
        const d = reference(v);
        const want = d !== undefined && d.decimalPlaces() <= 4 && d.gt(0) && d.lte(1);
        expect([v, isShareInput(v, 4)]).toEqual([v, want]);
        if (want) expect(compareDecimal(v, d!.toFixed())).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('refusals name the cause: the spot form says "places" for a digit past the precision and "format" for the rest', () => {
    const read = (quantity: string) => {
      const checked = checkPlace({ symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '1', quantity }, spec(2, 5), NO_MINIMUMS);
      return checked.ok ? 'ok' : refusedKey(checked.key);
    };
    expect(read('0.0010000')).toBe('ok');
    expect(read('0.0010001')).toEqual({ refused: 'places' });
    expect(read('00.001')).toEqual({ refused: 'format' });
    expect(read('1e-3')).toEqual({ refused: 'format' });
  });
});

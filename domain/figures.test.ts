import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setNumberLanguage } from './localeFormat';
import { cost, count, fee, fiat, fiatAmount, fundingRate, indexPrice, money, moneyPlaces, percent, percentOf, percentPoints, price, quantity, ratioPercent, signedMoney, tone, unitPrice } from './figures';

/** One table per kind of figure (issue 37 defect 7): what goes in, what the trader reads. */
const TABLE: Array<[kind: string, format: () => string, shown: string]> = [
  // price: the pair's precision, fixed, half up, grouped
  ['price', () => price('96030', 2), '96,030.00'],
  ['price', () => price('98000', 2), '98,000.00'],
  ['price', () => price('96030.005', 2), '96,030.01'],
  ['price', () => price('0.32417', 5), '0.32417'],
  ['price', () => price('0.3', 5), '0.30000'],
  ['price', () => price('1234567.1', 0), '1,234,567'],
  ['price', () => price(undefined, 2), '—'],
  ['price', () => price(null, 2), '—'],
  ['price', () => price('', 2), '—'],
  // quantity: the pair's lot, fixed, cut
  ['quantity', () => quantity('0.123456789', 6), '0.123456'],
  ['quantity', () => quantity('0.02', 5), '0.02000'],
  ['quantity', () => quantity('1234.99999', 3), '1,234.999'],
  ['quantity', () => quantity('15', 0), '15'],
  ['quantity', () => quantity('0', 4), '0.0000'],
  // money: the asset's places (USDT 2, BTC and the rest 8), fixed, cut
  ['money', () => money('1234.56789', 'USDT'), '1,234.56'],
  ['money', () => money('192.2', 'USDT'), '192.20'],
  ['money', () => money('192.20', 'USDT'), '192.20'],
  ['money', () => money('5000', 'USDT'), '5,000.00'],
  ['money', () => money('1000', 'usdt'), '1,000.00'],
  ['money', () => money('-3.999', 'USDT'), '-3.99'],
  ['money', () => money('0.123456789', 'BTC'), '0.12345678'],
  ['money', () => money('16157.53925', 'ETH'), '16,157.53925000'],
  ['money', () => money(undefined, 'USDT'), '—'],
  // signed money (PnL): always a sign away from zero, fixed places, never trimmed
  ['signed money', () => signedMoney('2.3', 'USDT'), '+2.30'],
  ['signed money', () => signedMoney('1.85', 'USDT'), '+1.85'],
  ['signed money', () => signedMoney('-0.5', 'USDT'), '-0.50'],
  ['signed money', () => signedMoney('0', 'USDT'), '0.00'],
  ['signed money', () => signedMoney('0.004', 'USDT'), '0.00'],
  ['signed money', () => signedMoney('-0.004', 'USDT'), '0.00'],
  ['signed money', () => signedMoney('12345.678', 'USDT'), '+12,345.67'],
  ['signed money', () => signedMoney('0.00001', 'BTC'), '+0.00001000'],
  ['signed money', () => signedMoney(null, 'USDT'), '—'],
  // fee: the asset's places, more as the fee needs (a fee below a cent still shows), none is "0"
  ['fee', () => fee('0.00048', 'USDT'), '0.00048'],
  ['fee', () => fee('0.96', 'USDT'), '0.96'],
  ['fee', () => fee('0.4875', 'USDT'), '0.4875'],
  ['fee', () => fee('0.000000001', 'USDT'), '0.00000000'],
  ['fee', () => fee('0.00001', 'BTC'), '0.00001000'],
  ['fee', () => fee('0', 'BTC'), '0'],
  ['fee', () => fee('0.00000000', 'BTC'), '0'],
  ['fee', () => fee(undefined, 'BTC'), '—'],
  // a cost to pay: rounded up, never below the fee in it (issue 50 M3: "Fee 0.4875 · Cost 0.48")
  ['cost', () => cost('0.4875', 'USDT'), '0.49'],
  ['cost', () => cost('120.5', 'USDT'), '120.50'],
  // percent (a fraction): 2 decimals, half up, signed
  ['percent', () => percent('0.012345'), '+1.23%'],
  ['percent', () => percent('0.012355'), '+1.24%'],
  ['percent', () => percent('-0.5'), '-50.00%'],
  ['percent', () => percent('0'), '0.00%'],
  ['percent', () => percent('5'), '+500.00%'],
  ['percent', () => percent(null), '—'],
  // percent points (already in percent: a TP/SL by ROE)
  ['percent points', () => percentPoints('-10'), '-10.00%'],
  ['percent points', () => percentPoints('500'), '+500.00%'],
  // ratio percent: 2 decimals, no sign
  ['ratio percent', () => ratioPercent('0.985'), '98.50%'],
  ['ratio percent', () => ratioPercent('0.0123'), '1.23%'],
  ['ratio percent', () => ratioPercent('1'), '100.00%'],
  ['ratio percent', () => ratioPercent(null), '—'],
  // funding rate: 4 decimals (basis points), signed
  ['funding rate', () => fundingRate('0.0001'), '+0.0100%'],
  ['funding rate', () => fundingRate('-0.000125'), '-0.0125%'],
  // index price: the pair's price places like the prices beside it (issue 50 M4), cut, at most 4 (§9)
  ['index price', () => indexPrice('96030.123456', 2), '96,030.12'],
  ['index price', () => indexPrice('96030.5', 2), '96,030.50'],
  ['index price', () => indexPrice('0.32417891', 5), '0.3241'],
  ['index price', () => indexPrice(undefined, 2), '—'],
  // unit price (an ICO raise price): the asset's places, more as it has (issue 50 M4: "0.05" beside "0.3")
  ['unit price', () => unitPrice('0.3', 'USDT'), '0.30'],
  ['unit price', () => unitPrice('0.05', 'USDT'), '0.05'],
  ['unit price', () => unitPrice('0.0005', 'USDT'), '0.0005'],
  ['unit price', () => unitPrice('0', 'USDT'), '0.00'],
  // count: the digits as they are, grouped
  ['count', () => count('1200000'), '1,200,000'],
  ['count', () => count('1360000.5'), '1,360,000.5'],
  // fiat: the currency's minor units, half up (formatFiat)
  ['fiat', () => fiat('96250.504', 'USD', '$'), '$96,250.50'],
  ['fiat', () => fiat('14437575.4', 'JPY', '¥'), '¥14,437,575'],
  ['fiat', () => fiat('-2.49', 'USD', '$'), '-$2.49'],
  ['fiat', () => fiat(undefined, 'USD', '$'), '—'],
  // fiat amount (P2P): 2 decimals (§9), half up
  ['fiat amount', () => fiatAmount('1250'), '1,250.00'],
  ['fiat amount', () => fiatAmount('7.125'), '7.13'],
];

describe('figures: one formatting rule per kind of figure', () => {
  beforeEach(() => setNumberLanguage('en_US'));

  it.each(TABLE)('%s → %s', (_kind, format, shown) => {
    expect(format()).toBe(shown);
  });

  it('gives stablecoins cents and every other asset the ledger places', () => {
    expect(moneyPlaces('USDT')).toBe(2);
    expect(moneyPlaces('USDC')).toBe(2);
    expect(moneyPlaces('BTC')).toBe(8);
    expect(moneyPlaces('DOGE')).toBe(8);
  });

  it('colours a signed figure by its sign', () => {
    expect(tone('2.3')).toBe('up');
    expect(tone('-0.5')).toBe('down');
    expect(tone('0')).toBe('');
    expect(tone(undefined)).toBe('');
  });
});

/** The same figures in the UI language's number style (issue 50 M6): only the separators change. */
const BY_LANGUAGE: Array<[lang: string, format: () => string, shown: string]> = [
  ['de_DE', () => price('1363000', 2), '1.363.000,00'],
  ['de_DE', () => money('1234.56789', 'USDT'), '1.234,56'],
  ['de_DE', () => signedMoney('12345.678', 'USDT'), '+12.345,67'],
  ['de_DE', () => quantity('0.02', 5), '0,02000'],
  ['de_DE', () => percent('0.012345'), '+1,23\u00a0%'],
  ['de_DE', () => fiat('96250.504', 'EUR', '€'), '€96.250,50'],
  ['de_DE', () => fiat('-2.49', 'USD', '$'), '-$2,49'],
  ['de_DE', () => fiatAmount('1250'), '1.250,00'],
  ['de_DE', () => indexPrice('96030.5', 2), '96.030,50'],
  ['de_DE', () => count('1200000'), '1.200.000'],
  ['de_DE', () => fee('0', 'BTC'), '0'],
  ['de_DE', () => price(undefined, 2), '—'],
  ['fr_FR', () => price('1363000', 2), '1\u202f363\u202f000,00'],
  ['fr_FR', () => money('-3.999', 'USDT'), '-3,99'],
  ['ru_RU', () => price('1363000', 2), '1\u00a0363\u00a0000,00'],
  ['tr_TR', () => price('1363000', 2), '1.363.000,00'],
  ['es_ES', () => price('1363000', 2), '1.363.000,00'],
  // Spanish groups no four-digit integer (Intl's minimum grouping digits): "1234,50", "12.345,00".
  ['es_ES', () => price('1234.5', 2), '1234,50'],
  ['es_ES', () => price('12345', 2), '12.345,00'],
  ['ja_JP', () => price('1363000', 2), '1,363,000.00'],
  ['ja_JP', () => fiat('14437575.4', 'JPY', '¥'), '¥14,437,575'],
  ['ko_KR', () => price('1363000', 2), '1,363,000.00'],
  ['zh_TW', () => price('1363000', 2), '1,363,000.00'],
  ['en_US', () => price('1363000', 2), '1,363,000.00'],
  // Percentages as each language writes them (Intl's percent pattern): Turkish puts the sign
  // first ("%100,00"), German, French, Spanish and Russian after a no-break space, the rest right
  // after the digits; a sign stays in front of it all.
  ['tr_TR', () => ratioPercent('1'), '%100,00'],
  ['tr_TR', () => percent('0.012345'), '+%1,23'],
  ['tr_TR', () => percent('-0.5'), '-%50,00'],
  ['tr_TR', () => percentPoints('-10'), '-%10,00'],
  ['tr_TR', () => fundingRate('0.0001'), '+%0,0100'],
  ['tr_TR', () => percentOf('25'), '%25'],
  ['de_DE', () => ratioPercent('1'), '100,00\u00a0%'],
  ['de_DE', () => percentOf('25'), '25\u00a0%'],
  ['fr_FR', () => ratioPercent('0.985'), '98,50\u00a0%'],
  ['es_ES', () => percent('-0.5'), '-50,00\u00a0%'],
  ['ru_RU', () => fundingRate('0.0001'), '+0,0100\u00a0%'],
  ['ja_JP', () => percent('0.012345'), '+1.23%'],
  ['ko_KR', () => ratioPercent('1'), '100.00%'],
  ['zh_TW', () => percent('-0.5'), '-50.00%'],
  ['en_US', () => percentOf('25'), '25%'],
  ['tr_TR', () => percent(null), '—'],
];

describe('figures in the language\'s number style', () => {
  afterEach(() => setNumberLanguage('en_US'));

  it.each(BY_LANGUAGE)('%s: %s', (lang, format, shown) => {
    setNumberLanguage(lang);
    expect(format()).toBe(shown);
  });

  it('keeps every digit exact: only the separators are the language\'s', () => {
    setNumberLanguage('de_DE');
    expect(price('12345678901234567890.123456789', 9)).toBe('12.345.678.901.234.567.890,123456789');
  });
});

import { describe, expect, it } from 'vitest';
import { bracketOf, bracketsFor } from './brackets.js';
import { fx, fxText } from '../fx.js';
import {
  averagePositionPrice,
  bankruptcyPrice,
  closeYield,
  feeOf,
  fundingPayment,
  fundingRate,
  initialMargin,
  isLiquidatable,
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  markPriceOf,
  maxOpenQuantity,
  nextBasis,
  notionalOf,
  openCost,
  premiumOf,
  roe,
  unrealisedPnl,
} from './formulas.js';
import { canMove, FuturesOrderStatus as S, statusAfterFill, statusesLeadingTo } from './orderStatus.js';

const t = fxText;
const BTC = bracketsFor('BTC');

describe('leverage brackets', () => {
  it('derive the maintenance amounts Binance publishes for BTCUSDT', () => {
    expect(BTC.map((b) => [b.floor, b.maxLeverage, b.mmr, b.maintenanceAmount])).toEqual([
      ['0', 125, '0.004', '0'],
      ['50000', 100, '0.005', '50'],
      ['250000', 50, '0.01', '1300'],
      ['1000000', 20, '0.025', '16300'],
      ['10000000', 10, '0.05', '266300'],
      ['20000000', 5, '0.1', '1266300'],
    ]);
  });

  it('pick the bracket by notional, edges belonging to the upper one', () => {
    expect(bracketOf(BTC, fx('49999.99')).bracket).toBe(1);
    expect(bracketOf(BTC, fx('50000')).bracket).toBe(2);
    expect(bracketsFor('DOGE')[0]!.maxLeverage).toBe(50);
  });

  it('make the maintenance margin continuous across an edge', () => {
    expect(t(maintenanceMargin(fx('49999.99'), BTC))).toBe('199.99996');
    expect(t(maintenanceMargin(fx('50000'), BTC))).toBe('200'); // 50000 × 0.5 % − 50
  });
});

/**
 * Worked examples, computed by hand (the comments show the arithmetic). Fee 0.05 %; BTC brackets.
 *
 * A. Long 0.5 BTC at 60 000, 10×, isolated: notional 30 000, IM 3 000, fee 15, bracket 1 (0.4 %, 0).
 *    LP = (3000 + 0 − 0.5 × 60000) ÷ (0.5 × 0.004 − 0.5) = −27000 ÷ −0.498 = 54216.8674… → 54216.86746987951807229 (rounded up at the 18th place).
 *    Bankruptcy = 60000 − 3000 ÷ 0.5 = 54000. At mark 63 000: PnL 1 500, ROE 50 %, MM 126, ratio 126 ÷ 4500 = 2.8 %.
 *    Funding at rate 0.01 % and mark 63 000: long pays 0.5 × 63000 × 0.0001 = 3.15.
 * B. Short 2 BTC at 60 000, 20×, isolated: notional 120 000, IM 6 000, bracket 2 (0.5 %, 50).
 *    LP = (6000 + 50 + 2 × 60000) ÷ (2 × 0.005 + 2) = 126050 ÷ 2.01 = 62711.4427… → 62711.442786069651741293 (rounded down).
 *    Bankruptcy = 60000 + 6000 ÷ 2 = 63000. At mark 57 000: PnL 6 000, ROE 100 %.
 * C. Cross long 1 BTC at 50 000 with a cross wallet of 10 000 (available 5 000 + margin 5 000) and
 *    another cross position losing 1 000 with 400 maintenance. The entry's notional (50 000) is in
 *    bracket 2: LP = (10000 − 400 − 1000 + 50 − 50000) ÷ (0.005 − 1) = 41557.79, whose notional is in
 *    bracket 1, so again with 0.4 % and cum 0: (10000 − 400 − 1000 − 50000) ÷ (0.004 − 1) = −41400 ÷ −0.996
 *    = 41566.2650602… (rounded up), which stays in bracket 1.
 */
const scenarios = [
  {
    name: 'A: isolated long, 10×',
    side: 1 as const,
    quantity: '0.5',
    entry: '60000',
    leverage: 10,
    mark: '63000',
    expect: { notional: '30000', im: '3000', fee: '15', lp: '54216.86746987951807229', bankruptcy: '54000', pnl: '1500', roe: '0.5', mm: '126', ratio: '0.028' },
  },
  {
    name: 'B: isolated short, 20×, second bracket',
    side: -1 as const,
    quantity: '2',
    entry: '60000',
    leverage: 20,
    mark: '57000',
    expect: { notional: '120000', im: '6000', fee: '60', lp: '62711.442786069651741293', bankruptcy: '63000', pnl: '6000', roe: '1', mm: '520', ratio: '0.04333334' },
  },
];

describe('margin formulas: worked examples', () => {
  for (const s of scenarios) {
    it(s.name, () => {
      const q = fx(s.quantity);
      const entry = fx(s.entry);
      const notional = notionalOf(q, entry);
      const im = initialMargin(notional, s.leverage);
      const mark = fx(s.mark);
      const pnl = unrealisedPnl(s.side, q, entry, mark);
      const mm = maintenanceMargin(notionalOf(q, mark), BTC);
      expect({
        notional: t(notional),
        im: t(im),
        fee: t(feeOf(notional, fx('0.0005'))),
        lp: t(liquidationPrice({ side: s.side, quantity: q, entry, walletBalance: im, brackets: BTC })),
        bankruptcy: t(bankruptcyPrice(s.side, q, entry, im)),
        pnl: t(pnl),
        roe: t(roe(pnl, im)),
        mm: t(mm),
        ratio: t(marginRatio(mm, im + pnl)!),
      }).toEqual(s.expect);
    });
  }

  it('C: cross long counts the other positions and the whole cross wallet', () => {
    const lp = liquidationPrice({ side: 1, quantity: fx('1'), entry: fx('50000'), walletBalance: fx('10000'), othersMaintenance: fx('400'), othersPnl: fx('-1000'), brackets: BTC });
    expect(t(lp)).toBe('41566.265060240963855422');
  });

  it('the liquidation price is where the margin ratio reaches 100 %', () => {
    const q = fx('0.5');
    const entry = fx('60000');
    const lp = liquidationPrice({ side: 1, quantity: q, entry, walletBalance: fx('3000'), brackets: BTC });
    const at = (price: bigint) => isLiquidatable(maintenanceMargin(notionalOf(q, price), BTC), fx('3000') + unrealisedPnl(1, q, entry, price));
    expect(at(lp)).toBe(true);
    expect(at(lp + fx('0.01'))).toBe(false);
  });

  it('a long with more margin than notional is never liquidated', () => {
    expect(liquidationPrice({ side: 1, quantity: fx('1'), entry: fx('100'), walletBalance: fx('200'), brackets: BTC })).toBe(0n);
  });
});

describe('opening with the fee (§9)', () => {
  it('max quantity = balance ÷ (1/leverage + fee) ÷ price, to the lot', () => {
    // 1000 ÷ (0.1 + 0.0005) ÷ 60000 = 0.16583747… → 0.16583 at 5 decimals.
    const q = maxOpenQuantity(fx('1000'), fx('60000'), 10, fx('0.0005'), fx('0.00001'));
    expect(t(q)).toBe('0.16583');
    expect(t(openCost(q, fx('60000'), 10, fx('0.0005')))).toBe('999.9549');
    expect(openCost(q + fx('0.00001'), fx('60000'), 10, fx('0.0005')) > fx('1000')).toBe(true);
  });

  it('100 % of the balance can never be used', () => {
    const q = maxOpenQuantity(fx('100'), fx('1'), 1, fx('0.0005'), fx('1'));
    expect(t(q)).toBe('99'); // 100 ÷ 1.0005 = 99.95
  });
});

describe('funding', () => {
  it('rate = premium + clamp(interest − premium, ±0.05 %), capped at ±0.75 %', () => {
    expect(t(fundingRate(fx('0')))).toBe('0.0001');
    expect(t(fundingRate(fx('0.0003')))).toBe('0.0001'); // inside the band the rate is the interest: 0.0003 + (0.0001 − 0.0003)
    expect(t(fundingRate(fx('0.001')))).toBe('0.0005'); // 0.001 + clamp(−0.0009) = 0.001 − 0.0005
    expect(t(fundingRate(fx('-0.002')))).toBe('-0.0015'); // −0.002 + 0.0005
    expect(t(fundingRate(fx('0.05')))).toBe('0.0075');
    expect(t(premiumOf(fx('60060'), fx('60000')))).toBe('0.001');
  });

  it('payment: long pays 0.5 × 63000 × 0.01 % = 3.15; the short receives; rounding never creates money', () => {
    expect(t(fundingPayment(1, fx('0.5'), fx('63000'), fx('0.0001')))).toBe('-3.15');
    expect(t(fundingPayment(-1, fx('0.5'), fx('63000'), fx('0.0001')))).toBe('3.15');
    // 0.00003 × 12345.6789 × 0.00012345 = 0.0000457222… : payer 0.00004573, receiver 0.00004572
    expect(t(fundingPayment(1, fx('0.00003'), fx('12345.6789'), fx('0.00012345')))).toBe('-0.00004573');
    expect(t(fundingPayment(-1, fx('0.00003'), fx('12345.6789'), fx('0.00012345')))).toBe('0.00004572');
    expect(t(fundingPayment(-1, fx('1'), fx('100'), fx('-0.001')))).toBe('-0.1');
  });
});

describe('mark price', () => {
  it('index + basis smoothed by 0.2 per update, the sample clamped to ±0.5 % of the index, cut to 4 decimals', () => {
    let basis = 0n;
    basis = nextBasis(basis, fx('50'), fx('60000')); // 0 + 0.2 × 50 = 10
    expect(t(basis)).toBe('10');
    basis = nextBasis(basis, fx('1000'), fx('60000')); // sample clamped to 300: 10 + 0.2 × 290 = 68
    expect(t(basis)).toBe('68');
    expect(t(markPriceOf(fx('60000.123456'), basis))).toBe('60068.1234');
  });
});

describe('order statuses', () => {
  it('allow only the table’s moves, and name the guard of each', () => {
    expect(canMove(S.submitted, S.partiallyTraded)).toBe(true);
    expect(canMove(S.cancelled, S.submitted)).toBe(false);
    expect(canMove(S.allTraded, S.cancelled)).toBe(false);
    expect(statusesLeadingTo(S.cancelled)).toEqual([S.entrusted, S.submitted, S.partiallyTraded, S.cancelling]);
    expect(statusAfterFill(5n, 5n, false)).toBe(S.allTraded);
    expect(statusAfterFill(2n, 5n, true)).toBe(S.partiallyTraded);
    expect(statusAfterFill(0n, 5n, true)).toBe(S.submitted);
    expect(statusAfterFill(2n, 5n, false)).toBe(S.cancelled);
  });
});

describe('detail figures', () => {
  it('a close order\'s yield: profit ÷ the initial margin of what it closed', () => {
    // Long closed: 0.5 at 63 000 for +1500 → entry notional 30 000, 10× → 3000 margin → 50 %.
    expect(fxText(closeYield({ action: 'close_long', filled: fx('0.5'), avgPrice: fx('63000'), profit: fx('1500'), leverage: 10 })!)).toBe('0.5');
    // Short closed: 1 at 2 100 for −100 → entry notional 2 000, 20× → 100 margin → −100 %.
    expect(fxText(closeYield({ action: 'close_short', filled: fx('1'), avgPrice: fx('2100'), profit: fx('-100'), leverage: 20 })!)).toBe('-1');
    expect(closeYield({ action: 'open_long', filled: fx('1'), avgPrice: fx('1'), profit: 0n, leverage: 1 })).toBeNull();
    expect(closeYield({ action: 'close_long', filled: 0n, avgPrice: 0n, profit: 0n, leverage: 1 })).toBeNull();
  });

  it('the average position price moves the entry by what the position realised', () => {
    expect(fxText(averagePositionPrice(1, fx('0.5'), fx('60000'), fx('250')))).toBe('59500');
    expect(fxText(averagePositionPrice(-1, fx('2'), fx('3000'), fx('100')))).toBe('3050');
    expect(fxText(averagePositionPrice(1, 0n, fx('60000'), fx('250')))).toBe('60000');
  });
});

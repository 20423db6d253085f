import { amountText, priceText, quoteText, type PairSpec } from '../../../kernel/exchange/pairSpec.js';
import type { ReferencePriceSource } from './priceModel.js';
import { normal } from '../../../kernel/exchange/random.js';
import type { SpotMarket } from '../spotMarket.js';

export interface MarketMakerConfig {
  /** Levels quoted on each side. */
  levels: number;
  /** Distance between best bid and best ask, in basis points of the price. */
  spreadBps: number;
  /** Distance between levels, in basis points. */
  stepBps: number;
  /** Typical notional of one quoted level and of one aggressive order, in USDT. */
  levelNotionalUsdt: number;
  takeNotionalUsdt: number;
}

export const DEFAULT_MM_CONFIG: MarketMakerConfig = { levels: 24, spreadBps: 3, stepBps: 2, levelNotionalUsdt: 6000, takeNotionalUsdt: 1500 };

/**
 * Liquidity from real orders: a quoting account keeps a ladder of limit orders around the
 * reference price, and a taking account sends market orders that trade against whatever rests —
 * which is where trades, candles and ticks come from. Both hold real balances and go through the
 * same engine, freezing and ledger as any user. Only the levels that changed are cancelled and
 * placed, so a small price move costs a few orders, not a new book.
 */
export class MarketMaker {
  constructor(
    private readonly market: SpotMarket,
    private readonly spec: PairSpec,
    private readonly accounts: { quoter: number; taker: number },
    private readonly prices: ReferencePriceSource,
    /** Base currency's USDT price, to size orders by notional on any quote currency. */
    private readonly baseUsdt: number,
    private readonly random: () => number,
    private readonly config: MarketMakerConfig = DEFAULT_MM_CONFIG,
  ) {}

  private lotsFor(notionalUsdt: number): number {
    const base = notionalUsdt / this.baseUsdt;
    return Math.max(1, Math.round(base * 10 ** this.spec.amountPrecision * Math.exp(0.45 * normal(this.random))));
  }

  /**
   * The ladder the quoter wants now: price (ticks) → side. Levels sit on a fixed grid of `step`
   * ticks, not at offsets from the reference, so a small move of the reference keeps every level
   * but the one or two at each end: a requote cancels and places a few orders, not both ladders
   * (offsets from the reference moved every level on any move — ~100 orders per requote per pair).
   */
  private desired(reference: number): Map<string, { side: 'buy' | 'sell'; price: number }> {
    const half = Math.max(1, Math.round((reference * this.config.spreadBps) / 20_000));
    const step = this.gridStep(reference);
    // The innermost levels: the grid points nearest the reference outside the half spread.
    const topBid = Math.floor((reference - half) / step) * step;
    const bottomAsk = Math.ceil((reference + half) / step) * step;
    const out = new Map<string, { side: 'buy' | 'sell'; price: number }>();
    for (let i = 0; i < this.config.levels; i++) {
      const bid = topBid - i * step;
      const ask = bottomAsk + i * step;
      if (bid > 0) out.set(`buy:${bid}`, { side: 'buy', price: bid });
      out.set(`sell:${ask}`, { side: 'sell', price: ask });
    }
    return out;
  }

  /**
   * The grid's step in ticks: `stepBps` of the reference, rounded down to a power of ten times 1, 2
   * or 5, so it stays put while the price wanders (it changes only when the price crosses such a
   * boundary, e.g. at double or half the price).
   */
  private gridStep(reference: number): number {
    const raw = Math.max(1, (reference * this.config.stepBps) / 10_000);
    const decade = 10 ** Math.floor(Math.log10(raw));
    const mantissa = raw / decade;
    return Math.max(1, (mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1) * decade);
  }

  /** Reconciles the quoter's resting orders with the ladder around the current reference price. */
  async requote(now: number): Promise<{ cancelled: number; placed: number }> {
    const reference = this.prices.priceAt(this.spec.symbol, now);
    const want = this.desired(reference);
    const resting = this.market.restingOrdersOf(this.accounts.quoter);
    // The whole ladder change goes to the market at once, so its sequencer carries it as two
    // batches (the cancels, then the new levels) instead of one pair of transactions per order.
    const stale = resting.filter((o) => !want.delete(`${o.side}:${o.price}`));
    const cancels = await Promise.all(stale.map((o) => this.market.cancel(this.accounts.quoter, o.orderId)));
    const cancelled = cancels.filter((c) => c.ok).length;
    // Nearest levels first, so the inside of the book fills in before the far end.
    const missing = [...want.values()].sort((a, b) => Math.abs(a.price - reference) - Math.abs(b.price - reference));
    const outcomes = await Promise.all(
      missing.map((level) => {
        const depthFactor = 1 + Math.abs(level.price - reference) / Math.max(1, reference * 0.002);
        const quantity = this.lotsFor(this.config.levelNotionalUsdt * depthFactor);
        return this.market.place({
          userId: this.accounts.quoter,
          side: level.side,
          type: 'limit',
          price: priceText(this.spec, level.price),
          quantity: amountText(this.spec, quantity),
          tif: 'POST_ONLY',
        });
      }),
    );
    const placed = outcomes.filter((o) => o.ok).length;
    return { cancelled, placed };
  }

  /**
   * One aggressive order: a market buy or sell of a small random size, leaning toward the
   * reference price when the last trade has drifted from it.
   */
  async take(now: number): Promise<boolean> {
    const reference = this.prices.priceAt(this.spec.symbol, now);
    const last = this.market.lastTradePrice() ?? reference;
    const buyChance = last < reference ? 0.65 : last > reference ? 0.35 : 0.5;
    const lots = this.lotsFor(this.config.takeNotionalUsdt);
    if (this.random() < buyChance) {
      const ask = this.market.bestAsk();
      if (ask === undefined) return false;
      const budget = quoteText(this.spec, Math.round(ask * lots * 1.002));
      return (await this.market.place({ userId: this.accounts.taker, side: 'buy', type: 'market', quoteBudget: budget, quantity: amountText(this.spec, lots) })).ok;
    }
    return (await this.market.place({ userId: this.accounts.taker, side: 'sell', type: 'market', quantity: amountText(this.spec, lots) })).ok;
  }
}


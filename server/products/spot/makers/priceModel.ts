import { typicalVolatility } from '../../../kernel/platform/marketHistory/seedHistory.js';
import { normal, seededRandom, seedFrom } from '../../../kernel/exchange/random.js';

/**
 * Where market makers centre their quotes. The default is a seeded stochastic model; a real feed
 * replaces it by implementing this interface and being passed to the market service.
 */
export interface ReferencePriceSource {
  /** The reference price of a pair at `now`, in the pair's ticks. */
  priceAt(symbol: string, now: number): number;
}

export interface RandomWalkConfig {
  /** Annualised volatility, e.g. 0.6 for 60 %. */
  volatility: number;
  /** Pull back toward the anchor per year (Ornstein–Uhlenbeck on log price), so a long run stays plausible. */
  meanReversion: number;
}

const YEAR_MS = 365 * 86_400_000;

/**
 * A mean-reverting random walk on log price, seeded per pair, advanced in real time. It is the
 * same model the seed history is drawn from, so charts join up with live trading.
 */
export class SeededRandomWalk implements ReferencePriceSource {
  private readonly state = new Map<string, { logPrice: number; at: number; random: () => number }>();

  constructor(
    private readonly anchors: Map<string, number>,
    private readonly config: (symbol: string) => RandomWalkConfig,
    private readonly seed = 1,
  ) {}

  priceAt(symbol: string, now: number): number {
    const anchor = this.anchors.get(symbol);
    if (anchor === undefined) throw new Error(`no anchor price for ${symbol}`);
    let s = this.state.get(symbol);
    if (!s) {
      s = { logPrice: Math.log(anchor), at: now, random: seededRandom(seedFrom(symbol, this.seed)) };
      this.state.set(symbol, s);
    }
    const dt = Math.max(0, now - s.at) / YEAR_MS;
    if (dt > 0) {
      const { volatility, meanReversion } = this.config(symbol);
      const pull = meanReversion * (Math.log(anchor) - s.logPrice) * dt;
      s.logPrice += pull + volatility * Math.sqrt(dt) * normal(s.random);
      s.at = now;
    }
    return Math.max(1, Math.round(Math.exp(s.logPrice)));
  }

  /** Re-centres a pair, e.g. on the last traded price after a restart. */
  setPrice(symbol: string, ticks: number, now: number): void {
    const s = this.state.get(symbol);
    if (s) {
      s.logPrice = Math.log(ticks);
      s.at = now;
    } else {
      this.priceAt(symbol, now);
      this.state.get(symbol)!.logPrice = Math.log(ticks);
    }
  }
}

/** Volatility by asset (typicalVolatility), scaled through MARKET_VOLATILITY. */
export function defaultWalkConfig(symbol: string, scale = 1): RandomWalkConfig {
  return { volatility: typicalVolatility(symbol) * scale, meanReversion: 2 };
}

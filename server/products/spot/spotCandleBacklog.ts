import type { Database } from '../../kernel/platform/db/database.js';
import type { Candle } from '../../kernel/exchange/market/candles.js';
import type { MarketData } from '../../kernel/exchange/marketData.js';
import type { PairSpec } from '../../kernel/exchange/pairSpec.js';
import { saveCandles, SETTLED_INTERVAL } from './pipeline/candleStore.js';

/**
 * A spot market's coarse candles (every interval but SETTLED_INTERVAL) changed by published batches
 * since the last save, by interval and open time (a candle that closed meanwhile is saved too), and
 * the newest trade they include (spotMarket.ts).
 */
export class CandleBacklog {
  private unsaved = new Map<string, Candle>();
  private through = 0;

  constructor(
    private readonly db: Database,
    private readonly spec: PairSpec,
    private readonly data: MarketData,
  ) {}

  /** Coarse candles of a durable batch (copies as of it), to be saved with the trades they include. */
  add(candles: Iterable<Candle>, newestTradeId: number | undefined): void {
    if (newestTradeId === undefined) return;
    for (const c of candles) if (c.interval !== SETTLED_INTERVAL) this.unsaved.set(`${c.interval}:${c.openTime}`, c);
    this.through = Math.max(this.through, newestTradeId);
  }

  /**
   * A rebuild: nothing unsaved, the saved candles include the trades through `through`. Answers the
   * (empty) map the rebuild adds the candles it replays to.
   */
  reset(through: number): Map<string, Candle> {
    this.unsaved = new Map();
    this.through = through;
    return this.unsaved;
  }

  /**
   * Saves the coarse candles changed since the last save, in one statement (the market service's
   * timer, and on stop). They are as of durable batches only; if the save fails they wait for the
   * next, and a crash before it loses nothing: the restart adds the trades they missed.
   */
  async save(): Promise<void> {
    if (this.unsaved.size === 0) return;
    const candles = this.unsaved;
    const through = this.through;
    this.unsaved = new Map();
    try {
      await saveCandles(this.db, this.spec, this.data, [...candles.values()], through);
    } catch (error) {
      for (const [key, c] of candles) if (!this.unsaved.has(key)) this.unsaved.set(key, c);
      throw error;
    }
  }
}

import { describe, expect, it } from 'vitest';
import { KLINE_INTERVALS, type KlineInterval } from '../../domain/constants.js';
import type { PublicTrade } from '../../domain/market.js';
import { DEPTH_LEVELS, MarketData } from '../../server/kernel/exchange/marketData.js';
import type { BookLevel } from '../../server/kernel/exchange/matching/types.js';
import type { PairSpec } from '../../server/kernel/exchange/pairSpec.js';
import { ChannelReplica } from '../../server/kernel/realtime/bus/channelReplica.js';
import { seededRandom } from '../../server/kernel/random.js';

const spec: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 4, contract: false };
const channels = { depth: 'btc_usdt_depth', trades: 'btc_usdt_trade', kline: (i: KlineInterval) => `btc_usdt_kline_${i}` };

/** A random book around `mid`: more levels than DEPTH_LEVELS on each side, so levels move in and out of the top. */
function randomBook(random: () => number, mid: number): { bids: BookLevel[]; asks: BookLevel[] } {
  const side = (direction: 1 | -1) => {
    const prices = new Set<number>();
    const count = 20 + Math.floor(random() * 60);
    while (prices.size < count) prices.add(mid + direction * (1 + Math.floor(random() * 120)));
    return [...prices]
      .sort((a, b) => direction * (a - b))
      .slice(0, DEPTH_LEVELS)
      .map((price) => ({ price, quantity: 1 + Math.floor(random() * 5_000), orders: 1 }));
  };
  return { bids: side(-1), asks: side(1) };
}

/** What a market's own gateway would give a new subscriber on each channel now. */
function marketSnapshots(data: MarketData): Record<string, object> {
  const snapshots: Record<string, object> = {};
  for (const channel of [channels.depth, channels.trades, ...KLINE_INTERVALS.map((i) => channels.kline(i as KlineInterval))]) {
    const snapshot = data.snapshot(channel);
    if (snapshot) snapshots[channel] = snapshot;
  }
  return snapshots;
}

describe("a realtime edge's channel replica", () => {
  it.each([1, 2, 3, 4, 5])("folds a market's stream into exactly the market's own snapshots (seed %i)", (seed) => {
    const random = seededRandom(seed);
    const stream: Array<{ channel: string; payload: object }> = [];
    const data = new MarketData(spec, channels, { publish: (channel, payload) => stream.push({ channel, payload }) });
    const replica = new ChannelReplica();
    let time = Date.parse('2026-11-25T00:00:00Z');
    let tradeId = 0;
    let mid = 5_000_000;
    // The edge joins part-way through: it takes the snapshots then, and folds only what follows.
    const joinAt = 30 + Math.floor(random() * 40);
    for (let step = 0; step < 200; step++) {
      if (step === joinAt) {
        replica.load(marketSnapshots(data));
        stream.length = 0;
      }
      time += Math.floor(random() * 40_000);
      mid += Math.floor(random() * 21) - 10;
      const trades: PublicTrade[] = [];
      const candles = new Map<string, ReturnType<MarketData['addTrade']>[number]>();
      for (let t = Math.floor(random() * 4); t > 0; t--) {
        const price = mid + Math.floor(random() * 9) - 4;
        const quantity = 1 + Math.floor(random() * 300);
        for (const c of data.addTrade(time, price, quantity)) candles.set(c.interval, c);
        trades.unshift({ id: ++tradeId, time, price: String(price / 100), quantity: String(quantity / 10_000), side: random() < 0.5 ? 'buy' : 'sell' });
      }
      data.published(trades, candles.values());
      const book = randomBook(random, mid);
      data.flushDepth(() => book, false);
      if (step >= joinAt) for (const { channel, payload } of stream.splice(0)) replica.fold(channel, payload);
      if (step > joinAt && step % 10 === 0) {
        for (const [channel, snapshot] of Object.entries(marketSnapshots(data))) expect(replica.snapshot(channel), `${channel} at step ${step}`).toEqual(snapshot);
      }
    }
    expect(tradeId).toBeGreaterThan(100);
    for (const [channel, snapshot] of Object.entries(marketSnapshots(data))) expect(replica.snapshot(channel), channel).toEqual(snapshot);
  });

  it('leaves out a depth delta it has no book for, rather than guessing one', () => {
    const replica = new ChannelReplica();
    replica.fold('btc_usdt_depth', { kind: 'delta', seq: 7, bids: [['1', '2']], asks: [] });
    expect(replica.snapshot('btc_usdt_depth')).toBeUndefined();
    replica.fold('btc_usdt_tick', { close: '1.5', channel: 'btc_usdt_tick' });
    expect(replica.snapshot('btc_usdt_tick')).toEqual({ close: '1.5' });
  });
});

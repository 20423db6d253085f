import { futureDepthChannel, futureKlineChannel, futureTradeChannel } from '../../../domain/futures/api.js';
import type { Fx } from '../../../domain/fx.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { sequenceIds, type SequenceIds } from '../../kernel/platform/db/sequenceIds.js';
import { MarketData } from '../../kernel/exchange/marketData.js';
import { createEngine } from '../../kernel/exchange/matching/index.js';
import type { OrderBookEngine } from '../../kernel/exchange/matching/types.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import type { Sequencer } from '../../kernel/exchange/sequencer.js';
import { silentUserFeed, type UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { Memory } from './batch.js';
import type { Command, Result } from './commands.js';
import type { FuturesAccounts } from './engine/fill.js';
import { LiquidationIndex } from './liquidationIndex.js';
import type { Marks } from './margin.js';
import type { OrderState } from './orderState.js';
import type { FuturesPair } from './pairs.js';
import type { PlanState } from './plans.js';
import type { Position } from './positions.js';

/**
 * What the futures exchange holds between batches, and all its stages read (runner.ts, place.ts,
 * handlers.ts, fills.ts, adl.ts, adopt.ts, rebuild.ts): the books, the market data, positions,
 * open orders and plans as committed, the marks and the liquidation index. The stages take this,
 * never the exchange (exchange.ts), so they import nothing that imports them: the exchange
 * composes the stages, the stages read the memory. Memory changes only after a commit (adopt.ts)
 * or in a rebuild (rebuild.ts).
 */
export abstract class FuturesMemory implements Memory {
  readonly engines = new Map<string, OrderBookEngine>();
  readonly data = new Map<string, MarketData>();
  readonly positions = new Map<string, Position>();
  readonly orders = new Map<number, OrderState>();
  readonly ordersByUser = new Map<number, Set<number>>();
  readonly plans = new Map<number, PlanState>();
  readonly index = new LiquidationIndex();
  /** Open positions by the mark at which their margin ratio reaches the margin call's (marginCalls.ts). */
  readonly callIndex = new LiquidationIndex();
  /** The margin calls in force, by marginCallKey (futures_margin_call as committed). */
  readonly marginCalled = new Set<string>();
  /** Index and mark per pair, set by the price feed. */
  readonly marks: Marks = new Map();
  /** Each cross account's available contract balance as of its last commit (for liquidation prices). */
  readonly crossAvailable = new Map<number, Fx>();
  /** Accounts with cross positions on more than one pair (a mark move on one pair moves their others' liquidation prices). */
  readonly multiCross = new Set<number>();
  /** Per pair, the users with an open cross position on it (the accounts a mark update re-reads, refreshCross). */
  readonly crossBySymbol = new Map<string, Set<number>>();
  /** The funding rate the interval's premiums so far imply, per pair (shown on the trade page). */
  readonly estimatedFunding = new Map<string, string>();
  /** The contracts an operator halted, symbol → reason (halts.ts: read once a second; opening orders refused). */
  readonly halted = new Map<string, string>();
  /** Ids for every order the batches create (placed, liquidation, ADL), fetched in blocks (kernel/platform/db/sequenceIds.ts, as spot's). */
  readonly orderIds: SequenceIds;
  readonly stats = { liquidations: 0, liquidationChecks: 0, deleveraged: 0 };
  /** The queue every command goes through (the exchange makes it, with the runner and the rebuild as its stages). */
  abstract readonly sequencer: Sequencer<Command, Result>;

  constructor(
    readonly db: Database,
    readonly pairs: Map<string, FuturesPair>,
    readonly accounts: FuturesAccounts,
    private readonly publisher: MarketPublisher,
    readonly clock: () => number = Date.now,
    /** Told after each commit which users' orders and balances changed (the private channel). */
    readonly feed: UserFeed = silentUserFeed,
  ) {
    for (const pair of pairs.values()) this.addMarket(pair);
    this.orderIds = sequenceIds(db, 'futures_order');
  }

  /**
   * A contract's book and market data (depth, trades, candles on its channels): each pair's at
   * start, and a contract listed while running (contracts.ts, between batches). An empty book:
   * a contract opened at runtime has no orders yet.
   */
  protected addMarket(pair: FuturesPair): void {
    const { left, right, symbol } = pair.spec;
    this.pairs.set(symbol, pair);
    this.engines.set(symbol, createEngine());
    this.data.set(symbol, new MarketData(pair.spec, { depth: futureDepthChannel(left, right), trades: futureTradeChannel(left, right), kline: (i) => futureKlineChannel(left, right, i) }, this.publisher));
  }
}

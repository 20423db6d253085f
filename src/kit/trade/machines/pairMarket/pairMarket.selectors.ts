import type { SnapshotFrom } from 'xstate';
import type { KlineActorRef } from '../kline/kline.machine';
import type { LatestTradesActorRef } from '../latestTrades/latestTrades.machine';
import type { OrderBookActorRef } from '../orderBook/orderBook.machine';
import type { pairMarketMachine } from './pairMarket.machine';

type PairMarketSnapshot = SnapshotFrom<typeof pairMarketMachine>;

export const selectWatched = (s: PairMarketSnapshot) => s.context.pair;
export const selectMarketFailed = (s: PairMarketSnapshot) => s.matches('failed');
export const selectMarketInterval = (s: PairMarketSnapshot) => s.context.interval;
export const selectIndexPrice = (s: PairMarketSnapshot) => s.context.indexPrice;
export const selectMarkPrice = (s: PairMarketSnapshot) => s.context.markPrice;
export const selectBookRef = (s: PairMarketSnapshot) => s.children.orderBook as OrderBookActorRef | undefined;
export const selectTradesRef = (s: PairMarketSnapshot) => s.children.latestTrades as LatestTradesActorRef | undefined;
export const selectKlineRef = (s: PairMarketSnapshot) => s.children.kline as KlineActorRef | undefined;
export const selectFuturesTick = (s: PairMarketSnapshot) => s.context.futuresTick;

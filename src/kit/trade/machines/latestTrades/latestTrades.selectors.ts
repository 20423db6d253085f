import type { SnapshotFrom } from 'xstate';
import type { latestTradesMachine } from './latestTrades.machine';

type TradesSnapshot = SnapshotFrom<typeof latestTradesMachine>;

export const selectTrades = (s: TradesSnapshot) => s.context.trades;
export type TradesStatus = 'awaitingSnapshot' | 'live' | 'disconnected' | 'failed';
export const selectTradesStatus = (s: TradesSnapshot): TradesStatus =>
  s.matches('failed') ? 'failed' : (s.value as { streaming: Exclude<TradesStatus, 'failed'> }).streaming;

import type { SnapshotFrom } from 'xstate';
import type { klineMachine } from './kline.machine';

type KlineSnapshot = SnapshotFrom<typeof klineMachine>;

export const selectKlineStatus = (s: KlineSnapshot): 'loading' | 'ready' | 'failed' =>
  s.matches('failed') ? 'failed' : s.matches({ active: 'loading' }) ? 'loading' : 'ready';
export const selectInterval = (s: KlineSnapshot) => s.context.interval;
export const selectLoadId = (s: KlineSnapshot) => s.context.loadId;
export const selectBars = (s: KlineSnapshot) => s.context.bars;
export const selectMore = (s: KlineSnapshot) => s.context.more;
export const selectLiveBar = (s: KlineSnapshot) => s.context.liveBar;
export const selectOlderPage = (s: KlineSnapshot) => s.context.olderPage;
export const selectKlineError = (s: KlineSnapshot) => s.context.error;

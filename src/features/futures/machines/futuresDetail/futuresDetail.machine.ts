import { fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { FuturesOrder, FuturesOrderDetail, FuturesPosition } from '../../../../../domain/futures/api';
import { showToast } from '../../../../app/machines/toast/toastError';
import { pushAwareRead, pushedDuringRead } from '../../../../app/machines/shared/pushAwareRead';

/** What the page shows: one futures order (/order/u-detail/{id}) or the position on a pair (/order/u-hold/{symbol}). */
export type FuturesDetailTarget = { kind: 'order'; id: number } | { kind: 'position'; symbol: string };

/**
 * One read: the order with its trades, or the position (undefined once it is flat) with the
 * pair's orders — the open ones and the last 30 days' finished ones.
 */
export type FuturesDetailData =
  | { kind: 'order'; order: FuturesOrderDetail }
  | { kind: 'position'; position: FuturesPosition | undefined; openOrders: FuturesOrder[]; pastOrders: FuturesOrder[] };

export interface FuturesDetailContext {
  target: FuturesDetailTarget;
  order: FuturesOrderDetail | undefined;
  position: FuturesPosition | undefined;
  openOrders: FuturesOrder[];
  pastOrders: FuturesOrder[];
  /** A read has answered (a flat position is then "no position", not "loading"). */
  loaded: boolean;
  /** A push came while reading: the answer may predate the change, so it is read again. */
  pushedDuringRead: boolean;
}

/** `desk.refresh`: what the close and TP/SL dialogs report once they changed the position (the same report the trade page's desk reads). */
export type FuturesDetailEvent = { type: 'detail.retry' } | { type: 'futures.pushed' } | { type: 'desk.refresh' };

const isPosition = ({ context }: { context: FuturesDetailContext }) => context.target.kind === 'position';

const futuresDetailSetup = setup({
  types: {
    context: {} as FuturesDetailContext,
    events: {} as FuturesDetailEvent,
    input: {} as { target: FuturesDetailTarget },
  },
  actors: {
    fetchDetail: toBeProvided<FuturesDetailData, FuturesDetailTarget>('fetchDetail'),
    futuresUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
  },
  guards: { isPosition, pushedDuringRead },
  delays: { settle: 300, poll: 3000 },
});

/**
 * The orders centre's futures detail views (spec §2, §3). A pushed change of the trader's futures
 * reads again after `settle`; a position also every `poll`, since its PnL, yield and latest price
 * follow the mark. The last answer stays on screen while the next one is read.
 */
export const futuresDetailMachine = futuresDetailSetup.createMachine({
  id: 'futuresDetail',
  context: ({ input }) => ({ target: input.target, order: undefined, position: undefined, openOrders: [], pastOrders: [], loaded: false, pushedDuringRead: false }),
  invoke: { id: 'futuresUpdates', src: 'futuresUpdates' },
  on: { 'desk.refresh': { target: '.loading', description: 'A close, flash close or TP/SL went through: read again now.' } },
  initial: 'loading',
  states: {
    loading: pushAwareRead(futuresDetailSetup, {
      pushed: 'futures.pushed',
      why: 'The read under way may predate the change: read again once it is in.',
      src: 'fetchDetail',
      input: ({ context }) => context.target,
      into: (data) => (data.kind === 'order' ? { order: data.order, loaded: true } : { position: data.position, openOrders: data.openOrders, pastOrders: data.pastOrders, loaded: true }),
      next: 'ready',
      failed: 'failed',
    }),
    failed: { on: { 'detail.retry': 'loading' } },
    ready: {
      on: { 'futures.pushed': '.changed' },
      initial: 'watching',
      states: {
        watching: {
          always: [
            { guard: 'pushedDuringRead', target: 'changed' },
            { guard: 'isPosition', target: 'polling', description: 'A position follows the mark price between pushes.' },
          ],
        },
        polling: { after: { poll: '#futuresDetail.loading' } },
        changed: { after: { settle: '#futuresDetail.loading' } },
      },
    },
  },
});

export type FuturesDetailActorRef = ActorRefFrom<typeof futuresDetailMachine>;

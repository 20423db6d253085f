import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { FeesDesk } from '../../../../../domain/fees';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface FeesDeskContext {
  desk: FeesDesk | undefined;
}

export type FeesDeskEvent = { type: 'desk.retry' };

/**
 * The console's fees desk (finance, auditors: `fees.read`): the tiers, every schedule row and the
 * overrides in force, as the server holds them. Edits are the API's for now (docs/OPERATOR.md "Fees").
 */
export const feesDeskMachine = setup({
  types: { context: {} as FeesDeskContext, events: {} as FeesDeskEvent },
  actors: {
    fetchDesk: fromPromise<FeesDesk>(async () => {
      throw new Error('fetchDesk not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'feesDesk',
  context: { desk: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchDesk',
        src: 'fetchDesk',
        onDone: { target: 'shown', actions: assign({ desk: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    shown: { on: { 'desk.retry': 'loading' } },
    failed: { on: { 'desk.retry': 'loading' } },
  },
});

export type FeesDeskActorRef = ActorRefFrom<typeof feesDeskMachine>;

import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { MyFees } from '../../../../../domain/fees';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface MyFeesContext {
  /** What the server answered (undefined: not read yet). */
  fees: MyFees | undefined;
  /** Which product's markets the table shows. */
  product: 'spot' | 'futures';
}

export type MyFeesEvent = { type: 'fees.retry' } | { type: 'fees.show'; product: 'spot' | 'futures' };

/**
 * The user's fees page (issue 52 §2): reads their tier, 30-day volume, the next tier and the
 * schedule per market with their own rate; the table shows spot or futures markets.
 */
export const myFeesMachine = setup({
  types: { context: {} as MyFeesContext, events: {} as MyFeesEvent },
  actors: {
    fetchMyFees: fromPromise<MyFees>(async () => {
      throw new Error('fetchMyFees not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'myFees',
  context: { fees: undefined, product: 'spot' },
  initial: 'loading',
  on: { 'fees.show': { actions: assign({ product: ({ event }) => event.product }) } },
  states: {
    loading: {
      invoke: {
        id: 'fetchMyFees',
        src: 'fetchMyFees',
        onDone: { target: 'shown', actions: assign({ fees: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    shown: { on: { 'fees.retry': 'loading' } },
    failed: { on: { 'fees.retry': 'loading' } },
  },
});

export type MyFeesActorRef = ActorRefFrom<typeof myFeesMachine>;

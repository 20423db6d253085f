import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { MyFees } from '../../../../../domain/fees';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

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
const myFeesSetup = setup({
  types: { context: {} as MyFeesContext, events: {} as MyFeesEvent },
  actors: {
    fetchMyFees: toBeProvided<MyFees>('fetchMyFees'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
});

export const myFeesMachine = myFeesSetup.createMachine({
  id: 'myFees',
  context: { fees: undefined, product: 'spot' },
  initial: 'loading',
  on: { 'fees.show': { actions: assign({ product: ({ event }) => event.product }) } },
  states: {
    loading: readState(myFeesSetup, { src: 'fetchMyFees', into: (fees) => ({ fees }), next: 'shown', failed: 'failed' }),
    shown: { on: { 'fees.retry': 'loading' } },
    failed: { on: { 'fees.retry': 'loading' } },
  },
});

export type MyFeesActorRef = ActorRefFrom<typeof myFeesMachine>;

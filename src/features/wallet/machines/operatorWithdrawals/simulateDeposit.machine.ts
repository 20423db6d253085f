import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface SimulatedDeposit {
  address: string;
  currency: string;
  network: string;
  quantity: string;
}

export type SimulateDepositEvent = { type: 'chain.send'; deposit: SimulatedDeposit };

/**
 * The operator's "send test deposit" form over the simulated chain adapter: the deposit then goes
 * pending → confirming → success on the server's timer, as a real one would.
 */
export const simulateDepositMachine = setup({
  types: { context: {} as { deposit: SimulatedDeposit | undefined; sent: number }, events: {} as SimulateDepositEvent },
  actors: {
    sendDeposit: fromPromise<unknown, SimulatedDeposit>(async () => {
      throw new Error('sendDeposit not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'simulateDeposit',
  context: { deposit: undefined, sent: 0 },
  initial: 'idle',
  states: {
    idle: { on: { 'chain.send': { target: 'sending', actions: assign({ deposit: ({ event }) => event.deposit }) } } },
    sending: {
      invoke: {
        id: 'sendDeposit',
        src: 'sendDeposit',
        input: ({ context }) => context.deposit!,
        onDone: {
          target: 'idle',
          actions: [assign({ sent: ({ context }) => context.sent + 1 }), { type: 'showToast', params: { tone: 'success', message: { key: 'wallet.ops.depositSent' } } }],
        },
        onError: { target: 'idle', actions: toastError },
      },
    },
  },
});

export type SimulateDepositActorRef = ActorRefFrom<typeof simulateDepositMachine>;

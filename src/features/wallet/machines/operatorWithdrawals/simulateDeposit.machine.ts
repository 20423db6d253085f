import { assign, setup, type ActorRefFrom } from 'xstate';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

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
    sendDeposit: toBeProvided<unknown, SimulatedDeposit>('sendDeposit'),
  },
  actions: {
    showToast,
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

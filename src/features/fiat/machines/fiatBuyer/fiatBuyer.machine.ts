import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { canAppeal, remainingMs } from '../../../../../domain/fiat';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { appealingState, orderActions, orderClockRegion, orderDelays, orderFlowScaffold, orderGuards, orderPlaceholders, partyMachineTop, type FiatOrderContext, type OrderPushedEvent, type OrderStep } from '../fiatOrderShared';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export type FiatBuyerEvent =
  | Signals<'buyer', 'pay' | 'cancel' | 'appeal' | 'retry'>
  | { type: 'buyer.copy'; text: string }
  /** From the `markPaid` / `cancelOrder` children (the shared confirm-then-act) once a confirmed step went through or was refused. */
  | ConfirmActReport<OrderStep>
  | OrderPushedEvent;

/**
 * The buyer's order (spec §4 buyer view: order created → pay within the time limit → payment
 * submitted → the seller confirms within the time limit → success), for /deal/buy-detail/{id} and
 * buy-confirm/{id}. Each step shows its countdown from the server's deadline corrected by the clock
 * offset; "I have paid" and "Cancel" each ask first (the `markPaid` and `cancelOrder` children, the
 * shared confirm-then-act, live while the order is unpaid; a refusal, which the child says, leaves
 * the order as shown until a push or the deadline moves it), and an appeal is its own machine.
 * Pushed orders move it at once; a pay deadline that runs out is rechecked until the server has
 * swept it (leaving unpaid closes an open question, as a pushed change does).
 */
const buyerFlow = orderFlowScaffold('buyer.retry');

export const fiatBuyerMachine = setup({
  types: { context: {} as FiatOrderContext, events: {} as FiatBuyerEvent, input: {} as { orderId: number } },
  actors: { ...orderPlaceholders, markPaid: confirmActMachine, cancelOrder: confirmActMachine },
  actions: {
    showToast,
    ...orderActions<FiatBuyerEvent>(),
    /** Copies the card number or amount; the feature supplies it with the clipboard and the spec §5 toast. */
    copyText: (_, _params: { text: string }) => undefined,
  },
  delays: orderDelays,
  guards: {
    ...orderGuards,
    payDeadlinePassed: ({ context }) => context.order !== undefined && remainingMs(context.order.pay_deadline, context.now, context.offset) === 0,
    mayAppeal: ({ context }) => context.order !== undefined && canAppeal(context.order, 'buyer', context.now + context.offset),
  },
}).createMachine({
  ...partyMachineTop('fiatBuyer'),
  on: { 'buyer.copy': { actions: { type: 'copyText', params: ({ event }) => ({ text: event.text }) } } },
  states: {
    clock: orderClockRegion,
    flow: {
      ...buyerFlow.region,
      states: {
        ...buyerFlow.states,
        unpaid: {
          invoke: [
            { id: 'markPaid', src: 'markPaid', input: ({ self }) => ({ replyTo: self }) },
            { id: 'cancelOrder', src: 'cancelOrder', input: ({ self }) => ({ replyTo: self }) },
          ],
          always: { guard: 'payDeadlinePassed', target: 'expiring' },
          on: {
            'buyer.pay': { actions: sendTo('markPaid', ({ context }) => ({ type: 'confirmAct.ask' as const, subject: { orderId: context.orderId, step: 'pay' as const } })) },
            'buyer.cancel': { actions: sendTo('cancelOrder', ({ context }) => ({ type: 'confirmAct.ask' as const, subject: { orderId: context.orderId, step: 'cancel' as const } })) },
            'confirmAct.done': [
              { guard: ({ event }) => event.subject.step === 'pay', target: 'routing', actions: ['adoptActed', { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.paidSubmitted' } } }] },
              { target: 'routing', actions: 'adoptActed' },
            ],
          },
        },
        // The deadline ran out on this clock: the server cancels it within a second; read it again.
        expiring: { after: { expiryRecheck: 'loading' } },
        paid: {
          initial: 'waiting',
          states: {
            waiting: { on: { 'buyer.appeal': { guard: 'mayAppeal', target: 'appealing' } } },
            appealing: appealingState('#fiatBuyer.flow.routing', 'waiting'),
          },
        },
        appeal: {},
        completed: { entry: { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.purchaseSucceeded' } } } },
        cancelled: {},
      },
    },
  },
});

export type FiatBuyerActorRef = ActorRefFrom<typeof fiatBuyerMachine>;

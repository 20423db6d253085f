import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { isDecimalString } from '../../../../../domain/decimal';
import type { ToastMessage } from '../../../../../domain/errors';
import type { FuturesPlanCreate } from '../../../../../domain/futures/api';
import { fx } from '../../../../../domain/fx';
import { asciiMinus } from '../../../../../domain/futures/planTrigger';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface TpslContext {
  symbol: string;
  pricePrecision: number;
  /** A price (triggered by the mark or the last price) or the position's ROE in percent. */
  by: 'price' | 'roe';
  triggerBy: 'mark' | 'last';
  takeProfit: string;
  stopLoss: string;
  /** Why the last Confirm was refused, written under its field (or under the form) until an edit. */
  problem: TpslProblem | undefined;
  replyTo: AnyActorRef | undefined;
}

export interface TpslProblem {
  field?: 'takeProfit' | 'stopLoss';
  key: string;
}

export type TpslEvent =
  | { type: 'tpsl.open'; symbol: string; pricePrecision: number }
  | { type: 'tpsl.by'; by: 'price' | 'roe' }
  | { type: 'tpsl.triggerBy'; triggerBy: 'mark' | 'last' }
  | { type: 'tpsl.takeProfit'; value: string }
  | { type: 'tpsl.stopLoss'; value: string }
  | { type: 'tpsl.submit' }
  | { type: 'tpsl.confirm' }
  | { type: 'tpsl.cancel' };

const places = (v: string) => v.split('.')[1]?.length ?? 0;
const positive = (v: string, p: number) => isDecimalString(v) && !v.startsWith('-') && places(v) <= p && fx(v) > 0n;

/**
 * The first problem of the dialog: at least one of the two, each within its precision (ROE: 2
 * places). By price both are positive prices; by ROE a take-profit is a gain ("50") and a
 * stop-loss a loss, entered with its sign ("−10"), so "10" on a stop-loss is refused, not read as −10.
 */
export function tpslProblem(c: TpslContext): TpslProblem | undefined {
  if (c.takeProfit === '' && c.stopLoss === '') return { key: 'futures.tpsl.required' };
  const precision = c.by === 'roe' ? 2 : c.pricePrecision;
  if (c.takeProfit !== '' && !positive(c.takeProfit, precision)) {
    const negative = c.by === 'roe' && asciiMinus(c.takeProfit).startsWith('-');
    return { field: 'takeProfit', key: negative ? 'futures.tpsl.gainPositive' : 'futures.form.tpslInvalid' };
  }
  if (c.stopLoss === '') return undefined;
  if (c.by === 'price') return positive(c.stopLoss, precision) ? undefined : { field: 'stopLoss', key: 'futures.form.tpslInvalid' };
  const loss = asciiMinus(c.stopLoss);
  if (!loss.startsWith('-')) return { field: 'stopLoss', key: positive(loss, precision) ? 'futures.tpsl.lossNegative' : 'futures.form.tpslInvalid' };
  return positive(loss.slice(1), precision) ? undefined : { field: 'stopLoss', key: 'futures.form.tpslInvalid' };
}

/** The plans to create (POST /api/futures/plan each), whole position, executed at market. */
export function plansOf(c: TpslContext): FuturesPlanCreate[] {
  const triggerBy = c.by === 'roe' ? ('roe' as const) : c.triggerBy;
  const plan = (kind: FuturesPlanCreate['kind'], value: string): FuturesPlanCreate => ({ symbol: c.symbol, kind, trigger_by: triggerBy, trigger_value: value, exec_type: 'market' });
  return [...(c.takeProfit !== '' ? [plan('take_profit', c.takeProfit)] : []), ...(c.stopLoss !== '' ? [plan('stop_loss', c.by === 'roe' ? asciiMinus(c.stopLoss).slice(1) : c.stopLoss)] : [])];
}

/**
 * A position's take-profit and stop-loss: by price (triggered by the mark or the last price) or by
 * ROE in percent, confirmed first (§8 "submit take-profit or stop-loss"), then created as plans.
 */
export const tpslDialogMachine = setup({
  types: {
    context: {} as TpslContext,
    events: {} as TpslEvent,
    input: {} as { replyTo?: AnyActorRef },
  },
  actors: {
    createPlans: toBeProvided<unknown, { plans: FuturesPlanCreate[] }>('createPlans'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    notifyDesk: enqueueActions(({ context, enqueue }) => {
      if (context.replyTo) enqueue.sendTo(context.replyTo, { type: 'desk.refresh' });
    }),
  },
  guards: {
    valid: ({ context }) => tpslProblem(context) === undefined,
  },
}).createMachine({
  id: 'tpslDialog',
  context: ({ input }) => ({ symbol: '', pricePrecision: 2, by: 'price', triggerBy: 'mark', takeProfit: '', stopLoss: '', problem: undefined, replyTo: input.replyTo }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'tpsl.open': {
          target: 'editing',
          actions: assign(({ event }) => ({ symbol: event.symbol, pricePrecision: event.pricePrecision, takeProfit: '', stopLoss: '', problem: undefined })),
        },
      },
    },
    editing: {
      on: {
        'tpsl.by': { actions: assign({ by: ({ event }) => event.by, problem: undefined }) },
        'tpsl.triggerBy': { actions: assign({ triggerBy: ({ event }) => event.triggerBy }) },
        'tpsl.takeProfit': { actions: assign({ takeProfit: ({ event }) => event.value.trim(), problem: undefined }) },
        'tpsl.stopLoss': { actions: assign({ stopLoss: ({ event }) => event.value.trim(), problem: undefined }) },
        'tpsl.submit': [
          { guard: 'valid', target: 'confirming' },
          {
            description: 'Never a silent refusal: the reason stays under its field and is also toasted.',
            actions: [
              assign({ problem: ({ context }) => tpslProblem(context) }),
              { type: 'showToast', params: ({ context }) => ({ tone: 'error' as const, message: { key: context.problem!.key } }) },
            ],
          },
        ],
        'tpsl.cancel': 'closed',
      },
    },
    confirming: {
      on: { 'tpsl.confirm': 'submitting', 'tpsl.cancel': 'editing' },
    },
    submitting: {
      invoke: {
        id: 'createPlans',
        src: 'createPlans',
        input: ({ context }) => ({ plans: plansOf(context) }),
        onDone: { target: 'closed', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'futures.tpsl.saved' } } }, 'notifyDesk'] },
        onError: { target: 'editing', actions: [toastError, 'notifyDesk'], description: 'One of the two may have been set: the desk reads the plans again.' },
      },
    },
  },
});

export type TpslDialogActorRef = ActorRefFrom<typeof tpslDialogMachine>;

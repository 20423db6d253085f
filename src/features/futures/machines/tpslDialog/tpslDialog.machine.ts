import { assign, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { isDecimalString } from '../../../../../domain/decimal';
import type { FuturesPlanCreate } from '../../../../../domain/futures/api';
import { fx } from '../../../../../domain/fx';
import { asciiMinus, roeTriggerPrice, type RoeBasis } from '../../../../../domain/futures/planTrigger';
import { toastError } from '../../../../app/machines/toast/toastError';
import { deskDialogActions, type DeskDialogInput } from '../shared/notifyDesk';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface TpslContext {
  symbol: string;
  pricePrecision: number;
  /** The position the plans are for: an ROE means a price only against its entry, size and margin. */
  position: TpslPosition | undefined;
  /** Typed as a price or as the position's ROE in percent; either way stored as a price, triggered by the mark or the last price. */
  by: 'price' | 'roe';
  triggerBy: 'mark' | 'last';
  takeProfit: string;
  stopLoss: string;
  /** Why the last Confirm was refused, written under its field (or under the form) until an edit. */
  problem: TpslProblem | undefined;
  replyTo: AnyActorRef | undefined;
}

/** What the dialog reads of the position (a FuturesPosition has it all): the ROE's basis and the liquidation price. */
export type TpslPosition = RoeBasis & { liquidation_price?: string };

export interface TpslProblem {
  field?: 'takeProfit' | 'stopLoss';
  key: string;
}

export type TpslEvent =
  | { type: 'tpsl.open'; symbol: string; pricePrecision: number; position: TpslPosition }
  | { type: 'tpsl.by'; by: 'price' | 'roe' }
  | { type: 'tpsl.triggerBy'; triggerBy: 'mark' | 'last' }
  | { type: 'tpsl.takeProfit'; value: string }
  | { type: 'tpsl.stopLoss'; value: string }
  | Signals<'tpsl', 'submit' | 'confirm' | 'cancel'>;

const places = (v: string) => v.split('.')[1]?.length ?? 0;
const positive = (v: string, p: number) => isDecimalString(v) && !v.startsWith('-') && places(v) <= p && fx(v) > 0n;

/**
 * The first problem of the dialog: at least one of the two, each within its precision (ROE: 2
 * places). By price both are positive prices; by ROE a take-profit is a gain ("50") and a
 * stop-loss a loss, entered with its sign ("−10"), so "10" on a stop-loss is refused, not read as
 * −10; and an ROE must mean a price above zero for the position.
 */
export function tpslProblem(c: TpslContext): TpslProblem | undefined {
  if (c.takeProfit === '' && c.stopLoss === '') return { key: 'futures.tpsl.required' };
  const precision = c.by === 'roe' ? 2 : c.pricePrecision;
  if (c.takeProfit !== '' && !positive(c.takeProfit, precision)) {
    const negative = c.by === 'roe' && asciiMinus(c.takeProfit).startsWith('-');
    return { field: 'takeProfit', key: negative ? 'futures.tpsl.gainPositive' : 'futures.form.tpslInvalid' };
  }
  if (c.stopLoss !== '') {
    if (c.by === 'price') {
      if (!positive(c.stopLoss, precision)) return { field: 'stopLoss', key: 'futures.form.tpslInvalid' };
    } else {
      const loss = asciiMinus(c.stopLoss);
      if (!loss.startsWith('-')) return { field: 'stopLoss', key: positive(loss, precision) ? 'futures.tpsl.lossNegative' : 'futures.form.tpslInvalid' };
      if (!positive(loss.slice(1), precision)) return { field: 'stopLoss', key: 'futures.form.tpslInvalid' };
    }
  }
  // An ROE the position cannot reach at any price (a gain or loss beyond zero) is said under its field.
  const prices = triggerPrices(c);
  if (c.by === 'roe' && c.takeProfit !== '' && prices.takeProfit === undefined) return { field: 'takeProfit', key: 'futures.tpsl.roeNoPrice' };
  if (c.by === 'roe' && c.stopLoss !== '' && prices.stopLoss === undefined) return { field: 'stopLoss', key: 'futures.tpsl.roeNoPrice' };
  return undefined;
}

/** A typed ROE as the unsigned percentage of the API ("−10" on a stop-loss is 10), or undefined when it is not one. */
const roePercent = (kind: 'take_profit' | 'stop_loss', value: string, precision = 2): string | undefined => {
  const v = asciiMinus(value);
  const unsigned = kind === 'stop_loss' ? (v.startsWith('-') ? v.slice(1) : undefined) : v;
  return unsigned !== undefined && positive(unsigned, precision) ? unsigned : undefined;
};

/**
 * The trigger prices the dialog would store (issue 50 M8): a typed price as it is, a typed ROE as
 * the price it means for the position now (domain/futures/planTrigger.ts, the server's rule too),
 * shown beside the field before Confirm. Undefined for an empty or not yet valid field.
 */
export function triggerPrices(c: Pick<TpslContext, 'by' | 'takeProfit' | 'stopLoss' | 'position' | 'pricePrecision'>): { takeProfit?: string; stopLoss?: string } {
  const one = (kind: 'take_profit' | 'stop_loss', value: string): string | undefined => {
    if (value === '') return undefined;
    if (c.by === 'price') return positive(value, c.pricePrecision) ? value : undefined;
    const percent = roePercent(kind, value);
    return percent === undefined || !c.position ? undefined : roeTriggerPrice(c.position, kind, percent, c.pricePrecision);
  };
  return { takeProfit: one('take_profit', c.takeProfit), stopLoss: one('stop_loss', c.stopLoss) };
}

/**
 * A stop-loss the liquidation would come before: a long's at or below its liquidation price, a
 * short's at or above. Said as a warning beside the field (the plan may still be set).
 */
export function stopBeyondLiquidation(c: Pick<TpslContext, 'by' | 'takeProfit' | 'stopLoss' | 'position' | 'pricePrecision'>): boolean {
  const stop = triggerPrices(c).stopLoss;
  const liquidation = c.position?.liquidation_price;
  if (stop === undefined || !c.position || liquidation === undefined || !isDecimalString(liquidation) || fx(liquidation) <= 0n) return false;
  return c.position.side === 1 ? fx(stop) <= fx(liquidation) : fx(stop) >= fx(liquidation);
}

/** The plans to create (POST /api/futures/plan each), whole position, executed at market, each at the price it means, by the mark or the last price. */
export function plansOf(c: TpslContext): FuturesPlanCreate[] {
  const prices = triggerPrices(c);
  const plan = (kind: FuturesPlanCreate['kind'], value: string): FuturesPlanCreate => ({ symbol: c.symbol, kind, trigger_by: c.triggerBy, trigger_value: value, exec_type: 'market' });
  return [...(prices.takeProfit !== undefined ? [plan('take_profit', prices.takeProfit)] : []), ...(prices.stopLoss !== undefined ? [plan('stop_loss', prices.stopLoss)] : [])];
}

/**
 * A position's take-profit and stop-loss: typed as a price or as an ROE in percent, each stored as a
 * price triggered by the mark or the last price, confirmed first (§8 "submit take-profit or
 * stop-loss"), then created as plans; the server keeps one of each kind per position, so a new one
 * replaces the waiting one.
 */
export const tpslDialogMachine = setup({
  types: {
    context: {} as TpslContext,
    events: {} as TpslEvent,
    input: {} as DeskDialogInput,
  },
  actors: {
    createPlans: toBeProvided<unknown, { plans: FuturesPlanCreate[] }>('createPlans'),
  },
  actions: deskDialogActions<TpslContext, TpslEvent>(),
  guards: {
    valid: ({ context }) => tpslProblem(context) === undefined,
  },
}).createMachine({
  id: 'tpslDialog',
  context: ({ input }) => ({ symbol: '', pricePrecision: 2, position: undefined, by: 'price', triggerBy: 'mark', takeProfit: '', stopLoss: '', problem: undefined, replyTo: input.replyTo }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'tpsl.open': {
          target: 'editing',
          actions: assign(({ event }) => ({ symbol: event.symbol, pricePrecision: event.pricePrecision, position: event.position, takeProfit: '', stopLoss: '', problem: undefined })),
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

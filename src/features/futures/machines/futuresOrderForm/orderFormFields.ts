import { isDecimalString } from '../../../../../domain/decimal';
import type { FuturesAction, FuturesOrderRequest } from '../../../../../domain/futures/api';
import type { ToastMessage } from '../../../../../domain/errors';
import { fx } from '../../../../../domain/fx';
import { shareOf } from '../futuresDesk/figures';

export type OpenAction = Extract<FuturesAction, 'open_long' | 'open_short'>;
/** The form's tabs: Open (long or short; reduce-only makes it only reduce the position) and Close (close long or short). */
export type FormTab = 'open' | 'close';

export interface FuturesFormContext {
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  orderType: 'limit' | 'market';
  price: string;
  /** The trader typed a price: the last price no longer overwrites it. */
  priceTouched: boolean;
  quantity: string;
  /** Optional take-profit / stop-loss trigger prices (by mark, executed at market), sent with the opening order. */
  takeProfit: string;
  stopLoss: string;
  tab: FormTab;
  /** Open tab: only reduce the position (POST /api/futures/order reduce_only); no TP/SL with it. */
  reduceOnly: boolean;
  /** The action being confirmed or sent, and how its button read (a reduce-only "Close long" sends open_short). */
  action: FuturesAction | undefined;
  label: FuturesAction | undefined;
  /** Why the last submit was refused (the form's rule or the server's answer), kept under its TP/SL field or under the buttons until the form changes (issue 50 S3, M9). */
  problem: OrderFormProblem | undefined;
  idempotencyKey: string | undefined;
}

/** A take-profit or stop-loss field's problem, said under that field: with the price it must pass and whose price that is. */
export interface PlanFieldProblem {
  field: PlanField;
  key: string;
  price?: string;
  basis?: 'mark' | 'order';
}

export type PlanField = 'takeProfit' | 'stopLoss';

/** A refused submit: a plan field's problem (under the field), a rule's catalogue key or the server's text (under the buttons). */
export type OrderFormProblem = ToastMessage | PlanFieldProblem;

const places = (value: string) => value.split('.')[1]?.length ?? 0;
const positiveWithin = (value: string, precision: number) => isDecimalString(value) && !value.startsWith('-') && places(value) <= precision && fx(value) > 0n;

/** The first §5 problem of the form, or undefined when it may be sent. */
export function formProblem(c: FuturesFormContext): OrderFormProblem | undefined {
  if (c.orderType === 'limit' && !positiveWithin(c.price, c.pricePrecision)) return { key: 'futures.form.priceInvalid' };
  if (!positiveWithin(c.quantity, c.amountPrecision)) return { key: 'futures.form.quantityInvalid' };
  if (!withPlans(c)) return undefined;
  if (c.takeProfit !== '' && !positiveWithin(c.takeProfit, c.pricePrecision)) return { field: 'takeProfit', key: 'futures.form.tpslInvalid' };
  if (c.stopLoss !== '' && !positiveWithin(c.stopLoss, c.pricePrecision)) return { field: 'stopLoss', key: 'futures.form.tpslInvalid' };
  return undefined;
}

/** The words of a plan on the wrong side, by field and the side the order opens (1 long, -1 short). */
const WRONG_SIDE: Record<PlanField, Record<1 | -1, string>> = {
  takeProfit: { 1: 'futures.form.tpLongAbove', [-1]: 'futures.form.tpShortBelow' },
  stopLoss: { 1: 'futures.form.slLongBelow', [-1]: 'futures.form.slShortAbove' },
};

/**
 * A take-profit or stop-loss sent with an opening order that the server would refuse, or that would
 * close the position the moment it opens: a long's take-profit goes above the mark price and its
 * stop-loss below, a short's the other way round (the server's rule: one at or past the mark would
 * trigger at once); a limit order's stop-loss goes past the order's own price too, as the mark is
 * there when it fills. A take-profit is judged by the mark alone: a marketable limit may fill below
 * its price. Plans only go with an order that opens or adds: one that reduces the position held
 * takes none. No mark price on the page yet: the server judges.
 */
export function planProblem(c: FuturesFormContext, action: FuturesAction, held: HeldPosition | undefined, mark: string | undefined): PlanFieldProblem | undefined {
  if (!withPlans(c) || (action !== 'open_long' && action !== 'open_short')) return undefined;
  const fields = (['takeProfit', 'stopLoss'] as const).filter((f) => c[f] !== '');
  if (fields.length === 0) return undefined;
  const side = action === 'open_long' ? 1 : -1;
  if (held && held.side === -side) return { field: fields[0]!, key: 'futures.form.tpslReduces' };
  for (const field of fields) {
    const above = (field === 'takeProfit') === (side === 1);
    /** Whether price `a` lies past `b` the way this plan must go (above it, or below). */
    const past = (a: string, b: string) => (above ? fx(a) > fx(b) : fx(a) < fx(b));
    const bounds: Array<[string, 'mark' | 'order']> = [];
    if (mark !== undefined && isDecimalString(mark) && fx(mark) > 0n) bounds.push([mark, 'mark']);
    if (field === 'stopLoss' && c.orderType === 'limit') bounds.push([c.price, 'order']);
    // The bound it must pass: the furthest of them the way it goes.
    const bound = bounds.reduce<[string, 'mark' | 'order'] | undefined>((far, b) => (far === undefined || past(b[0], far[0]) ? b : far), undefined);
    if (bound && !past(c[field], bound[0])) return { field, key: WRONG_SIDE[field][side], price: bound[0], basis: bound[1] };
  }
  return undefined;
}

/** What the trader holds on the pair, as the form reads it (the desk's position): its side and what can still be closed. */
export interface HeldPosition {
  side: 1 | -1;
  closable: string;
}

/** One button of the form: the action it sends, the words on it, and whether it may open (so margin and a liquidation price are previewed). */
export interface FormButton {
  action: FuturesAction;
  label: FuturesAction;
  opens: boolean;
}

/**
 * The buttons the form offers (issue 50 M9), never one the server would refuse for what it is:
 * Close tab — only the side held (none without a position); Open tab — Open long and Open short
 * (the one against the position reduces it, one-way mode); Open tab with Reduce-only — only the
 * order that reduces the position, named as the close it is ("Close long" sends open_short
 * reduce-only), none without a position.
 */
export function formButtons(c: Pick<FuturesFormContext, 'tab' | 'reduceOnly'>, held: HeldPosition | undefined): FormButton[] {
  const closeOf = (side: 1 | -1): FuturesAction => (side === 1 ? 'close_long' : 'close_short');
  if (c.tab === 'close') return held ? [{ action: closeOf(held.side), label: closeOf(held.side), opens: false }] : [];
  if (!c.reduceOnly) {
    return [
      { action: 'open_long', label: 'open_long', opens: held?.side !== -1 },
      { action: 'open_short', label: 'open_short', opens: held?.side !== 1 },
    ];
  }
  if (!held) return [];
  return [{ action: held.side === 1 ? 'open_short' : 'open_long', label: closeOf(held.side), opens: false }];
}

/** Why the form offers no button (Close tab or Reduce-only with nothing held), or undefined. */
export function noButtonReason(c: Pick<FuturesFormContext, 'tab' | 'reduceOnly'>, held: HeldPosition | undefined): string | undefined {
  if (formButtons(c, held).length > 0) return undefined;
  return c.tab === 'close' ? 'futures.form.nothingToClose' : 'futures.form.reduceOnlyNothing';
}

/**
 * The first problem of sending `action` now, or undefined: the form's fields (formProblem), an
 * action the form does not offer for what is held, more than can still be closed by one that only
 * reduces, or a take-profit or stop-loss on the wrong side of the mark price `mark` the page shows
 * (planProblem).
 */
export function submitProblem(c: FuturesFormContext, action: FuturesAction, held: HeldPosition | undefined, mark?: string): OrderFormProblem | undefined {
  const button = formButtons(c, held).find((b) => b.action === action);
  if (!button) return { key: noButtonReason(c, held) ?? (c.reduceOnly ? 'futures.form.reduceOnlyIncreases' : 'futures.form.nothingToClose') };
  const problem = formProblem(c);
  if (problem) return problem;
  if (!button.opens && held && isDecimalString(held.closable) && fx(c.quantity) > fx(held.closable)) return { key: 'futures.close.tooMuch' };
  return planProblem(c, action, held, mark);
}

/** Whether a problem is a TP/SL field's, said under that field rather than under the buttons. */
export const isPlanFieldProblem = (p: OrderFormProblem | undefined): p is PlanFieldProblem => p !== undefined && 'field' in p;

export const withPercent = (c: FuturesFormContext, max: string, percent: number): Partial<FuturesFormContext> => {
  const q = shareOf(max, percent, c.amountPrecision);
  return { quantity: q === '0' ? '' : q };
};

export const withLastPrice = (c: FuturesFormContext, price: string): Partial<FuturesFormContext> =>
  c.priceTouched || !isDecimalString(price) ? {} : { price };

/** Whether the TP/SL fields go with the order: an opening order of the Open tab, not reduce-only. */
export const withPlans = (c: Pick<FuturesFormContext, 'tab' | 'reduceOnly'>) => c.tab === 'open' && !c.reduceOnly;

/** The body of POST /api/futures/order for the confirmed side. */
export function toOrderRequest(c: FuturesFormContext): FuturesOrderRequest {
  const plan = (value: string) => (value === '' ? undefined : { trigger_by: 'mark' as const, trigger_value: value, exec_type: 'market' as const });
  return {
    symbol: c.symbol,
    action: c.action!,
    type: c.orderType,
    ...(c.orderType === 'limit' ? { price: c.price } : {}),
    quantity: c.quantity,
    ...(c.tab === 'open' && c.reduceOnly ? { reduce_only: true } : {}),
    ...(withPlans(c) && c.takeProfit !== '' ? { take_profit: plan(c.takeProfit) } : {}),
    ...(withPlans(c) && c.stopLoss !== '' ? { stop_loss: plan(c.stopLoss) } : {}),
  };
}

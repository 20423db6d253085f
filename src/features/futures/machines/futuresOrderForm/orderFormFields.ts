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
  /** Why the last submit was refused (the form's rule or the server's answer), kept under the buttons until the form changes (issue 50 S3, M9). */
  problem: ToastMessage | undefined;
  idempotencyKey: string | undefined;
}

const places = (value: string) => value.split('.')[1]?.length ?? 0;
const positiveWithin = (value: string, precision: number) => isDecimalString(value) && !value.startsWith('-') && places(value) <= precision && fx(value) > 0n;

/** The first §5 problem of the form as a catalogue key, or undefined when it may be sent. */
export function formProblem(c: FuturesFormContext): string | undefined {
  if (c.orderType === 'limit' && !positiveWithin(c.price, c.pricePrecision)) return 'futures.form.priceInvalid';
  if (!positiveWithin(c.quantity, c.amountPrecision)) return 'futures.form.quantityInvalid';
  if (!withPlans(c)) return undefined;
  if (c.takeProfit !== '' && !positiveWithin(c.takeProfit, c.pricePrecision)) return 'futures.form.tpslInvalid';
  if (c.stopLoss !== '' && !positiveWithin(c.stopLoss, c.pricePrecision)) return 'futures.form.tpslInvalid';
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
 * action the form does not offer for what is held, or more than can still be closed by one that
 * only reduces.
 */
export function submitProblem(c: FuturesFormContext, action: FuturesAction, held: HeldPosition | undefined): string | undefined {
  const button = formButtons(c, held).find((b) => b.action === action);
  if (!button) return noButtonReason(c, held) ?? (c.reduceOnly ? 'futures.form.reduceOnlyIncreases' : 'futures.form.nothingToClose');
  const problem = formProblem(c);
  if (problem) return problem;
  if (!button.opens && held && isDecimalString(held.closable) && fx(c.quantity) > fx(held.closable)) return 'futures.close.tooMuch';
  return undefined;
}

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

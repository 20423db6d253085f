import { isDecimalString } from '../../../../../domain/decimal';
import type { FuturesAction, FuturesOrderRequest } from '../../../../../domain/futures/api';
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
  /** The action being confirmed or sent. */
  action: FuturesAction | undefined;
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

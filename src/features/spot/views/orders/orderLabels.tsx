import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fee, money, price, quantity } from '../../../../../domain/figures';
import { useAppFlow } from '../../../../app/views/hooks';
import { SpotOrderStatus, type OrderSide, type OrderType, type SpotOrder } from '../../../../../domain/spotOrders';
import { formatDateTime } from '../../../../../domain/localeFormat';
import { Badge } from '../../../../app/ui/Badge';

/** Literal keys (the i18n check looks for each as written). */
export const SIDE_KEYS: Record<OrderSide, string> = { buy: 'spot.side.buy', sell: 'spot.side.sell' };
export const TYPE_KEYS: Record<OrderType, string> = { limit: 'spot.type.limit', market: 'spot.type.market' };
/** Spec §4: waiting for transaction, partially traded, fully traded, cancelled. */
export const STATUS_KEYS: Record<SpotOrderStatus, string> = {
  [SpotOrderStatus.waiting]: 'spot.status.waiting',
  [SpotOrderStatus.partial]: 'spot.status.partial',
  [SpotOrderStatus.filled]: 'spot.status.filled',
  [SpotOrderStatus.cancelled]: 'spot.status.cancelled',
};
const STATUS_TONES: Record<SpotOrderStatus, 'up' | 'down' | 'warn' | 'dim'> = { 1: 'warn', 2: 'warn', 3: 'up', 4: 'dim' };

/** A limit order's time in force in a table, after its type ("Limit · IOC"); GTC, the default, and market orders say nothing more. */
export const TIF_SHORT_KEYS: Record<'IOC' | 'FOK' | 'POST_ONLY', string> = { IOC: 'spot.tifShort.IOC', FOK: 'spot.tifShort.FOK', POST_ONLY: 'spot.tifShort.POST_ONLY' };
export const TIF_KEYS: Record<SpotOrder['time_in_force'], string> = { GTC: 'spot.tif.GTC', IOC: 'spot.tif.IOC', POST_ONLY: 'spot.tif.POST_ONLY', FOK: 'spot.tifShort.FOK' };
export const END_REASON_KEYS: Record<'IOC' | 'FOK' | 'POST_ONLY', string> = { IOC: 'spot.endReason.IOC', FOK: 'spot.endReason.FOK', POST_ONLY: 'spot.endReason.POST_ONLY' };

/**
 * Why a cancelled limit order ended without the trader cancelling it, when its time in force says
 * so (issue 50 S4: a post-only that would have taken showed as a bare "Cancelled"). A GTC order's
 * cancel is the trader's own (or a stop's OCO leg), so it has none.
 */
export function endReasonKey(o: Pick<SpotOrder, 'status' | 'type' | 'time_in_force'>): string | undefined {
  if (o.status !== SpotOrderStatus.cancelled || o.type !== 'limit' || o.time_in_force === 'GTC') return undefined;
  return END_REASON_KEYS[o.time_in_force];
}

/** "Limit", "Limit · IOC", "Market". */
export function typeText(t: (key: string) => string, o: Pick<SpotOrder, 'type' | 'time_in_force'>): string {
  const type = t(TYPE_KEYS[o.type]);
  return o.type === 'limit' && o.time_in_force !== undefined && o.time_in_force !== 'GTC' ? `${type} · ${t(TIF_SHORT_KEYS[o.time_in_force])}` : type;
}

/**
 * An order's type as the lists show it (issue 50 M11): "Limit", "Limit · IOC", "Market"; an order a
 * stop-limit placed says so with its trigger ("Stop-limit · Trigger 1,900.00"), and an OCO's limit
 * leg is marked OCO.
 */
export function OrderTypeLabel(props: { order: Pick<SpotOrder, 'symbol' | 'type' | 'time_in_force' | 'stop_trigger' | 'oco'> }) {
  const { t } = useTranslation();
  const f = useOrderFigures();
  const o = props.order;
  if (o.stop_trigger)
    return (
      <span data-testid="order-stop-trigger">
        {t('spot.type.stopLimit')} · <span className="num">{t('spot.orders.trigger', { price: f.price(o.symbol, o.stop_trigger) })}</span>
      </span>
    );
  if (o.oco)
    return (
      <span>
        <Badge>{t('spot.type.oco')}</Badge> {typeText(t, o)}
      </span>
    );
  return <>{typeText(t, o)}</>;
}

export const pairLabel = (symbol: string) => symbol.replace('_', '/');
export const baseOf = (symbol: string) => symbol.split('_')[0] ?? symbol;
export const quoteOf = (symbol: string) => symbol.split('_')[1] ?? '';

/**
 * An order's fee in a list, beside its other amounts: at its asset's places as a balance of it
 * shows ("0.24 USDT", "0.00000519 BTC"), not the fee's every digit ("0.2491321 USDT"); a fee
 * those places would show as nothing keeps the fee rule's places ("0.00048 USDT"). The order's
 * detail shows the fee exactly.
 */
function listFee(value: string | null | undefined, asset: string): string {
  const short = money(value, asset);
  return /[1-9]/.test(short) ? short : fee(value, asset);
}

/**
 * An order's figures as every page shows them (domain/figures.ts): prices and quantities at its
 * pair's precisions, totals in its quote currency, fees at the fee places. A pair the app does not
 * list (yet) falls back to 8 places, which shows any wire value whole.
 */
export function useOrderFigures() {
  const { pairs } = useAppFlow();
  return useMemo(() => {
    const pairOf = (symbol: string) => pairs.find((p) => `${p.left_symbol}_${p.right_symbol}`.toUpperCase() === symbol.toUpperCase());
    return {
      price: (symbol: string, value: string | null | undefined) => price(value, pairOf(symbol)?.price_precision ?? 8),
      quantity: (symbol: string, value: string | null | undefined) => quantity(value, pairOf(symbol)?.amount_precision ?? 8),
      total: (symbol: string, value: string | null | undefined) => money(value, quoteOf(symbol)),
      fee: (value: string | null | undefined, asset: string) => fee(value, asset),
      listFee,
    };
  }, [pairs]);
}

export function StatusBadge(props: { status: SpotOrderStatus }) {
  const { t } = useTranslation();
  return <Badge $tone={STATUS_TONES[props.status]}>{t(STATUS_KEYS[props.status])}</Badge>;
}

/** The status, and under a cancelled order that its time in force ended, why (endReasonKey). */
export function StatusWithReason(props: { order: SpotOrder }) {
  const { t } = useTranslation();
  const reason = endReasonKey(props.order);
  return (
    <span style={{ display: 'inline-grid', gap: 2 }}>
      <StatusBadge status={props.order.status} />
      {reason && <small className="dim" style={{ maxWidth: 220, whiteSpace: 'normal' }}>{t(reason)}</small>}
    </span>
  );
}

export function SideLabel(props: { side: OrderSide }) {
  const { t } = useTranslation();
  return <span className={props.side === 'buy' ? 'up' : 'down'}>{t(SIDE_KEYS[props.side])}</span>;
}

/** The entrust price: a market order has none. */
export function EntrustPrice(props: { order: SpotOrder }) {
  const { t } = useTranslation();
  const figures = useOrderFigures();
  return <span className="num">{props.order.type === 'market' ? t('spot.type.market') : figures.price(props.order.symbol, props.order.price)}</span>;
}

/** Date and time in the trader's language: the one table format of domain/localeFormat.ts. */
export function dateTime(ms: number, lang: string): string {
  return formatDateTime(ms, lang);
}

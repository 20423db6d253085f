import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FUTURES_CURRENCY, type FuturesOrder, type FuturesOrderSource } from '../../../../domain/futures/api';
import { percent, price, quantity, tone } from '../../../../domain/figures';
import { useFuturesPairOf } from '../futures.hooks';
import { formatDateTime } from '../../../../domain/localeFormat';
import { DataTable } from '../../../app/ui/DataTable';
import { DetailFact } from '../../../app/ui/DetailFacts';
import { ActionText, Signed, StatusText } from './futuresUi';

/** The detail pages' label/value grid is the shared one. */
export { DetailFacts as Facts, DetailFact as Fact } from '../../../app/ui/DetailFacts';

/** A signed amount of the detail pages (a profit, a P&L): coloured by its sign, the asset after it. */
export function SignedFact(props: { label: string; value: string | null | undefined; asset: string }) {
  return (
    <DetailFact label={props.label}>
      <Signed value={props.value} asset={props.asset} /> {props.asset}
    </DetailFact>
  );
}

/** The return on equity (an order's yield, a position's ROE) as a percentage coloured by its sign. */
export function RoeFact(props: { value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <DetailFact label={t('futures.roe')} className={`num ${tone(props.value)}`}>
      {percent(props.value)}
    </DetailFact>
  );
}

const SOURCE_KEYS: Record<FuturesOrderSource, string> = {
  user: 'futures.source.user',
  flash: 'futures.source.flash',
  take_profit: 'futures.source.take_profit',
  stop_loss: 'futures.source.stop_loss',
  liquidation: 'futures.source.liquidation',
  maker: 'futures.source.maker',
  adl: 'futures.source.adl',
  delist: 'futures.source.delist',
};

export function SourceText(props: { source: FuturesOrderSource }) {
  const { t } = useTranslation();
  return <>{t(SOURCE_KEYS[props.source])}</>;
}

export const pairLabel = (symbol: string) => symbol.replace('_', '/');

/** An order's time, linked to its detail page (u-current, u-history and the position detail). */
export function OrderLink(props: { order: FuturesOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <Link to={`/order/u-detail/${props.order.id}`} className="num" title={t('futures.detail.openOrder')}>
      {formatDateTime(props.order.created_ms, i18n.language)}
    </Link>
  );
}

/** A compact list of futures orders (the position detail's open and past orders). */
export function OrderList(props: { label: string; orders: FuturesOrder[] }) {
  const pairOf = useFuturesPairOf();
  const px = (o: FuturesOrder, value: string | null) => price(value, pairOf(o.symbol).price_precision);
  const lots = (o: FuturesOrder, value: string) => quantity(value, pairOf(o.symbol).amount_precision);
  return (
    <DataTable<FuturesOrder>
      label={props.label}
      rows={props.orders}
      emptyKey="futures.empty"
      columns={[
        { key: 'col.time', render: (o) => <OrderLink order={o} /> },
        { key: 'col.direction', render: (o) => <ActionText action={o.action} /> },
        { key: 'futures.detail.entrustPrice', align: 'right', render: (o) => <span className="num">{px(o, o.price)}</span> },
        { key: 'col.execPrice', align: 'right', render: (o) => <span className="num">{o.avg_price === '0' ? '—' : px(o, o.avg_price)}</span> },
        { key: 'col.quantity', align: 'right', render: (o) => <span className="num">{lots(o, o.filled)} / {lots(o, o.quantity)}</span> },
        { key: 'col.profit', align: 'right', render: (o) => <Signed value={o.profit} asset={FUTURES_CURRENCY} /> },
        { key: 'col.status', render: (o) => <StatusText status={o.status} /> },
      ]}
    />
  );
}

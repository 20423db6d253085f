import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { money, ratioPercent, unitPrice } from '../../../../domain/figures';
import { ICO_CURRENCY, type IcoOrderTab, type IcoSubscription } from '../../../../domain/ico';
import { RecordsPanel } from '../../../app/ui/RecordsPanel';
import { STATUS_KEYS, useIcoList } from '../ico.hooks';
import { dateTime, tokens } from './icoFormat';

/** A token quantity: these rows carry only the symbol, not the project's token places (icoFormat.ts). */
const qty = (value: string | null | undefined) => tokens(value, undefined);

/** /order/sub-hold (holdings) and /order/sub-end (ended projects with winning rate and quantity). */
export function IcoOrdersPage(props: { tab: IcoOrderTab }) {
  const { t, i18n } = useTranslation();
  const list = useIcoList({ kind: 'orders', tab: props.tab });
  const hold = props.tab === 'hold';
  const title = t(hold ? 'page.order.subHold' : 'page.order.subEnd');
  return (
    <RecordsPanel<IcoSubscription> title={title} list={list}
      beside={<Link to="/subscribe">{t('nav.ico')} →</Link>}
      rowKey={(r) => String(r.project_id)}
      emptyKey="ico.emptyOrders"
      columns={[
        { key: 'col.currency', render: (r) => <b>{r.symbol}</b> },
        { key: 'col.raisePrice', align: 'right', render: (r) => <span className="num">{unitPrice(r.price, ICO_CURRENCY)}</span> },
        { key: 'col.subscribed', align: 'right', render: (r) => <span className="num">{qty(r.quantity)}</span> },
        { key: 'col.paid', align: 'right', render: (r) => <span className="num">{money(r.paid, ICO_CURRENCY)} {ICO_CURRENCY}</span> },
        ...(hold
          ? [
              { key: 'col.frozen', align: 'right' as const, render: (r: IcoSubscription) => <span className="num">{r.allocated === null ? `${money(r.paid, ICO_CURRENCY)} ${ICO_CURRENCY}` : `${qty(r.frozen)} ${r.symbol}`}</span> },
              // The share released per period, labelled "Release rate" (issue 50 C1; the key keeps its old name).
              { key: 'col.freezeRate', align: 'right' as const, render: (r: IcoSubscription) => <span className="num">{ratioPercent(r.release_rate)}</span> },
              { key: 'ico.releasedTotal', align: 'right' as const, render: (r: IcoSubscription) => <span className="num">{qty(r.released_total)}</span> },
            ]
          : [
              { key: 'col.winRate', align: 'right' as const, render: (r: IcoSubscription) => <span className="num">{ratioPercent(r.winning_rate)}</span> },
              { key: 'col.winQuantity', align: 'right' as const, render: (r: IcoSubscription) => <span className="num">{qty(r.allocated)}</span> },
              { key: 'ico.refund', align: 'right' as const, render: (r: IcoSubscription) => <span className="num">{money(r.refund, ICO_CURRENCY)} {ICO_CURRENCY}</span> },
              { key: 'col.completion', align: 'right' as const, render: (r: IcoSubscription) => <span className="num">{dateTime(r.end_at, i18n.language)}</span> },
            ]),
        { key: 'col.status', render: (r) => t(STATUS_KEYS[r.status]) },
      ]}
    />
  );
}

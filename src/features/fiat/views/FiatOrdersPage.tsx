import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FiatOrder, FiatOrdersTab } from '../../../../domain/fiat';
import { Badge } from '../../../app/ui/Badge';
import { DateTime } from '../../../app/ui/DateTime';
import { DaysFilter } from '../../../app/ui/RecordFilters';
import { RecordsPanel } from '../../../app/ui/RecordsPanel';
import { Segmented } from '../../../app/ui/Segmented';
import { useFiatList } from '../fiat.hooks';
import { FIAT_STATUS_KEYS } from '../machines/fiatOrderShared';
import { money } from '../../../../domain/figures';
import { fiatFigure } from './fiatFormat';

const TABS: Array<[FiatOrdersTab, string]> = [
  ['all', 'fiat.tab.all'],
  ['open', 'fiat.tab.open'],
  ['buy', 'deal.buy'],
  ['sell', 'deal.sell'],
];

const TONES = { unpaid: 'warn', paid: 'warn', appeal: 'down', completed: 'up', cancelled: 'dim' } as const;

/** The order's page for whoever is looking: the buyer's step or the seller's. */
export const orderLink = (o: FiatOrder) => (o.role === 'seller' ? `/deal/sell-detail/${o.id}` : o.status === 'unpaid' ? `/deal/buy-detail/${o.id}` : `/deal/buy-confirm/${o.id}`);

/** /order/legal-order and /deal/history: the user's fiat orders (all, open, bought, sold), with presets and paging. */
export function FiatOrdersPage() {
  const { t } = useTranslation();
  const list = useFiatList({ kind: 'orders' });
  const title = t('page.order.legal');
  return (
    <RecordsPanel<FiatOrder> title={title} list={list}
      beside={<Link to="/deal">{t('nav.fiatBuy')} →</Link>}
      wrap
      filters={
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', margin: '8px 0' }}>
            <Segmented role="tablist" aria-label={title}>
              {TABS.map(([tab, key]) => (
                <button key={tab} type="button" role="tab" aria-selected={list.tab === tab} onClick={() => list.setTab(tab)}>
                  {t(key)}
                </button>
              ))}
            </Segmented>
            <DaysFilter days={list.days} onChange={list.setDays} />
        </div>
      }
      emptyKey="fiat.noOrders"
      columns={[
        { key: 'col.orderNo', render: (r) => <Link to={orderLink(r)} className="num">{r.order_no}</Link> },
        { key: 'col.direction', render: (r) => <span className={r.side === 'buy' ? 'up' : 'down'}>{t(r.side === 'buy' ? 'deal.buy' : 'deal.sell')}</span> },
        { key: 'col.currency', render: (r) => `${r.crypto}/${r.fiat}` },
        { key: 'col.unitPrice', align: 'right', render: (r) => <span className="num">{fiatFigure(r.price, r.fiat)}</span> },
        { key: 'col.quantity', align: 'right', render: (r) => <span className="num">{money(r.quantity, r.crypto)}</span> },
        { key: 'col.total', align: 'right', render: (r) => <span className="num">{fiatFigure(r.amount, r.fiat)} {r.fiat}</span> },
        { key: 'fiat.counterparty', render: (r) => (r.role === 'seller' ? r.buyer_name : r.seller_name) },
        { key: 'col.time', render: (r) => <DateTime at={r.created_at} /> },
        { key: 'col.status', render: (r) => <Badge $tone={TONES[r.status]}>{t(FIAT_STATUS_KEYS[r.status])}</Badge> },
      ]}
    />
  );
}

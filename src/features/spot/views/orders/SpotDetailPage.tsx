import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ratePercent } from '../../../../../domain/fees';
import type { SpotOrderDetail } from '../../../../../domain/spotOrders';
import { useOrderDetail } from '../../spot.hooks';
import { Muted, PageTitle, Panel, PanelBody, PanelHeader } from '../../../../app/ui/Panel';
import { TitledTable } from '../../../../app/ui/TitledPanel';
import { DetailFact, DetailFacts } from '../../../../app/ui/DetailFacts';
import { ByIdParam, NotFoundPanel } from '../../../../app/ui/NotFoundPanel';
import { baseOf, dateTime, EntrustPrice, pairLabel, quoteOf, SideLabel, StatusBadge, StatusWithReason, OrderTypeLabel, TIF_KEYS, TYPE_KEYS, useOrderFigures } from './orderLabels';

/** /order/spot-detail/{id}: spec §3 spot order fields and its deal details. */
export function SpotDetailPage() {
  const { t } = useTranslation();
  return <ByIdParam notFound={t('spot.detail.notFound')}>{(id) => <OrderDetail id={id} />}</ByIdParam>;
}

function OrderDetail(props: { id: number }) {
  const { t } = useTranslation();
  const flow = useOrderDetail(props.id);
  return (
    <>
      <PageTitle>{t('page.order.spotDetail')}</PageTitle>
      <p style={{ margin: '0 0 12px' }}>
        <Link to="/order/spot-history">← {t('menu.order.history')}</Link>
      </p>
      {flow.detail ? (
        <DetailView detail={flow.detail} />
      ) : flow.loadFailed ? (
        <NotFoundPanel message={t('spot.detail.notFound')} onRetry={flow.retry} />
      ) : (
        <Muted role="status">{t('common.loading')}</Muted>
      )}
    </>
  );
}

export function DetailView(props: { detail: SpotOrderDetail }) {
  const { t, i18n } = useTranslation();
  const o = props.detail;
  const base = baseOf(o.symbol);
  const quote = quoteOf(o.symbol);
  const f = useOrderFigures();
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Panel>
        <PanelHeader>
          <h2>
            {pairLabel(o.symbol)} · <SideLabel side={o.side} /> · {t(TYPE_KEYS[o.type])}
          </h2>
          <StatusBadge status={o.status} />
        </PanelHeader>
        <PanelBody>
          <DetailFacts>
            <DetailFact label={t('col.pair')}>{pairLabel(o.symbol)}</DetailFact>
            <DetailFact label={t('col.direction')}>
              <SideLabel side={o.side} />
            </DetailFact>
            <DetailFact label={t('col.type')}>
              <OrderTypeLabel order={{ ...o, time_in_force: 'GTC' }} />
            </DetailFact>
            {o.type === 'limit' && <DetailFact label={t('spot.form.timeInForce')}>{t(TIF_KEYS[o.time_in_force])}</DetailFact>}
            <DetailFact label={t('spot.col.entrustPrice')}>
              <EntrustPrice order={o} /> {o.type === 'limit' && quote}
            </DetailFact>
            <DetailFact label={t('spot.col.entrustTotal')}>
              <span className="num">{`${f.total(o.symbol, o.amount)} ${quote}`}</span>
            </DetailFact>
            <DetailFact label={t('spot.col.dealAmount')}>
              <span className="num">{`${f.quantity(o.symbol, o.filled)} ${base}`}</span>
            </DetailFact>
            <DetailFact label={t('spot.col.avgDealPrice')}>
              <span className="num">{o.avg_price === '0' ? '—' : `${f.price(o.symbol, o.avg_price)} ${quote}`}</span>
            </DetailFact>
            <DetailFact label={t('spot.col.turnover')}>
              <span className="num">{`${f.total(o.symbol, o.turnover)} ${quote}`}</span>
            </DetailFact>
            <DetailFact label={t('col.fee')}>
              <span className="num">{`${f.fee(o.fee, o.fee_currency)} ${o.fee_currency}`}</span>
            </DetailFact>
            <DetailFact label={t('col.time')}>
              <span className="num">{dateTime(o.created_at, i18n.language)}</span>
            </DetailFact>
            <DetailFact label={t('col.status')}>
              <StatusWithReason order={o} />
            </DetailFact>
          </DetailFacts>
        </PanelBody>
      </Panel>
      <TitledTable
        title={t('spot.detail.deals')}
        rows={o.deals}
        emptyKey="spot.detail.noDeals"
        columns={[
          { key: 'col.time', render: (d) => <span className="num">{dateTime(d.time, i18n.language)}</span> },
          { key: 'col.price', align: 'right', render: (d) => <span className="num">{f.price(o.symbol, d.price)}</span> },
          { key: 'col.quantity', align: 'right', render: (d) => <span className="num">{f.quantity(o.symbol, d.quantity)}</span> },
          { key: 'col.fee', align: 'right', render: (d) => <span className="num">{`${f.fee(d.fee, o.fee_currency)} ${o.fee_currency}`}</span> },
          { key: 'spot.form.feeRate', align: 'right', render: (d) => <span className="num">{d.rate === null ? '—' : ratePercent(d.rate)}</span> },
          { key: 'spot.col.role', render: (d) => t(d.role === 'maker' ? 'spot.role.maker' : 'spot.role.taker') },
        ]}
      />
    </div>
  );
}

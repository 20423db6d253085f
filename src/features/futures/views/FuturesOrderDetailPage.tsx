import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FuturesOrderDetail } from '../../../../domain/futures/api';
import { formatDateTime } from '../../../../domain/localeFormat';
import { ByIdParam, NotFoundPanel } from '../../../app/ui/NotFoundPanel';
import { Muted, PageTitle, Panel, PanelBody, PanelHeader } from '../../../app/ui/Panel';
import { TitledTable } from '../../../app/ui/TitledPanel';
import { useFuturesDetail, useFuturesPairOf } from '../futures.hooks';
import { Fact, Facts, pairLabel, RoeFact, SignedFact, SourceText } from './detailParts';
import { ActionText, StatusText } from './futuresUi';
import { fee, price, quantity } from '../../../../domain/figures';
import { ratePercent } from '../../../../domain/fees';

/** /order/u-detail/{id}: a futures order (spec §3): entrust, trigger and execution price, leverage, quantity, fee, profit, yield, and its trades. */
export function FuturesOrderDetailPage() {
  const { t } = useTranslation();
  return <ByIdParam notFound={t('futures.detail.notFound')}>{(id) => <OrderDetail id={id} />}</ByIdParam>;
}

function OrderDetail(props: { id: number }) {
  const { t } = useTranslation();
  const flow = useFuturesDetail({ kind: 'order', id: props.id });
  return (
    <>
      <PageTitle>{t('page.order.uDetail')}</PageTitle>
      <p style={{ margin: '0 0 12px', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Link to="/order/u-history">← {t('menu.order.history')}</Link>
        <Link to="/order/u-current">{t('menu.order.current')}</Link>
      </p>
      {flow.order ? (
        <OrderView order={flow.order} yieldFraction={flow.orderYield} />
      ) : flow.failed ? (
        <NotFoundPanel message={t('futures.detail.notFound')} onRetry={flow.retry} />
      ) : (
        <Muted role="status">{t('common.loading')}</Muted>
      )}
    </>
  );
}

function OrderView(props: { order: FuturesOrderDetail; yieldFraction: string | null }) {
  const { t, i18n } = useTranslation();
  const o = props.order;
  const [base, quote] = o.symbol.split('_') as [string, string];
  const pairOf = useFuturesPairOf();
  const pair = pairOf(o.symbol);
  const at = (value: string | null) => (value === null || value === '0' ? '—' : `${price(value, pair.price_precision)} ${quote}`);
  const lots = (value: string) => quantity(value, pair.amount_precision);
  return (
    <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Panel>
        <PanelHeader>
          <h2>
            {pairLabel(o.symbol)} · <ActionText action={o.action} /> · {t(o.type === 'market' ? 'futures.market' : 'futures.limit')}
          </h2>
          <span data-testid="futures-order-status">
            <StatusText status={o.status} />
          </span>
        </PanelHeader>
        <PanelBody>
          <Facts data-testid="futures-order-facts">
            <Fact label={t('futures.detail.entrustPrice')} className="num">{o.type === 'market' ? t('futures.market') : at(o.price)}</Fact>
            <Fact label={t('col.triggerPrice')} className="num">{at(o.trigger_price)}</Fact>
            <Fact label={t('col.execPrice')} className="num">{at(o.avg_price)}</Fact>
            <Fact label={t('col.leverage')}>
              <span className="num">{o.leverage}×</span> · {t(o.margin_mode === 'cross' ? 'futures.cross' : 'futures.isolated')}
            </Fact>
            <Fact label={t('col.quantity')} className="num">{`${lots(o.filled)} / ${lots(o.quantity)} ${base}`}</Fact>
            <Fact label={t('col.fee')} className="num">{`${fee(o.fee, quote)} ${quote}`}</Fact>
            <SignedFact label={t('col.profit')} value={o.profit} asset={quote} />
            <RoeFact value={props.yieldFraction} />
            <Fact label={t('futures.detail.source')}>
              <SourceText source={o.source} />
            </Fact>
            <Fact label={t('col.time')} className="num">{formatDateTime(o.created_ms, i18n.language)}</Fact>
            <Fact label={t('futures.detail.updated')} className="num">{formatDateTime(o.updated_ms, i18n.language)}</Fact>
            <Fact label={t('col.orderNo')} className="num">{o.id}</Fact>
          </Facts>
          {o.note && <Muted style={{ marginTop: 10 }}>{t('futures.close.rest')}</Muted>}
        </PanelBody>
      </Panel>
      <TitledTable
        title={t('futures.detail.trades')}
        rows={o.trades}
        rowKey={(d) => `${d.time}-${d.price}-${d.quantity}`}
        emptyKey="futures.detail.noTrades"
        columns={[
          { key: 'col.time', render: (d) => <span className="num">{formatDateTime(d.time, i18n.language)}</span> },
          { key: 'col.price', align: 'right', render: (d) => <span className="num">{price(d.price, pair.price_precision)}</span> },
          { key: 'col.quantity', align: 'right', render: (d) => <span className="num">{lots(d.quantity)}</span> },
          // Each fill's own fee and rate (issue 52 §2): '—' on trades from before fills kept them.
          { key: 'col.fee', align: 'right', render: (d) => <span className="num">{d.fee === null ? '—' : `${fee(d.fee, quote)} ${quote}`}</span> },
          { key: 'futures.detail.feeRate', align: 'right', render: (d) => <span className="num">{d.rate === null ? '—' : ratePercent(d.rate)}</span> },
        ]}
      />
    </div>
  );
}

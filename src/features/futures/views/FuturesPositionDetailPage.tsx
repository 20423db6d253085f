import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { FuturesPosition } from '../../../../domain/futures/api';
import { NotFoundPanel } from '../../../app/ui/NotFoundPanel';
import { Muted, PageTitle, Panel, PanelBody, PanelHeader } from '../../../app/ui/Panel';
import { TitledPanel } from '../../../app/ui/TitledPanel';
import { useFuturesDetail, usePositionActions } from '../futures.hooks';
import { PositionActionButtons, PositionActionDialogs } from './PositionActions';
import { Fact, Facts, OrderList, pairLabel, RoeFact, SignedFact } from './detailParts';
import { indexPrice, money, price, quantity, ratioPercent } from '../../../../domain/figures';
import { atMarginCall } from '../../../../domain/futures/marginCall';

const SYMBOL = /^[a-z0-9]{1,12}_[a-z0-9]{1,12}$/i;

/**
 * /order/u-position/{symbol}: the position on a pair (spec §3): open interest, closable quantity,
 * average open and position price, latest and mark price, guarantee assets, PnL and yield, and its
 * orders (open ones and the last 30 days').
 */
export function FuturesPositionDetailPage() {
  const { t } = useTranslation();
  const symbol = useParams().symbol ?? '';
  if (!SYMBOL.test(symbol)) return <NotFoundPanel message={t('futures.detail.noPosition')} />;
  return <PositionDetail key={symbol} symbol={symbol.toUpperCase()} />;
}

function PositionDetail(props: { symbol: string }) {
  const { t } = useTranslation();
  const flow = useFuturesDetail({ kind: 'position', symbol: props.symbol });
  const actions = usePositionActions(flow.ref);
  return (
    <>
      <PageTitle>{t('page.order.uPosition')}</PageTitle>
      <p style={{ margin: '0 0 12px', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Link to="/order/u-hold">← {t('menu.order.position')}</Link>
        <Link to={`/contract/${props.symbol.toLowerCase()}`}>{t('futures.detail.trade')} {pairLabel(props.symbol)} →</Link>
      </p>
      {flow.failed && !flow.loaded ? (
        <NotFoundPanel message={t('futures.detail.noPosition')} onRetry={flow.retry} />
      ) : !flow.loaded ? (
        <Muted role="status">{t('common.loading')}</Muted>
      ) : (
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {flow.position ? (
            <PositionView position={flow.position} averagePositionPrice={flow.averagePositionPrice ?? flow.position.entry_price} actions={actions} />
          ) : (
            <Panel>
              <PanelBody>
                <Muted data-testid="futures-no-position">{t('futures.detail.noPosition')}</Muted>
              </PanelBody>
            </Panel>
          )}
          <TitledPanel title={t('futures.detail.openOrders')}>
            <OrderList label={t('futures.detail.openOrders')} orders={flow.openOrders} />
          </TitledPanel>
          <TitledPanel title={t('futures.detail.pastOrders')}>
            <OrderList label={t('futures.detail.pastOrders')} orders={flow.pastOrders} />
          </TitledPanel>
        </div>
      )}
      <PositionActionDialogs actions={actions} />
    </>
  );
}

function PositionView(props: { position: FuturesPosition; averagePositionPrice: string; actions: ReturnType<typeof usePositionActions> }) {
  const { t } = useTranslation();
  const p = props.position;
  const [base, quote] = p.symbol.split('_') as [string, string];
  const pair = props.actions.pairOf(p.symbol);
  const at = (value: string | null) => (value === null || value === '0' ? '—' : `${price(value, pair.price_precision)} ${quote}`);
  const lots = (value: string) => `${quantity(value, pair.amount_precision)} ${base}`;
  return (
    <Panel>
      <PanelHeader>
        <h2>
          {pairLabel(p.symbol)} · <span className={p.side === 1 ? 'up' : 'down'}>{t(p.side === 1 ? 'futures.long' : 'futures.short')}</span> · {p.leverage}× ·{' '}
          {t(p.margin_mode === 'cross' ? 'futures.cross' : 'futures.isolated')}
        </h2>
      </PanelHeader>
      <PanelBody>
        <Facts data-testid="futures-position-facts">
          <Fact label={t('col.openInterest')} className="num">{lots(p.quantity)}</Fact>
          <Fact label={t('col.closable')} className="num">{lots(p.closable)}</Fact>
          <Fact label={t('col.avgOpenPrice')} className="num">{at(p.entry_price)}</Fact>
          <Fact label={t('futures.detail.avgPositionPrice')} className="num">{at(props.averagePositionPrice)}</Fact>
          <Fact label={t('col.latestPrice')} className="num">{at(p.last_price)}</Fact>
          <Fact label={t('futures.markPrice')} className="num">{indexPrice(p.mark_price, pair.price_precision)}</Fact>
          <Fact label={t('futures.detail.guarantee')} className="num">{`${money(p.margin, quote)} ${quote}`}</Fact>
          <SignedFact label={t('futures.unrealisedPnl')} value={p.unrealised_pnl} asset={quote} />
          <RoeFact value={p.roe} />
          <SignedFact label={t('futures.detail.realised')} value={p.realised} asset={quote} />
          <Fact label={t('futures.marginRatio')} className={atMarginCall(p.margin_ratio) ? 'num down' : 'num'}>
            {ratioPercent(p.margin_ratio)}
          </Fact>
          <Fact label={t('futures.liquidationPrice')} className="num">{at(p.liquidation_price)}</Fact>
        </Facts>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, justifyContent: 'flex-end', marginTop: 12 }}>
          <PositionActionButtons position={p} actions={props.actions} />
        </div>
      </PanelBody>
    </Panel>
  );
}

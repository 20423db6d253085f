import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FUTURES_CURRENCY, type FuturesOrder, type FuturesPlan, type FuturesPosition } from '../../../../domain/futures/api';
import { formatDateTime } from '../../../../domain/localeFormat';
import { DataTable } from '../../../app/ui/DataTable';
import { DaysFilter, Pager } from '../../../app/ui/RecordFilters';
import { Panel, PanelBody, PageTitle } from '../../../app/ui/Panel';
import { RetryAlert } from '../../../app/ui/RetryButton';
import { CancelDialogs } from './CancelDialog';
import { useFuturesPairOf, useFuturesRecords, useFuturesStatement, usePositionActions } from '../futures.hooks';
import { StatementExport } from '../../../app/ui/StatementExport';
import type { FuturesRecordsMode } from '../machines/futuresRecords/futuresRecords.machine';
import { OrderLink } from './detailParts';
import { PositionActionButtons, PositionActionDialogs } from './PositionActions';
import { ActionText, cancelColumn, Signed, StatusText } from './futuresUi';
import { fee, indexPrice, money, percent, price, quantity, ratioPercent, tone } from '../../../../domain/figures';
import { atMarginCall } from '../../../../domain/futures/marginCall';
import { roeTriggerText } from '../../../../domain/futures/planTrigger';

type Mode = Exclude<FuturesRecordsMode, 'wallet'>;
const TITLES: Record<Mode, string> = { current: 'page.order.uCurrent', history: 'page.order.uHistory', plans: 'page.order.uPlan', hold: 'page.order.uHold' };

/** /order/u-current, u-history, u-plan and u-hold: the fields of spec §3's futures order and position. */
export function FuturesOrdersPage(props: { mode: Mode }) {
  return <Records key={props.mode} mode={props.mode} />;
}

/** The history's CSV statement, its own actor only on the history page. */
function FuturesStatement() {
  const { t } = useTranslation();
  return <StatementExport what={t('statement.futuresOrders')} {...useFuturesStatement()} />;
}

function Records(props: { mode: Mode }) {
  const { t, i18n } = useTranslation();
  const r = useFuturesRecords(props.mode);
  const pairOf = useFuturesPairOf();
  // Each row in its pair's precisions.
  const px = (symbol: string, value: string | null | undefined) => price(value, pairOf(symbol).price_precision);
  const lots = (symbol: string, value: string) => quantity(value, pairOf(symbol).amount_precision);
  const title = t(TITLES[props.mode]);
  const time = (ms: number) => <span className="num">{formatDateTime(ms, i18n.language)}</span>;
  const empty = r.loading ? 'common.loading' : 'futures.empty';
  return (
    <Panel>
      <PanelBody>
        {/* Wraps: beside a long title the day presets went to its line's end and were cut off on a phone. */}
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
          <PageTitle>{title}</PageTitle>
          {props.mode === 'history' ? <DaysFilter days={r.days} onChange={r.setDays} /> : <Link to="/wallet/contract">{t('futures.account')} →</Link>}
        </div>
        {props.mode === 'history' && <FuturesStatement />}
        {props.mode === 'hold' ? (
          <Positions records={r} title={title} empty={empty} />
        ) : props.mode === 'plans' ? (
          <DataTable<FuturesPlan>
            label={title}
            rows={r.plans}
            emptyKey={empty}
            columns={[
              { key: 'col.time', render: (p) => time(p.created_ms) },
              { key: 'col.pair', render: (p) => p.symbol.replace('_', '/') },
              { key: 'col.type', render: (p) => t(p.kind === 'take_profit' ? 'futures.takeProfit' : 'futures.stopLoss') },
              { key: 'col.direction', render: (p) => <span className={p.position_side === 1 ? 'up' : 'down'}>{t(p.position_side === 1 ? 'futures.long' : 'futures.short')}</span> },
              { key: 'col.triggerPrice', align: 'right', render: (p) => <span className="num">{p.trigger_by === 'roe' ? `${t('futures.roe')} ${roeTriggerText(p)}` : `${px(p.symbol, p.trigger_value)} (${t(p.trigger_by === 'mark' ? 'futures.markPrice' : 'col.lastPrice')})`}</span> },
              { key: 'col.execPrice', align: 'right', render: (p) => <span className="num">{p.exec_type === 'market' ? t('futures.market') : px(p.symbol, p.exec_price ?? '0')}</span> },
              { key: 'col.quantity', align: 'right', render: (p) => <span className="num">{p.quantity ? lots(p.symbol, p.quantity) : t('futures.wholePosition')}</span> },
              cancelColumn(r.cancelPlan),
            ]}
          />
        ) : (
          <DataTable<FuturesOrder>
            label={title}
            rows={r.orders}
            emptyKey={empty}
            columns={[
              { key: 'col.time', render: (o) => <OrderLink order={o} /> },
              { key: 'col.pair', render: (o) => o.symbol.replace('_', '/') },
              { key: 'col.direction', render: (o) => <ActionText action={o.action} /> },
              { key: 'col.type', render: (o) => t(o.type === 'market' ? 'futures.market' : 'futures.limit') },
              { key: 'col.price', align: 'right', render: (o) => <span className="num">{px(o.symbol, o.price)}</span> },
              { key: 'col.triggerPrice', align: 'right', render: (o) => <span className="num">{px(o.symbol, o.trigger_price)}</span> },
              { key: 'col.execPrice', align: 'right', render: (o) => <span className="num">{o.avg_price === '0' ? '—' : px(o.symbol, o.avg_price)}</span> },
              { key: 'col.leverage', align: 'right', render: (o) => <span className="num">{o.leverage}×</span> },
              { key: 'col.quantity', align: 'right', render: (o) => <span className="num">{lots(o.symbol, o.filled)} / {lots(o.symbol, o.quantity)}</span> },
              { key: 'col.fee', align: 'right', render: (o) => <span className="num">{fee(o.fee, FUTURES_CURRENCY)}</span> },
              { key: 'col.profit', align: 'right', render: (o) => <Signed value={o.profit} asset={FUTURES_CURRENCY} /> },
              { key: 'col.status', render: (o) => <StatusText status={o.status} /> },
              ...(props.mode === 'current' ? [cancelColumn<FuturesOrder>(r.cancelOrder)] : []),
            ]}
          />
        )}
        <RetryAlert failed={r.failed} onRetry={r.retry} />
        {props.mode !== 'hold' && <Pager page={r.page} size={r.size} total={r.total} onPage={r.setPage} />}
        <CancelDialogs order={r.cancelOrderQuestion} plan={r.cancelPlanQuestion} />
      </PanelBody>
    </Panel>
  );
}

/** u-hold: the positions, each with TP/SL, close and flash close (the trade page's dialogs; the list reads again once one went through). */
function Positions(props: { records: ReturnType<typeof useFuturesRecords>; title: string; empty: string }) {
  const { t } = useTranslation();
  const actions = usePositionActions(props.records.ref);
  const pairOf = actions.pairOf;
  const px = (p: FuturesPosition, value: string | null) => price(value, pairOf(p.symbol).price_precision);
  const lots = (p: FuturesPosition, value: string) => quantity(value, pairOf(p.symbol).amount_precision);
  return (
    <>
      <DataTable<FuturesPosition>
        label={props.title}
        rows={props.records.account?.positions ?? []}
        rowKey={(p) => p.symbol}
        emptyKey={props.empty}
        columns={[
          {
            key: 'col.pair',
            render: (p) => (
              <Link to={`/order/u-position/${p.symbol.toLowerCase()}`} title={t('futures.detail.openPosition')}>
                {`${p.symbol.replace('_', '/')} · ${t(p.margin_mode === 'cross' ? 'futures.cross' : 'futures.isolated')}`}
              </Link>
            ),
          },
          { key: 'col.direction', render: (p) => <span className={p.side === 1 ? 'up' : 'down'}>{t(p.side === 1 ? 'futures.long' : 'futures.short')}</span> },
          // Next to the position it acts on: at the row's end the buttons sat beyond the table's sideways scroll.
          {
            key: 'col.actions',
                        render: (p) => (
              <span style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
                <PositionActionButtons position={p} actions={actions} />
              </span>
            ),
          },
          { key: 'col.leverage', align: 'right', render: (p) => <span className="num">{p.leverage}×</span> },
          { key: 'col.openInterest', align: 'right', render: (p) => <span className="num">{lots(p, p.quantity)}</span> },
          { key: 'col.closable', align: 'right', render: (p) => <span className="num">{lots(p, p.closable)}</span> },
          { key: 'col.avgOpenPrice', align: 'right', render: (p) => <span className="num">{px(p, p.entry_price)}</span> },
          { key: 'futures.markPrice', align: 'right', render: (p) => <span className="num">{indexPrice(p.mark_price, pairOf(p.symbol).price_precision)}</span> },
          { key: 'col.latestPrice', align: 'right', render: (p) => <span className="num">{px(p, p.last_price)}</span> },
          { key: 'col.margin', align: 'right', render: (p) => <span className="num">{money(p.margin, FUTURES_CURRENCY)}</span> },
          { key: 'futures.unrealisedPnl', align: 'right', render: (p) => <Signed value={p.unrealised_pnl} asset={FUTURES_CURRENCY} /> },
          { key: 'futures.roe', align: 'right', render: (p) => <span className={`num ${tone(p.roe)}`}>{percent(p.roe)}</span> },
          // In the loss colour at the margin call (80 %: domain/futures/marginCall.ts).
          { key: 'futures.marginRatio', align: 'right', render: (p) => <span className={atMarginCall(p.margin_ratio) ? 'num down' : 'num'}>{ratioPercent(p.margin_ratio)}</span> },
          { key: 'futures.liquidationPrice', align: 'right', render: (p) => <span className="num">{p.liquidation_price === '0' ? '—' : px(p, p.liquidation_price)}</span> },
        ]}
      />
      <PositionActionDialogs actions={actions} />
    </>
  );
}

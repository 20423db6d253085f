import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../../domain/api';
import type { FuturesOrder, FuturesPlan } from '../../../../domain/futures/api';
import { formatDateTime } from '../../../../domain/localeFormat';
import { CancelDialogs } from './CancelDialog';
import { DataTable } from '../../../app/ui/DataTable';
import { TabbedPanel, type PanelTab } from '../../../app/ui/TabbedPanel';
import { atMark } from '../machines/futuresDesk/figures';
import { useMarginDialog, usePositionActions, type Desk } from '../futures.hooks';
import { MarginDialog } from './MarginDialog';
import { PositionActionDialogs } from './PositionActions';
import { PositionCards } from './PositionCards';
import { ActionText, cancelColumn } from './futuresUi';
import { price, quantity } from '../../../../domain/figures';
import { roeTriggerText } from '../../../../domain/futures/planTrigger';

type Tab = 'positions' | 'orders' | 'plans';

/**
 * The pair's positions (live at the mark price between the account's pushes), open orders and
 * waiting TP/SL plans. A position closes by limit or market, by flash close, or gets a TP/SL; an
 * order or a plan is cancelled; each asks first.
 */
export function PositionsPanel(props: { className?: string; pair: Pair; desk: Desk; markPrice: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { desk, pair } = props;
  const actions = usePositionActions(desk.ref);
  const margin = useMarginDialog(desk.ref);
  const symbol = desk.data?.config.symbol;
  const positions = (desk.data?.account?.positions ?? []).filter((p) => p.symbol === symbol).map((p) => atMark(p, props.markPrice));
  const orders = desk.data?.orders ?? [];
  const plans = desk.data?.plans ?? [];
  const time = (ms: number) => <span className="num">{formatDateTime(ms, i18n.language)}</span>;
  const tabs: PanelTab<Tab>[] = [
    { id: 'positions', label: t('futures.desk.positions'), count: positions.length, more: '/order/u-hold' },
    { id: 'orders', label: t('trade.openOrders'), count: orders.length, more: '/order/u-current' },
    { id: 'plans', label: t('futures.desk.plans'), count: plans.length, more: '/order/u-plan' },
  ];
  return (
    <TabbedPanel
      className={props.className}
      tabs={tabs}
      moreLabel={t('spot.orders.all')}
      maxHeight={300}
      dialogs={
        <>
          {margin.state !== 'closed' && <MarginDialog dialog={margin} pricePrecision={pair.price_precision} />}
          <PositionActionDialogs actions={actions} />
          <CancelDialogs order={desk.cancelOrderQuestion} plan={desk.cancelPlanQuestion} />
        </>
      }
    >
      {(tab) => (
        <>
          {tab === 'positions' && (
            <PositionCards
              positions={positions}
              pair={pair}
              onTpsl={actions.onTpsl}
              onClose={actions.onClose}
              onFlash={actions.onFlash}
              plans={plans}
              onMargin={(p) => desk.data && margin.open(p, desk.data.config.brackets, desk.data.account?.available ?? '0')}
            />
          )}
          {tab === 'orders' && (
            <DataTable<FuturesOrder>
              label={t('trade.openOrders')}
              rows={orders}
              emptyKey="spot.orders.noOpen"
              columns={[
                { key: 'col.time', render: (o) => time(o.created_ms) },
                { key: 'col.direction', render: (o) => <ActionText action={o.action} /> },
                { key: 'col.type', render: (o) => t(o.type === 'market' ? 'futures.market' : 'futures.limit') },
                { key: 'col.price', align: 'right', render: (o) => <span className="num">{price(o.price, pair.price_precision)}</span> },
                { key: 'col.quantity', align: 'right', render: (o) => <span className="num">{quantity(o.filled, pair.amount_precision)} / {quantity(o.quantity, pair.amount_precision)}</span> },
                { key: 'col.leverage', align: 'right', render: (o) => <span className="num">{o.leverage}×</span> },
                cancelColumn(desk.cancelOrder),
              ]}
            />
          )}
          {tab === 'plans' && (
            <DataTable<FuturesPlan>
              label={t('futures.desk.plans')}
              rows={plans}
              emptyKey="futures.empty"
              columns={[
                { key: 'col.time', render: (p) => time(p.created_ms) },
                { key: 'col.type', render: (p) => t(p.kind === 'take_profit' ? 'futures.takeProfit' : 'futures.stopLoss') },
                {
                  key: 'col.triggerPrice',
                  align: 'right',
                  render: (p) => (
                    <span className="num">
                      {p.trigger_by === 'roe' ? `${t('futures.roe')} ${roeTriggerText(p)}` : `${price(p.trigger_value, pair.price_precision)} (${t(p.trigger_by === 'mark' ? 'futures.markPrice' : 'col.lastPrice')})`}
                    </span>
                  ),
                },
                { key: 'col.quantity', align: 'right', render: (p) => <span className="num">{p.quantity ? quantity(p.quantity, pair.amount_precision) : t('futures.wholePosition')}</span> },
                cancelColumn(desk.cancelPlan),
              ]}
            />
          )}
        </>
      )}
    </TabbedPanel>
  );
}

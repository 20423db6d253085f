import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { FuturesOrder, FuturesPlan } from '../../../../domain/futures/api';
import { formatDateTime } from '../../../../domain/localeFormat';
import { Button } from '../../../app/ui/Button';
import { CancelDialogs } from './CancelDialog';
import { DataTable } from '../../../app/ui/DataTable';
import { Panel, PanelHeader } from '../../../app/ui/Panel';
import { atMark } from '../machines/futuresDesk/figures';
import { useMarginDialog, usePositionActions } from '../futures.hooks';
import { MarginDialog } from './MarginDialog';
import type { Desk } from './ContractPanels';
import { PositionActionDialogs } from './PositionActions';
import { PositionCards } from './PositionCards';
import { ActionText } from './futuresUi';
import { price, quantity } from '../../../../domain/figures';
import { roeTriggerText } from '../../../../domain/futures/planTrigger';

const TabList = styled.div`
  display: flex;
  gap: 16px;
  flex-wrap: wrap;
  button {
    all: unset;
    cursor: pointer;
    font-size: 13px;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textDim};
    padding-bottom: 2px;
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'] { color: ${({ theme }) => theme.color.text}; border-color: ${({ theme }) => theme.color.accent}; }
`;

const Scroll = styled.div`
  max-height: 300px;
  overflow: auto;
`;

type Tab = 'positions' | 'orders' | 'plans';

/**
 * The pair's positions (live at the mark price between the account's pushes), open orders and
 * waiting TP/SL plans. A position closes by limit or market, by flash close, or gets a TP/SL; an
 * order or a plan is cancelled; each asks first.
 */
export function PositionsPanel(props: { className?: string; pair: Pair; desk: Desk; markPrice: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { desk, pair } = props;
  const [tab, setTab] = useState<Tab>('positions');
  const actions = usePositionActions(desk.ref);
  const margin = useMarginDialog(desk.ref);
  const symbol = desk.data?.config.symbol;
  const positions = (desk.data?.account?.positions ?? []).filter((p) => p.symbol === symbol).map((p) => atMark(p, props.markPrice));
  const orders = desk.data?.orders ?? [];
  const plans = desk.data?.plans ?? [];
  const time = (ms: number) => <span className="num">{formatDateTime(ms, i18n.language)}</span>;
  const tabs: Array<[Tab, string, number]> = [
    ['positions', t('futures.desk.positions'), positions.length],
    ['orders', t('trade.openOrders'), orders.length],
    ['plans', t('futures.desk.plans'), plans.length],
  ];
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <TabList role="tablist">
          {tabs.map(([id, label, count]) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
              {label} ({count})
            </button>
          ))}
        </TabList>
        <Link to={tab === 'positions' ? '/order/u-hold' : tab === 'orders' ? '/order/u-current' : '/order/u-plan'} style={{ fontSize: 12 }}>
          {t('spot.orders.all')} →
        </Link>
      </PanelHeader>
      <Scroll role="tabpanel">
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
            rowKey={(o) => String(o.id)}
            emptyKey="spot.orders.noOpen"
            columns={[
              { key: 'col.time', render: (o) => time(o.created_ms) },
              { key: 'col.direction', render: (o) => <ActionText action={o.action} /> },
              { key: 'col.type', render: (o) => t(o.type === 'market' ? 'futures.market' : 'futures.limit') },
              { key: 'col.price', align: 'right', render: (o) => <span className="num">{price(o.price, pair.price_precision)}</span> },
              { key: 'col.quantity', align: 'right', render: (o) => <span className="num">{quantity(o.filled, pair.amount_precision)} / {quantity(o.quantity, pair.amount_precision)}</span> },
              { key: 'col.leverage', align: 'right', render: (o) => <span className="num">{o.leverage}×</span> },
              {
                key: 'col.actions',
                align: 'right',
                render: (o) => (
                  <Button type="button" $small $variant="ghost" onClick={() => desk.cancelOrder(o.id)}>
                    {t('common.cancel')}
                  </Button>
                ),
              },
            ]}
          />
        )}
        {tab === 'plans' && (
          <DataTable<FuturesPlan>
            label={t('futures.desk.plans')}
            rows={plans}
            rowKey={(p) => String(p.id)}
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
              {
                key: 'col.actions',
                align: 'right',
                render: (p) => (
                  <Button type="button" $small $variant="ghost" onClick={() => desk.cancelPlan(p.id)}>
                    {t('common.cancel')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Scroll>
      {margin.state !== 'closed' && <MarginDialog dialog={margin} pricePrecision={pair.price_precision} />}
      <PositionActionDialogs actions={actions} />
      <CancelDialogs order={desk.cancelOrderQuestion} plan={desk.cancelPlanQuestion} />
    </Panel>
  );
}

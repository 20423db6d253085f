import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSessionFlow } from '../../../app/views/hooks';
import { useOpenOrders, useOpenStops, useOrderHistory } from '../spot.hooks';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { Muted, Panel, PanelBody, PanelHeader } from '../../../app/ui/Panel';
import { useOrderColumns } from './orders/orderColumns';
import { useStopColumns } from './orders/stopColumns';
import { RevokeDialog, RevokeQuestion } from './orders/RevokeDialog';
import type { TradeKind } from '../../markets/views/trade/TradePage';

/**
 * Order entry for visitors (log in or register first, spec §6) and for the contract pages (futures,
 * seconds), whose markets are not open yet. Signed-in spot trading renders OrderForm instead.
 */
export function OrderFormPanel(props: { kind: TradeKind; className?: string }) {
  const { t } = useTranslation();
  const session = useSessionFlow();
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <h2>{t(props.kind === 'spot' ? 'trade.placeOrder' : props.kind === 'contract' ? 'trade.openPosition' : 'trade.placeSeconds')}</h2>
      </PanelHeader>
      <PanelBody>
        {session.hasSession ? (
          <Muted>{t(props.kind === 'seconds' ? 'pending.seconds' : 'pending.futures')}</Muted>
        ) : (
          <div style={{ display: 'grid', gap: 10 }}>
            <Muted>{t('trade.loginToTrade')}</Muted>
            <Button as={Link} to="/login">
              {t('nav.login')}
            </Button>
            <Button as={Link} to="/reg" $variant="ghost">
              {t('nav.register')}
            </Button>
          </div>
        )}
      </PanelBody>
    </Panel>
  );
}

const TabList = styled.div`
  display: flex;
  gap: 18px;
  button {
    all: unset;
    cursor: pointer;
    font-size: 14px;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textDim};
    padding-bottom: 2px;
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'] { color: ${({ theme }) => theme.color.text}; border-color: ${({ theme }) => theme.color.accent}; }
`;

const Scroll = styled.div`
  max-height: 260px;
  overflow: auto;
`;

/** The trade page's orders: a visitor sees the columns and a prompt; a trader the live panel. */
export function OpenOrdersPanel(props: { className?: string; symbol?: string }) {
  const { t } = useTranslation();
  const session = useSessionFlow();
  if (session.hasSession && props.symbol) return <LiveOrdersPanel className={props.className} symbol={props.symbol} />;
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <h2>{t('trade.openOrders')}</h2>
      </PanelHeader>
      <DataTable<never>
        columns={['col.time', 'col.direction', 'col.price', 'col.quantity', 'col.status'].map((key) => ({ key }))}
        rows={[]}
        rowKey={() => ''}
        emptyKey={session.hasSession ? undefined : 'trade.loginToTrade'}
      />
    </Panel>
  );
}

type OrdersTab = 'open' | 'stops' | 'history';

/**
 * Open orders and recent history of the pair on screen, both live through the private channel.
 * Both lists run while the panel is shown, so a filled order moves tabs without a reload.
 */
function LiveOrdersPanel(props: { className?: string; symbol: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrdersTab>('open');
  const open = useOpenOrders({ symbol: props.symbol });
  const stops = useOpenStops({ symbol: props.symbol });
  const stopColumns = useStopColumns({ withPair: false, onRevoke: stops.revoke, busy: stops.cancelling });
  const history = useOrderHistory({ symbol: props.symbol, days: 7 });
  const openColumns = useOrderColumns({ kind: 'open', withPair: false, onRevoke: open.revoke, busy: open.cancelling });
  const historyColumns = useOrderColumns({ kind: 'history', withPair: false });
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <TabList role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'open'} onClick={() => setTab('open')}>
            {t('trade.openOrders')} ({open.total})
          </button>
          <button type="button" role="tab" aria-selected={tab === 'stops'} onClick={() => setTab('stops')}>
            {t('spot.stops.title')} ({stops.total})
          </button>
          <button type="button" role="tab" aria-selected={tab === 'history'} onClick={() => setTab('history')}>
            {t('menu.order.history')}
          </button>
        </TabList>
        <Link to={tab !== 'history' ? '/order/spot-current' : '/order/spot-history'} style={{ fontSize: 12 }}>
          {t('spot.orders.all')} →
        </Link>
      </PanelHeader>
      <Scroll role="tabpanel">
        {tab === 'open' ? (
          <DataTable columns={openColumns} rows={open.orders} rowKey={(o) => String(o.id)} label={t('trade.openOrders')} emptyKey="spot.orders.noOpen" />
        ) : tab === 'stops' ? (
          <DataTable columns={stopColumns} rows={stops.stops} rowKey={(s) => String(s.id)} label={t('spot.stops.title')} emptyKey="spot.stops.none" />
        ) : (
          <DataTable columns={historyColumns} rows={history.orders} rowKey={(o) => String(o.id)} label={t('menu.order.history')} emptyKey="spot.orders.noHistory" />
        )}
      </Scroll>
      <RevokeQuestion actor={open.question} />
      {(stops.confirming || stops.cancelling) && <RevokeDialog busy={stops.cancelling} onConfirm={stops.confirm} onCancel={stops.dismiss} />}
    </Panel>
  );
}

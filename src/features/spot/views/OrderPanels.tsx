import { useTranslation } from 'react-i18next';
import { useOpenOrders, useOpenStops, useOrderHistory } from '../spot.hooks';
import { DataTable } from '../../../app/ui/DataTable';
import { TabbedPanel } from '../../../app/ui/TabbedPanel';
import { useOrderColumns } from './orders/orderColumns';
import { useStopColumns } from './orders/stopColumns';
import { RevokeQuestion } from './orders/RevokeDialog';

/**
 * The trade page's orders (the grid's `orders`): open orders, waiting stops and recent history of
 * the pair on screen, all live through the private channel. The lists run while the panel is
 * shown, so a filled order moves tabs without a reload.
 */
export function OpenOrdersPanel(props: { className?: string; symbol: string }) {
  const { t } = useTranslation();
  const open = useOpenOrders({ symbol: props.symbol });
  const stops = useOpenStops({ symbol: props.symbol });
  const stopColumns = useStopColumns({ withPair: false, onRevoke: stops.revoke, busy: stops.cancelling });
  const history = useOrderHistory({ symbol: props.symbol, days: 7 });
  const openColumns = useOrderColumns({ kind: 'open', withPair: false, onRevoke: open.revoke, busy: open.cancelling, compact: true });
  const historyColumns = useOrderColumns({ kind: 'history', withPair: false, compact: true });
  return (
    <TabbedPanel
      className={props.className}
      tabs={[
        { id: 'open', label: t('trade.openOrders'), count: open.total, more: '/order/spot-current' },
        { id: 'stops', label: t('spot.stops.title'), count: stops.total, more: '/order/spot-current' },
        { id: 'history', label: t('menu.order.history'), more: '/order/spot-history' },
      ]}
      moreLabel={t('spot.orders.all')}
      maxHeight={260}
      dialogs={
        <>
          <RevokeQuestion actor={open.question} />
          <RevokeQuestion actor={stops.question} />
        </>
      }
    >
      {(tab) =>
        tab === 'open' ? (
          <div data-testid="spot-open-orders">
            <DataTable columns={openColumns} rows={open.orders} label={t('trade.openOrders')} emptyKey="spot.orders.noOpen" pinLast />
          </div>
        ) : tab === 'stops' ? (
          <DataTable columns={stopColumns} rows={stops.stops} label={t('spot.stops.title')} emptyKey="spot.stops.none" pinLast />
        ) : (
          <DataTable columns={historyColumns} rows={history.orders} label={t('menu.order.history')} emptyKey="spot.orders.noHistory" />
        )
      }
    </TabbedPanel>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionFlow } from '../../../app/views/hooks';
import { SignInButtons } from '../../../app/ui/SignInButtons';
import { DataTable } from '../../../app/ui/DataTable';
import { Muted, Panel, PanelBody, PanelHeader } from '../../../app/ui/Panel';
import type { TradeKind } from './tradeKind';

const FORM_TITLES: Record<TradeKind, string> = { spot: 'trade.placeOrder', contract: 'trade.openPosition', seconds: 'trade.placeSeconds' };
const ORDER_COLUMNS = ['col.time', 'col.direction', 'col.price', 'col.quantity', 'col.status'].map((key) => ({ key }));

/**
 * The book with the form's and the orders' places held where the product's own panels are not
 * shown: a visitor is asked to log in or register (spec §6); a trader on a product with no panels
 * of its own is told its market is not open yet.
 */
export function PlaceholderPanels(props: { kind: TradeKind; book: ReactNode }) {
  const { t } = useTranslation();
  const session = useSessionFlow();
  return (
    <>
      {props.book}
      <Panel className="form">
        <PanelHeader>
          <h2>{t(FORM_TITLES[props.kind])}</h2>
        </PanelHeader>
        <PanelBody>
          {session.hasSession ? (
            <Muted>{t(props.kind === 'seconds' ? 'pending.seconds' : 'pending.futures')}</Muted>
          ) : (
            <div style={{ display: 'grid', gap: 10 }}>
              <Muted>{t('trade.loginToTrade')}</Muted>
              <SignInButtons />
            </div>
          )}
        </PanelBody>
      </Panel>
      <Panel className="orders">
        <PanelHeader>
          <h2>{t('trade.openOrders')}</h2>
        </PanelHeader>
        <DataTable<never> columns={ORDER_COLUMNS} rows={[]} rowKey={() => ''} emptyKey={session.hasSession ? undefined : 'trade.loginToTrade'} />
      </Panel>
    </>
  );
}

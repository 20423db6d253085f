import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSessionFlow } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Muted, Panel, PanelBody, PanelHeader } from '../../ui/Panel';
import type { TradeKind } from './TradePage';

/** Order entry: a login prompt for visitors; order entry itself arrives with the trading release. */
export function OrderEntryPanel(props: { kind: TradeKind; className?: string }) {
  const { t } = useTranslation();
  const session = useSessionFlow();
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <h2>{t(props.kind === 'spot' ? 'trade.placeOrder' : props.kind === 'contract' ? 'trade.openPosition' : 'trade.placeSeconds')}</h2>
      </PanelHeader>
      <PanelBody>
        {session.hasSession ? (
          <Muted>{t('pending.trading')}</Muted>
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

export function OpenOrdersPanel(props: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <h2>{t('trade.openOrders')}</h2>
      </PanelHeader>
      <DataTable<never> columns={['col.time', 'col.direction', 'col.price', 'col.quantity', 'col.status'].map((key) => ({ key }))} rows={[]} rowKey={() => ''} />
    </Panel>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WalletAccountPage } from '../../wallet/views/WalletAccountPage';
import { Figure } from '../../wallet/views/walletUi';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { useFuturesRecords } from '../futures.hooks';
import { cut, ratioPercent, Signed } from './futuresUi';

/**
 * /wallet/contract (spec §3 wallet fields): total equity, available, frozen, margin, unrealised PnL,
 * the cross margin ratio and each position's estimated liquidation price, above the account's
 * balances as every wallet account shows them.
 */
export function FuturesWalletPage() {
  const { t } = useTranslation();
  const { account } = useFuturesRecords('wallet');
  const figure = (label: string, value: React.ReactNode, testId?: string) => (
    <Figure>
      <span className="label">{t(label)}</span>
      <span className="value big" data-testid={testId}>{account ? value : '—'}</span>
    </Figure>
  );
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Panel aria-label={t('futures.account')}>
        <PanelBody style={{ display: 'flex', gap: 32, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          {figure('futures.equity', account && `${cut(account.equity)} USDT`, 'futures-equity')}
          {figure('col.available', account && cut(account.available))}
          {figure('futures.orderFrozen', account && cut(account.frozen))}
          {figure('col.margin', account && cut(account.margin))}
          {figure('futures.unrealisedPnl', account && <Signed value={cut(account.unrealised_pnl)} />)}
          {figure('futures.marginRatio', account && ratioPercent(account.margin_ratio))}
          {figure(
            'futures.liquidationPrice',
            account && (account.positions.length === 0 ? '—' : account.positions.map((p) => `${p.symbol.replace('_USDT', '')} ${p.liquidation_price === '0' ? '—' : cut(p.liquidation_price, 2)}`).join(' · ')),
          )}
          <Link to="/order/u-hold" style={{ marginLeft: 'auto' }}>
            {t('page.order.uHold')} →
          </Link>
        </PanelBody>
      </Panel>
      <WalletAccountPage account="contract" />
    </div>
  );
}

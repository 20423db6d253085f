import { useTranslation } from 'react-i18next';
import { ProductWalletPage } from '../../../kit/wallet/WalletAccountPage';
import { Figure } from '../../../kit/wallet/walletUi';
import { useFuturesPairOf, useFuturesRecords } from '../futures.hooks';
import { Signed } from './futuresUi';
import { FUTURES_CURRENCY } from '../../../../domain/futures/api';
import { money, price, ratioPercent } from '../../../../domain/figures';

/**
 * /wallet/contract (spec §3 wallet fields): total equity, available, frozen, margin, unrealised PnL,
 * the cross margin ratio and each position's estimated liquidation price, above the account's
 * balances as every wallet account shows them.
 */
export function FuturesWalletPage() {
  const { t } = useTranslation();
  const { account } = useFuturesRecords('wallet');
  const pairOf = useFuturesPairOf();
  const usdt = (value: string) => money(value, FUTURES_CURRENCY);
  const figure = (label: string, value: React.ReactNode, testId?: string) => (
    <Figure>
      <span className="label">{t(label)}</span>
      <span className="value big" data-testid={testId}>{account ? value : '—'}</span>
    </Figure>
  );
  return (
    <ProductWalletPage account="contract" label={t('futures.account')} figureGap={32} records={{ to: '/order/u-hold', text: t('page.order.uHold') }}>
      {figure('futures.equity', account && `${usdt(account.equity)} ${FUTURES_CURRENCY}`, 'futures-equity')}
      {figure('col.available', account && usdt(account.available))}
      {figure('futures.orderFrozen', account && usdt(account.frozen))}
      {figure('col.margin', account && usdt(account.margin))}
      {figure('futures.unrealisedPnl', account && <Signed value={account.unrealised_pnl} asset={FUTURES_CURRENCY} />)}
      {figure('futures.marginRatio', account && ratioPercent(account.margin_ratio))}
      {figure(
        'futures.liquidationPrice',
        account && (account.positions.length === 0 ? '—' : account.positions.map((p) => `${p.symbol.replace('_USDT', '')} ${p.liquidation_price === '0' ? '—' : price(p.liquidation_price, pairOf(p.symbol).price_precision)}`).join(' · ')),
      )}
    </ProductWalletPage>
  );
}

import { useTranslation } from 'react-i18next';
import { money, signedMoney, tone } from '../../../../domain/figures';
import { SECONDS_CURRENCY } from '../../../../domain/seconds';
import { ProductWalletPage } from '../../../kit/wallet/WalletAccountPage';
import { Figure } from '../../../kit/wallet/walletUi';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { useSecondsEnabled, useSecondsOrders } from '../seconds.hooks';

/**
 * /wallet/secContract (spec §2): the seconds contract account's balances, as every wallet account
 * shows them, and above them today's result and what open contracts hold.
 */
export function SecondsWalletPage() {
  if (!useSecondsEnabled()) return <NotFoundPage />;
  return <SecondsWallet />;
}

function SecondsWallet() {
  const { t } = useTranslation();
  const { account } = useSecondsOrders('current');
  const today = account?.today_profit;
  return (
    <ProductWalletPage account="sec_contract" label={t('seconds.todayResult')} figureGap={40} records={{ to: '/order/sec-history', text: t('seconds.history') }}>
      <Figure>
        <span className="label">{t('seconds.todayResult')}</span>
        <span className={`value big ${tone(today)}`} data-testid="seconds-today">
          {today === undefined ? '—' : `${signedMoney(today, SECONDS_CURRENCY)} ${SECONDS_CURRENCY}`}
        </span>
      </Figure>
      <Figure>
        <span className="label">{t('seconds.openContracts')}</span>
        <span className="value big">{account ? `${account.open_count} · ${money(account.frozen, SECONDS_CURRENCY)} ${SECONDS_CURRENCY}` : '—'}</span>
      </Figure>
    </ProductWalletPage>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AccountSummary } from '../../../../domain/wallet';
import { overviewFigures } from '../../../../domain/walletAmounts';
import { useWalletAccounts } from '../../../app/walletAccountList';
import { money, signedMoney } from '../../../../domain/figures';
import { useFiat } from '../../../app/views/hooks';
import { useWalletBalances } from '../wallet.hooks';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { ActionLinks } from './ActionLinks';
import { Card, Figure, Figures, Stack } from '../../../kit/wallet/walletUi';

/** /wallet: total valuation in the pricing currency and in BTC, today's P&L, and each account. */
export function WalletOverviewPage() {
  const { t } = useTranslation();
  const fiat = useFiat();
  const wallet = useWalletBalances();
  const overview = wallet.overview;
  // Each account's name and page, as the product keeping it declares them on its wallet menu entry.
  const accounts = useWalletAccounts();
  const linkOf = (r: AccountSummary) => accounts.find((a) => a.account === r.account);
  const { totalBtc: btc, pnl, pnlSign } = overview ? overviewFigures(overview) : { totalBtc: undefined, pnl: '0', pnlSign: 0 };
  const pnlTone = pnlSign > 0 ? 'up' : pnlSign < 0 ? 'down' : '';
  return (
    <Stack>
      <Card aria-busy={wallet.loading}>
        <div className="head">
          <h1>{t('menu.wallet.overview')}</h1>
          <ActionLinks />
        </div>
        <p className="intro">{t('page.wallet.intro')}</p>
        <p className="intro"><Link to="/liabilities" data-testid="wallet-liabilities-link">{t('liabilities.walletLink')}</Link></p>
        <Figures>
          <Figure>
            <span className="label">{t('wallet.totalValuation', { currency: fiat.pricing.name })}</span>
            <span className="value big" data-testid="wallet-total">{overview ? fiat.format(overview.total_usdt) : '—'}</span>
            <span className="sub">≈ {btc ? `${money(btc, 'BTC')} BTC` : '—'}</span>
          </Figure>
          <Figure>
            <span className="label">{t('wallet.totalUsdt')}</span>
            <span className="value">{overview ? `${money(overview.total_usdt, 'USDT')} USDT` : '—'}</span>
          </Figure>
          <Figure>
            <span className="label">{t('col.todayPnl')}</span>
            <span className={`value ${pnlTone}`}>{overview ? `${pnlSign > 0 ? '+' : ''}${fiat.format(pnl)}` : '—'}</span>
            <span className="sub">{overview ? `${signedMoney(pnl, 'USDT')} USDT` : ''}</span>
          </Figure>
        </Figures>
        {wallet.failed && (
          <Button type="button" $variant="ghost" $small onClick={wallet.refresh} style={{ marginTop: 10 }}>
            {t('common.retry')}
          </Button>
        )}
      </Card>
      <Card>
        <div className="head">
          <h2>{t('menu.wallet.accounts')}</h2>
        </div>
        <DataTable<AccountSummary>
          label={t('menu.wallet.accounts')}
          rows={overview?.accounts ?? []}
          rowKey={(r) => r.account}
          emptyKey={wallet.loading ? 'common.loading' : 'common.noData'}
          columns={[
            { key: 'col.account', render: (r) => (linkOf(r) ? <Link to={linkOf(r)!.to}>{t(linkOf(r)!.labelKey)}</Link> : r.account) },
            { key: 'col.valuation', align: 'right', render: (r) => <span className="num">{fiat.format(r.valuation_usdt)}</span> },
            { key: 'wallet.valuationUsdt', align: 'right', render: (r) => <span className="num dim">{money(r.valuation_usdt, 'USDT')}</span> },
            {
              key: 'col.actions',
              align: 'right',
              render: (r) => (
                <span style={{ display: 'inline-flex', gap: 10 }}>
                  {linkOf(r) && <Link to={linkOf(r)!.to}>{t('wallet.details')}</Link>}
                  <Link to={`/wallet/transfer?from=${r.account}`}>{t('menu.wallet.transfer')}</Link>
                </span>
              ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WalletAccount, WalletBalance } from '../../../domain/wallet';
import { compareDecimal } from '../../../domain/decimal';
import { money } from '../../../domain/figures';
import { useFiat } from '../../app/views/hooks';
import { accountLabelKey, useWalletAccounts } from '../../app/walletAccountList';
import { WalletAccountsContext } from './walletAccounts.context';
import { Button } from '../../app/ui/Button';
import { DataTable } from '../../app/ui/DataTable';
import { Panel, PanelBody } from '../../app/ui/Panel';
import { Card, Figure } from './walletUi';

/**
 * /wallet/spot, /contract, /secContract, /legalSymbol, /subscribe: one account's balances per
 * currency, read through the kit's wallet-accounts slot (the wallet product fills it), so the
 * products whose accounts the wallet keeps show it under their own figures.
 */
export function WalletAccountPage(props: { account: WalletAccount }) {
  const { t } = useTranslation();
  const fiat = useFiat();
  const wallet = WalletAccountsContext.use().useAccountBalances(props.account);
  const summary = wallet.overview?.accounts.find((a) => a.account === props.account);
  const labelKey = accountLabelKey(useWalletAccounts(), props.account);
  const title = labelKey ? t(labelKey) : props.account;
  // Deposits arrive in and withdrawals leave from the spot account; every account can transfer.
  const chainActions = props.account === 'spot';
  // Every currency can sit in spot; the other accounts list what they hold and their settlement
  // currency, USDT, not a dozen rows of zeros (issue 50 C11).
  const rows = chainActions ? wallet.rows : wallet.rows.filter((r) => r.currency === 'USDT' || compareDecimal(r.available, '0') !== 0 || compareDecimal(r.frozen, '0') !== 0);
  return (
    <Card aria-busy={wallet.loading}>
      <div className="head">
        <h1>{title}</h1>
        <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center', fontSize: 12, minHeight: 32 }} className="dim">
          <input type="checkbox" checked={wallet.hideZero} onChange={(e) => wallet.setHideZero(e.target.checked)} />
          {t('wallet.hideZero')}
        </label>
      </div>
      <p className="intro">{t('page.walletAccount.intro')}</p>
      <div style={{ display: 'flex', gap: 40, marginBottom: 14 }}>
        <Figure>
          <span className="label">{t('wallet.accountValuation', { currency: fiat.pricing.name })}</span>
          <span className="value big">{summary ? fiat.format(summary.valuation_usdt) : '—'}</span>
          <span className="sub">{summary ? `${money(summary.valuation_usdt, 'USDT')} USDT` : ''}</span>
        </Figure>
      </div>
      <DataTable<WalletBalance>
        label={title}
        rows={rows}
        rowKey={(r) => r.currency}
        emptyKey={wallet.loading ? 'common.loading' : 'wallet.noBalances'}
        columns={[
          { key: 'col.currency', render: (r) => <b>{r.currency}</b> },
          { key: 'col.available', align: 'right', render: (r) => <span className="num">{money(r.available, r.currency)}</span> },
          { key: 'col.frozen', align: 'right', render: (r) => <span className="num dim">{money(r.frozen, r.currency)}</span> },
          { key: 'col.valuation', align: 'right', render: (r) => <span className="num">{fiat.format(r.valuation_usdt)}</span> },
          {
            key: 'col.actions',
            align: 'right',
            render: (r) => (
              <span style={{ display: 'inline-flex', gap: 12 }}>
                {chainActions && <Link to={`/wallet/recharge/${r.currency}`}>{t('menu.wallet.recharge')}</Link>}
                {chainActions && <Link to={`/wallet/cash/${r.currency}`}>{t('menu.wallet.cash')}</Link>}
                <Link to={`/wallet/transfer?currency=${r.currency}&from=${props.account}`}>{t('menu.wallet.transfer')}</Link>
                {/* Convert pays from the spot balance: from here, that currency is what is paid. */}
                {chainActions && <Link to={`/convert?from=${r.currency}`}>{t('nav.convert')}</Link>}
              </span>
            ),
          },
        ]}
      />
      {wallet.failed && (
        <Button type="button" $variant="ghost" $small onClick={wallet.refresh} style={{ marginTop: 10 }}>
          {t('common.retry')}
        </Button>
      )}
    </Card>
  );
}

/**
 * A product's own account (/wallet/contract, /secContract): its figures and a link to its records
 * in a panel named `label`, above the account's balances as every wallet account shows them.
 */
export function ProductWalletPage(props: { account: WalletAccount; label: string; figureGap: number; records: { to: string; text: string }; children: ReactNode }) {
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Panel aria-label={props.label}>
        <PanelBody style={{ display: 'flex', gap: props.figureGap, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          {props.children}
          <Link to={props.records.to} style={{ marginLeft: 'auto' }}>
            {props.records.text} →
          </Link>
        </PanelBody>
      </Panel>
      <WalletAccountPage account={props.account} />
    </div>
  );
}

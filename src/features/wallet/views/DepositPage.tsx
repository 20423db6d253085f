import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PHONE } from '../../../app/theme';
import { QR_SIZES } from '../../../../domain/constants';
import { money } from '../../../../domain/figures';
import type { DepositRecord } from '../../../../domain/wallet';
import { useDepositFlow, useWalletRecords } from '../wallet.hooks';
import { Button } from '../../../app/ui/Button';
import { CurrencySelect } from './CurrencySelect';
import { NetworkChoice } from './NetworkChoice';
import { depositColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';
import { Card, Stack, Tip, WalletForm } from './walletUi';

/** How often the recent deposits are read while the page is open: they advance on the server's confirmation timer. */
const DEPOSIT_POLL_MS = 3000;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 24px;
  align-items: start;
  ${PHONE} { grid-template-columns: minmax(0, 1fr); gap: 14px; .qr { flex-wrap: wrap; } }
  .qr { display: flex; gap: 14px; align-items: flex-end; }
  .qr figure { margin: 0; text-align: center; font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
  .qr svg { background: #fff; padding: 8px; border-radius: 6px; display: block; margin-bottom: 4px; }
  .address { font-family: ${({ theme }) => theme.font.mono}; font-size: 13px; word-break: break-all; padding: 8px 10px; background: ${({ theme }) => theme.color.panelRaised}; border: 1px solid ${({ theme }) => theme.color.border}; border-radius: 4px; flex: 1; }
`;

/** The latest deposits, of one currency when given, re-read while shown as they confirm. */
function RecentDeposits(props: { currency: string | undefined }) {
  const { t } = useTranslation();
  const records = useWalletRecords<DepositRecord>('deposits', { days: 7, pollMs: DEPOSIT_POLL_MS, currency: props.currency });
  return <RecordsCard<DepositRecord> title={t('wallet.deposit.recent')} records={records} columns={depositColumns(t)} />;
}

/** /wallet/recharge/{currency?}: currency, network, address with QR codes, minimum, the security tip, recent deposits. */
export function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const flow = useDepositFlow(params.currency);
  const network = flow.networks.find((n) => n.network === flow.network);
  /** Until a known currency is chosen the list shows every currency's deposits. */
  const listedCurrency = flow.choosing ? undefined : flow.currency;
  const choose = (symbol: string) => {
    flow.chooseCurrency(symbol);
    navigate(`/wallet/recharge/${symbol}`, { replace: true });
  };
  return (
    <Stack>
      <Card aria-busy={flow.loading}>
        <div className="head">
          <h1>{t('menu.wallet.recharge')}</h1>
        </div>
        <p className="intro">{t('page.recharge.intro')}</p>
        <Layout>
          <WalletForm>
            <div className="row">
              <CurrencySelect value={flow.currency} onChange={choose} closedWhen="recharge" />
              <div />
            </div>
            {flow.choosing && <Tip $tone="up">{t('wallet.deposit.chooseFirst')}</Tip>}
            {flow.closed && <Tip $tone="down" role="alert">{t('wallet.deposit.closed', { currency: flow.currency })}</Tip>}
            {flow.networks.length > 0 && !flow.closed && <NetworkChoice networks={flow.networks} value={flow.network} purpose="deposit" onChange={flow.chooseNetwork} />}
            {(flow.ready || flow.loading) && !flow.closed && flow.currency && (
              <>
                <div className="field">
                  <span className="label">{t('wallet.deposit.address', { currency: flow.currency, network: flow.network ?? '' })}</span>
                  <div className="with-button">
                    <span className="address" data-testid="deposit-address">
                      {flow.address?.address ?? t('common.loading')}
                    </span>
                    <Button type="button" $variant="ghost" disabled={!flow.ready || flow.copying} onClick={flow.copy}>
                      {t('settings.copy')}
                    </Button>
                  </div>
                </div>
                <div className="hint">
                  <span>{t('wallet.deposit.minimum')}</span>
                  <b>{flow.address ? `${money(flow.address.deposit_min, flow.currency)} ${flow.currency}` : network ? `${money(network.deposit_min, flow.currency)} ${flow.currency}` : '—'}</b>
                </div>
                {network && (
                  <div className="hint">
                    <span>{t('wallet.deposit.confirmations')}</span>
                    <b>{network.confirmations}</b>
                  </div>
                )}
                <Tip role="note">{t('wallet.deposit.networkTip', { currency: flow.currency, network: flow.network ?? '' })}</Tip>
              </>
            )}
            {flow.failed && (
              <Button type="button" $variant="ghost" $small onClick={flow.retry} style={{ justifySelf: 'start' }}>
                {t('common.retry')}
              </Button>
            )}
          </WalletForm>
          {flow.address && (
            <div className="qr" aria-label={t('wallet.deposit.qr')}>
              <figure>
                <QRCodeSVG value={flow.address.address} size={QR_SIZES.large} />
                {t('wallet.deposit.scan')}
              </figure>
              <figure>
                <QRCodeSVG value={flow.address.address} size={QR_SIZES.small} />
                {flow.address.network}
              </figure>
            </div>
          )}
        </Layout>
      </Card>
      {/* One list per chosen currency: a new choice starts its own list (and its own polling) from page 1. */}
      <RecentDeposits key={listedCurrency ?? ''} currency={listedCurrency} />
    </Stack>
  );
}

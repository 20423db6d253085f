import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PHONE } from '../../../app/theme';
import { QR_SIZES } from '../../../../domain/constants';
import { formatDateTime } from '../../../../domain/localeFormat';
import type { DepositAddress, DepositRecord } from '../../../../domain/wallet';
import { useDepositFlow, useWalletRecords } from '../wallet.hooks';
import { Button } from '../../../app/ui/Button';
import { QrCode } from '../../../app/ui/QrCode';
import { CurrencyStep } from './CurrencySelect';
import { NetworkChoice } from './NetworkChoice';
import { depositColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';
import { FormCard, Hint, inCurrency, Stack, Tip, WalletForm } from '../../../kit/wallet/walletUi';

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

/** The address as one QR code to scan, captioned with its network (two codes of one address only puzzled: issue 50 C6). */
function AddressQr(props: { address: DepositAddress }) {
  const { t } = useTranslation();
  const { address } = props;
  return (
    <div className="qr" aria-label={t('wallet.deposit.qr')}>
      <figure>
        <QrCode value={address.address} size={QR_SIZES.large} />
        {t('wallet.deposit.scan')} · {address.network}
      </figure>
    </div>
  );
}

/**
 * /wallet/recharge/{currency?}: currency, network, address with QR codes, minimum and fee, the
 * security tip, recent deposits (held ones with their reason); a closed currency being delisted
 * says why and until when its withdrawals stay open.
 */
export function DepositPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const flow = useDepositFlow(params.currency);
  // A currency being delisted: its deposits closed with the announcement, which its networks say with the reason and the end (issue 52 §1).
  const delisting = flow.closed ? flow.networks.find((n) => n.delisting)?.delisting : undefined;
  const network = flow.networks.find((n) => n.network === flow.network);
  /** Until a known currency is chosen the list shows every currency's deposits. */
  const listedCurrency = flow.choosing ? undefined : flow.currency;
  return (
    <Stack>
      <FormCard title={t('menu.wallet.recharge')} intro={t('page.recharge.intro')} busy={flow.loading}>
        <Layout>
          <WalletForm>
            <CurrencyStep purpose="deposit" flow={flow} />
            {delisting && (
              <Tip role="note" $tone="warn">
                {t('wallet.deposit.delisting', { currency: flow.currency, reason: delisting.reason, time: formatDateTime(new Date(delisting.delist_at), i18n.language) })}
              </Tip>
            )}
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
                <Hint label={t('wallet.deposit.minimum')}>{flow.address ? inCurrency(flow.address.deposit_min, flow.currency) : network ? inCurrency(network.deposit_min, flow.currency) : '—'}</Hint>
                <Hint label={t('wallet.deposit.fee')}>{flow.address ? inCurrency(flow.address.deposit_fee, flow.currency) : network ? inCurrency(network.deposit_fee, flow.currency) : '—'}</Hint>
                {network && <Hint label={t('wallet.deposit.confirmations')}>{network.confirmations}</Hint>}
                <Tip role="note">{t('wallet.deposit.networkTip', { currency: flow.currency, network: flow.network ?? '' })}</Tip>
                <Tip role="note">{t('wallet.deposit.belowMinimumNote')}</Tip>
              </>
            )}
            {flow.failed && (
              <Button type="button" $variant="ghost" $small onClick={flow.retry} style={{ justifySelf: 'start' }}>
                {t('common.retry')}
              </Button>
            )}
          </WalletForm>
          {flow.address && <AddressQr address={flow.address} />}
        </Layout>
      </FormCard>
      {/* One list per chosen currency: a new choice starts its own list (and its own polling) from page 1. */}
      <RecentDeposits key={listedCurrency ?? ''} currency={listedCurrency} />
    </Stack>
  );
}

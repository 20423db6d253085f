import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { useFiatSeller } from '../fiat.hooks';
import { FIAT_STATUS_KEYS } from '../machines/fiatOrderShared';
import { formatCountdown } from '../../../../domain/duration';
import { fiatAmount, money } from '../../../../domain/figures';
import { Band, Frame } from './fiatStyles';
import { AppealDialog } from './AppealDialog';
import { OrderChat } from './OrderChat';
import { OrderFacts } from './OrderFacts';
import { AppealRuling } from './AppealRuling';
import { OrderHeader } from './OrderHeader';
import { useStepAddress } from './OrderPage';

const SELLER_STEPS = ['fiat.step.waitingPayment', 'fiat.step.buyerPaid', 'fiat.step.confirmCollection', 'fiat.step.success'] as const;

/** The seller's side (spec §4): waiting for the buyer's payment → buyer paid → confirm collection → success. */
export function SellerView(props: { orderId: number }) {
  const { t } = useTranslation();
  const s = useFiatSeller(props.orderId);
  const o = s.order;
  useStepAddress(o && o.role === 'buyer' ? `/deal/${o.status === 'unpaid' ? 'buy-detail' : 'buy-confirm'}/${o.id}` : undefined);
  const stepIndex = s.completed ? 3 : s.paid || s.inAppeal ? 2 : s.unpaid ? 0 : 0;
  return (
    <Frame style={{ maxWidth: 820 }}>
      <OrderHeader titleKey="page.deal.sellDetail" steps={SELLER_STEPS} stepIndex={stepIndex} loading={s.loading && !o} failed={s.failed} onRetry={s.retry} />
      {o && (
        <>
          {s.unpaid && (
            <Band $tone="warn" role="status">
              <div>
                <h2>{t('fiat.waitingBuyer')}</h2>
                <div className="dim">{t('fiat.waitingBuyerHint', { quantity: money(o.quantity, o.crypto), crypto: o.crypto, amount: fiatAmount(o.amount), fiat: o.fiat })}</div>
              </div>
              <div className="countdown" data-testid="countdown">
                {formatCountdown(s.payLeft)}
              </div>
            </Band>
          )}
          {(s.paid || s.inAppeal) && (
            <Band $tone="warn" role="status">
              <div>
                <h2>{t(s.inAppeal ? 'fiat.inAppeal' : 'fiat.buyerPaid', { amount: fiatAmount(o.amount), fiat: o.fiat })}</h2>
                <div className="dim">{t('fiat.checkBank', { amount: fiatAmount(o.amount), fiat: o.fiat, buyer: o.buyer_name })}</div>
              </div>
              {s.paid && (
                <div className="countdown" data-testid="countdown">
                  {formatCountdown(s.confirmLeft)}
                </div>
              )}
              <div className="actions">
                {s.paid && (
                  <Button $variant="ghost" onClick={s.appeal}>
                    {t('fiat.appeal')}
                  </Button>
                )}
                <Button $variant="primary" onClick={s.release}>
                  {t('fiat.confirmReceipt')}
                </Button>
                {s.releaseFailed && (
                  <Button $variant="ghost" onClick={s.retry}>
                    {t('common.retry')}
                  </Button>
                )}
              </div>
            </Band>
          )}
          {s.completed && (
            <Band $tone="up" role="status">
              <div>
                <h2 className="up">{t('fiat.saleCompleted')}</h2>
                <div className="dim">{t('fiat.releasedTo', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })}</div>
              </div>
              <Link to="/deal">{t('fiat.backToAds')}</Link>
            </Band>
          )}
          {s.cancelled && (
            <Band $tone="dim" role="status">
              <div>
                <h2>{t(FIAT_STATUS_KEYS.cancelled)}</h2>
                <div className="dim">{t('fiat.escrowReturned')}</div>
              </div>
            </Band>
          )}
          <AppealRuling order={o} />
          <Panel>
            <PanelBody>
              <OrderFacts order={o} />
            </PanelBody>
          </Panel>
          {o.role === 'seller' && <OrderChat orderId={o.id} mine="seller" />}
        </>
      )}
      {o && (s.confirmingRelease || s.releasing) && (
        <ConfirmDialog title={t('fiat.confirmReceipt')} cancelLabel={t('common.cancel')} confirmLabel={t('common.confirm')} busy={s.releasing} onCancel={s.back} onConfirm={s.confirm}>
          {t('fiat.confirmRelease', { amount: fiatAmount(o.amount), fiat: o.fiat, quantity: money(o.quantity, o.crypto), crypto: o.crypto, buyer: o.buyer_name })}
        </ConfirmDialog>
      )}
      {s.appealRef && <AppealDialog appeal={s.appealRef} />}
    </Frame>
  );
}

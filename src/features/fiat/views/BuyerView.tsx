import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { useFiatBuyer } from '../fiat.hooks';
import { buyerTitleKey, FIAT_STATUS_KEYS } from '../machines/fiatOrderShared';
import { AppealRuling } from './AppealRuling';
import { formatCountdown } from '../../../../domain/duration';
import { fiatAmount, money } from '../../../../domain/figures';
import { Band, Frame } from './fiatStyles';
import { AppealDialog } from './AppealDialog';
import { OrderChat } from './OrderChat';
import { OrderFacts } from './OrderFacts';
import { OrderHeader } from './OrderHeader';
import { useStepAddress } from './OrderPage';

const BUYER_STEPS = ['fiat.step.created', 'fiat.step.pay', 'fiat.step.submitted', 'fiat.step.sellerConfirms', 'fiat.step.success'] as const;

/** The buyer's side (spec §4): order created → pay within the limit → payment submitted → the seller confirms → success. */
export function BuyerView(props: { orderId: number; step: 'detail' | 'confirm' }) {
  const { t } = useTranslation();
  const b = useFiatBuyer(props.orderId);
  const o = b.order;
  const waiting = b.paid || b.inAppeal;
  useStepAddress(o && (o.role === 'seller' ? `/deal/sell-detail/${o.id}` : waiting || b.completed ? `/deal/buy-confirm/${o.id}` : b.unpaid ? `/deal/buy-detail/${o.id}` : undefined));
  const stepIndex = b.completed ? 4 : waiting ? 3 : b.unpaid ? 1 : 0;
  return (
    <Frame style={{ maxWidth: 820 }}>
      <OrderHeader titleKey={buyerTitleKey(o?.status, props.step)} steps={BUYER_STEPS} stepIndex={stepIndex} loading={b.loading && !o} failed={b.failed} onRetry={b.retry} />
      {o && (
        <>
          {b.unpaid && (
            <Band $tone="warn" role="status">
              <div>
                <h2>{t('fiat.payTitle', { amount: fiatAmount(o.amount), fiat: o.fiat })}</h2>
                <div className="dim">{t('fiat.payHint', { seller: o.seller_name })}</div>
                {o.graced && <div className="faint">{t('fiat.graced')}</div>}
              </div>
              <div className="countdown" aria-label={t('fiat.timeLeft')} data-testid="countdown">
                {formatCountdown(b.payLeft)}
              </div>
              <div className="actions">
                <Button $variant="ghost" onClick={b.cancel}>
                  {t('fiat.cancelOrder')}
                </Button>
                <Button $variant="primary" onClick={b.pay}>
                  {t('fiat.iHavePaid')}
                </Button>
              </div>
            </Band>
          )}
          {b.paid && (
            <Band $tone="warn" role="status">
              <div>
                <h2>{t('fiat.waitingSeller')}</h2>
                <div className="dim">{t('fiat.waitingSellerHint', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })}</div>
              </div>
              <div className="countdown" data-testid="countdown">
                {formatCountdown(b.confirmLeft)}
              </div>
              <div className="actions">
                {b.mayAppeal ? (
                  <Button $variant="danger" onClick={b.appeal}>
                    {t('fiat.appeal')}
                  </Button>
                ) : (
                  <span className="faint">{t('fiat.appealAfter')}</span>
                )}
              </div>
            </Band>
          )}
          {b.inAppeal && (
            <Band $tone="warn" role="status">
              <div>
                <h2>{t('fiat.inAppeal')}</h2>
                <div className="dim">{t('fiat.inAppealHint')}</div>
              </div>
            </Band>
          )}
          {b.completed && (
            <Band $tone="up" role="status">
              <div>
                <h2 className="up">{t('fiat.purchaseSucceeded')}</h2>
                <div className="dim">{t('fiat.releasedTo', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })}</div>
              </div>
              <div className="actions">
                <Link to="/wallet/legalSymbol">{t('fiat.toFiatAccount')}</Link>
                <Link to="/deal">{t('fiat.backToAds')}</Link>
              </div>
            </Band>
          )}
          {b.cancelled && (
            <Band $tone="dim" role="status">
              <div>
                <h2>{t(FIAT_STATUS_KEYS.cancelled)}</h2>
                <div className="dim">{t(o.cancel_reason === 'expired' ? 'fiat.cancelledExpired' : o.cancel_reason === 'operator' ? 'fiat.cancelledOperator' : 'fiat.cancelledBuyer')}</div>
              </div>
              <Link to="/deal">{t('fiat.backToAds')}</Link>
            </Band>
          )}
          <AppealRuling order={o} />
          <Panel>
            <PanelBody>
              <OrderFacts order={o} onCopy={b.copy} />
              {b.unpaid && <p className="faint">{t('fiat.payNote')}</p>}
            </PanelBody>
          </Panel>
          {o.role === 'buyer' && <OrderChat orderId={o.id} mine="buyer" />}
        </>
      )}
      {o && (b.confirmingPay || b.paying) && (
        <ConfirmDialog title={t('fiat.iHavePaid')} cancelLabel={t('common.cancel')} confirmLabel={t('common.confirm')} busy={b.paying} onCancel={b.back} onConfirm={b.confirm}>
          {t('fiat.confirmPaid', { amount: fiatAmount(o.amount), fiat: o.fiat, seller: o.seller_name })}
        </ConfirmDialog>
      )}
      {o && (b.confirmingCancel || b.cancelling) && (
        <ConfirmDialog title={t('fiat.cancelOrder')} cancelLabel={t('common.cancel')} confirmLabel={t('common.confirm')} tone="danger" busy={b.cancelling} onCancel={b.back} onConfirm={b.confirm}>
          {t('fiat.confirmCancel')}
        </ConfirmDialog>
      )}
      {b.appealRef && <AppealDialog appeal={b.appealRef} />}
    </Frame>
  );
}

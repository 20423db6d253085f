import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../app/ui/Button';
import { ConfirmActDialog } from '../../../app/ui/ConfirmDialog';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { useFiatBuyer } from '../fiat.hooks';
import { buyerTitleKey, FIAT_STATUS_KEYS } from '../machines/fiatOrderShared';
import { AppealRuling } from './AppealRuling';
import { money } from '../../../../domain/figures';
import { fiatFigure } from './fiatFormat';
import { Frame } from './fiatStyles';
import { AppealDialog } from './AppealDialog';
import { OrderChat } from './OrderChat';
import { OrderFacts } from './OrderFacts';
import { OrderHeader } from './OrderHeader';
import { useStepAddress } from './stepAddress';
import { ActionPair, Countdown, StepBand } from './StepBand';

const BUYER_STEPS = ['fiat.step.created', 'fiat.step.pay', 'fiat.step.submitted', 'fiat.step.sellerConfirms', 'fiat.step.success'] as const;

/** The buyer's side (spec §4): order created → pay within the limit → payment submitted → the seller confirms → success. */
export function BuyerView(props: { orderId: number; step: 'detail' | 'confirm' }) {
  const { t } = useTranslation();
  const b = useFiatBuyer(props.orderId);
  const o = b.order;
  const waiting = b.paid || b.inAppeal;
  useStepAddress(o && (o.role === 'seller' ? `/deal/sell-detail/${o.id}` : waiting || b.completed ? `/deal/buy-confirm/${o.id}` : b.unpaid ? `/deal/buy-detail/${o.id}` : undefined));
  // A cancelled order is at no step (issue 50 C10).
  const stepIndex = b.completed ? 4 : waiting ? 3 : b.unpaid ? 1 : b.cancelled ? -1 : 0;
  return (
    <Frame style={{ maxWidth: 820 }}>
      <OrderHeader titleKey={buyerTitleKey(o?.status, props.step)} steps={BUYER_STEPS} stepIndex={stepIndex} loading={b.loading && !o} failed={b.failed} onRetry={b.retry} />
      {o && (
        <>
          {b.unpaid && (
            <StepBand
              tone="warn"
              title={t('fiat.payTitle', { amount: fiatFigure(o.amount, o.fiat), fiat: o.fiat })}
              hint={t('fiat.payHint', { seller: o.seller_name })}
              note={o.graced && <div className="faint">{t('fiat.graced')}</div>}
            >
              <Countdown seconds={b.payLeft} label={t('fiat.timeLeft')} />
              <div className="actions">
                <ActionPair lesser={{ label: t('fiat.cancelOrder'), variant: 'ghost', onClick: b.cancel }} main={{ label: t('fiat.iHavePaid'), variant: 'primary', onClick: b.pay }} />
              </div>
            </StepBand>
          )}
          {b.paid && (
            <StepBand tone="warn" title={t('fiat.waitingSeller')} hint={t('fiat.waitingSellerHint', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })}>
              <Countdown seconds={b.confirmLeft} />
              <div className="actions">
                {b.mayAppeal ? (
                  <Button $variant="danger" onClick={b.appeal}>
                    {t('fiat.appeal')}
                  </Button>
                ) : (
                  <span className="faint">{t('fiat.appealAfter')}</span>
                )}
              </div>
            </StepBand>
          )}
          {b.inAppeal && <StepBand tone="warn" title={t('fiat.inAppeal')} hint={t('fiat.inAppealHint')} />}
          {b.completed && (
            <StepBand tone="up" title={t('fiat.purchaseSucceeded')} hint={t('fiat.releasedToYou', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })}>
              {/* The order's next steps, as buttons: as plain 19-px links they were hard to tap on a phone. */}
              <div className="actions">
                <Button as={Link} to="/wallet/legalSymbol">{t('fiat.toFiatAccount')}</Button>
                <Button as={Link} to="/deal" $variant="ghost">{t('fiat.backToAds')}</Button>
              </div>
            </StepBand>
          )}
          {b.cancelled && (
            <StepBand
              tone="dim"
              title={t(FIAT_STATUS_KEYS.cancelled)}
              hint={t(o.cancel_reason === 'expired' ? 'fiat.cancelledExpired' : o.cancel_reason === 'operator' ? 'fiat.cancelledOperator' : 'fiat.cancelledBuyer')}
            >
              <Button as={Link} to="/deal" $variant="ghost">{t('fiat.backToAds')}</Button>
            </StepBand>
          )}
          <AppealRuling order={o} />
          <Panel>
            <PanelBody>
              <OrderFacts order={o} onCopy={b.copy} />
              {b.unpaid && <p className="faint">{t('fiat.payNote')}</p>}
            </PanelBody>
          </Panel>
          {o.role === 'buyer' && <OrderChat orderId={o.id} mine="buyer" status={o.status} />}
          <ConfirmActDialog
            actor={b.payQuestion}
            tone="primary"
            texts={() => ({ titleKey: 'fiat.iHavePaid', questionKey: 'fiat.confirmPaid', params: { amount: fiatFigure(o.amount, o.fiat), fiat: o.fiat, seller: o.seller_name } })}
          />
          <ConfirmActDialog actor={b.cancelQuestion} texts={() => ({ titleKey: 'fiat.cancelOrder', questionKey: 'fiat.confirmCancel', keepKey: 'fiat.keepOrder', confirmKey: 'fiat.cancelOrder' })} />
        </>
      )}
      {b.appealRef && <AppealDialog appeal={b.appealRef} />}
    </Frame>
  );
}

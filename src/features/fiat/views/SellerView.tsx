import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProvenActDialog } from './ProofDialog';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { useFiatSeller } from '../fiat.hooks';
import { FIAT_STATUS_KEYS } from '../machines/fiatOrderShared';
import { money } from '../../../../domain/figures';
import { fiatFigure } from './fiatFormat';
import { Frame } from './fiatStyles';
import { AppealDialog } from './AppealDialog';
import { OrderChat } from './OrderChat';
import { OrderFacts } from './OrderFacts';
import { AppealRuling } from './AppealRuling';
import { OrderHeader } from './OrderHeader';
import { useStepAddress } from './stepAddress';
import { ActionPair, Countdown, StepBand } from './StepBand';

const SELLER_STEPS = ['fiat.step.waitingPayment', 'fiat.step.buyerPaid', 'fiat.step.confirmCollection', 'fiat.step.success'] as const;

/** The seller's side (spec §4): waiting for the buyer's payment → buyer paid → confirm collection → success. */
export function SellerView(props: { orderId: number }) {
  const { t } = useTranslation();
  const s = useFiatSeller(props.orderId);
  const o = s.order;
  useStepAddress(o && o.role === 'buyer' ? `/deal/${o.status === 'unpaid' ? 'buy-detail' : 'buy-confirm'}/${o.id}` : undefined);
  // A cancelled order is at no step (issue 50 C10: step 1 stayed highlighted).
  const stepIndex = s.completed ? 3 : s.paid || s.inAppeal ? 2 : s.unpaid ? 0 : -1;
  return (
    <Frame style={{ maxWidth: 820 }}>
      <OrderHeader titleKey="page.deal.sellDetail" steps={SELLER_STEPS} stepIndex={stepIndex} loading={s.loading && !o} failed={s.failed} onRetry={s.retry} />
      {o && (
        <>
          {s.unpaid && (
            <StepBand tone="warn" title={t('fiat.waitingBuyer')} hint={t('fiat.waitingBuyerHint', { quantity: money(o.quantity, o.crypto), crypto: o.crypto, amount: fiatFigure(o.amount, o.fiat), fiat: o.fiat })}>
              <Countdown seconds={s.payLeft} />
            </StepBand>
          )}
          {(s.paid || s.inAppeal) && (
            <StepBand
              tone="warn"
              title={t(s.inAppeal ? 'fiat.inAppeal' : 'fiat.buyerPaid', { amount: fiatFigure(o.amount, o.fiat), fiat: o.fiat })}
              hint={t('fiat.checkBank', { amount: fiatFigure(o.amount, o.fiat), fiat: o.fiat, buyer: o.buyer_name })}
            >
              {s.paid && <Countdown seconds={s.confirmLeft} />}
              <div className="actions">
                <ActionPair lesser={s.paid && { label: t('fiat.appeal'), variant: 'ghost', onClick: s.appeal }} main={{ label: t('fiat.confirmReceipt'), variant: 'primary', onClick: s.release }} />
              </div>
            </StepBand>
          )}
          {s.completed && (
            <StepBand tone="up" title={t('fiat.saleCompleted')} hint={t('fiat.releasedTo', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })}>
              <Link to="/deal">{t('fiat.backToAds')}</Link>
            </StepBand>
          )}
          {s.cancelled && <StepBand tone="dim" title={t(FIAT_STATUS_KEYS.cancelled)} hint={t('fiat.escrowReturned', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })} />}
          <AppealRuling order={o} />
          <Panel>
            <PanelBody>
              <OrderFacts order={o} />
            </PanelBody>
          </Panel>
          {o.role === 'seller' && <OrderChat orderId={o.id} mine="seller" status={o.status} />}
        </>
      )}
      {o && (
        <ProvenActDialog
          actor={s.releaseQuestion}
          tone="primary"
          texts={() => ({
            titleKey: 'fiat.confirmReceipt',
            questionKey: 'fiat.confirmRelease',
            params: { amount: fiatFigure(o.amount, o.fiat), fiat: o.fiat, quantity: money(o.quantity, o.crypto), crypto: o.crypto, buyer: o.buyer_name },
          })}
        />
      )}
      {s.appealRef && <AppealDialog appeal={s.appealRef} />}
    </Frame>
  );
}

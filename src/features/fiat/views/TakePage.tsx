import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdSide } from '../../../../domain/fiat';
import { decimalInput, pointReading } from '../../../../domain/orderMath';
import { PointReadingNote } from '../../../app/ui/FormRows';
import { Button } from '../../../app/ui/Button';
import { RetryButton } from '../../../app/ui/RetryButton';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { PressedChoice } from '../../../app/ui/Segmented';
import { useFiatTake } from '../fiat.hooks';
import { count, money } from '../../../../domain/figures';
import { DEFAULT_LEGAL_TRADE } from '../../../../domain/constants';
import { useAppFlow } from '../../../app/views/hooks';
import { fiatFigure, merchantRecord } from './fiatFormat';
import { Facts, Frame } from './fiatStyles';
import { ProofDialog } from './ProofDialog';
import { TextLink } from '../../../app/ui/TextLink';

/**
 * /deal/buy-next and sell-next (spec §2): the chosen ad, the amount or quantity, the collection
 * method a seller is paid to (their own), and the order behind a confirmation. A sale's confirmation
 * asks for the funds password and, 2FA on, the code (issue 49 §2: the user's crypto goes into
 * escrow for the advertiser). A created order opens buy-detail or sell-detail.
 */
export function TakePage(props: { side: AdSide }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const take = useFiatTake({ adId: Number(params.get('ad')) || 0, by: params.get('by') === 'quantity' ? 'quantity' : 'amount', value: params.get('value') ?? '' });
  const readingId = useId();
  const reading = pointReading(take.value);
  const ad = take.data?.ad;
  const buying = props.side === 'buy';
  // The buyer's time to pay, what the order's countdown starts from (spec §9 legal_trade.pay_time, minutes).
  const payMinutes = useAppFlow().config?.config.legal_trade?.pay_time ?? DEFAULT_LEGAL_TRADE.pay_time;
  return (
    <Frame style={{ maxWidth: 640 }}>
      <Panel>
        <PanelBody>
          <PageTitle>{t(buying ? 'page.deal.buyNext' : 'page.deal.sellNext')}</PageTitle>
          {take.loading && <p className="dim">{t('common.loading')}</p>}
          {take.failed && (
            <p role="alert">
              <RetryButton small onRetry={take.retry} />{' '}
              <Link to="/deal">{t('fiat.backToAds')}</Link>
            </p>
          )}
          {ad && (
            <>
              <Facts>
                <div>
                  <dt>{t('fiat.col.merchant')}</dt>
                  <dd>
                    {ad.merchant} <span className="faint">{((r) => t(r.key, r.params))(merchantRecord(ad.completed, ad.completion_rate))}</span>
                  </dd>
                </div>
                <div>
                  <dt>{t('fiat.col.price')}</dt>
                  <dd className="num">
                    {fiatFigure(ad.price, ad.fiat)} {ad.fiat}
                  </dd>
                </div>
                <div>
                  <dt>{t('fiat.col.limits')}</dt>
                  <dd className="num">
                    {fiatFigure(ad.min_amount, ad.fiat)} – {fiatFigure(ad.max_amount, ad.fiat)} {ad.fiat}
                  </dd>
                </div>
                <div>
                  <dt>{t('fiat.col.available')}</dt>
                  <dd className="num">
                    {money(ad.remaining, ad.crypto)} {ad.crypto}
                  </dd>
                </div>
              </Facts>
              {ad.terms && <p className="dim">{ad.terms}</p>}
              <div className="controls" style={{ margin: '12px 0' }}>
                <PressedChoice role="radiogroup" label={t('fiat.enterBy')} value={take.by} options={[['amount', t('deal.byAmount')], ['quantity', t('deal.byQuantity')]]} onChoose={take.setBy} />
                <label style={{ flex: 1 }}>
                  {take.by === 'amount' ? `${t('fiat.col.amount')} (${ad.fiat})` : `${t('fiat.col.quantity')} (${ad.crypto})`}
                  <input name="value" inputMode="decimal" value={take.value} aria-describedby={reading ? readingId : undefined} onChange={(e) => take.setValue(decimalInput(e.target.value))} />
                </label>
              </div>
              {/* "1.000" typed in Turkish is 1 TRY, not a thousand: said as the order forms say it, across the row's width below it. */}
              {reading && <PointReadingNote id={readingId} reading={reading} />}
              {!buying && (
                <label style={{ marginBottom: 12 }}>
                  {t('fiat.receiveTo')}
                  {take.data!.methods.length > 0 ? (
                    <select value={take.methodId ?? ''} onChange={(e) => take.setMethod(Number(e.target.value))}>
                      {take.data!.methods.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.bank_name} · {m.card_number} · {m.real_name}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span>
                      {t('fiat.noMethods')} <TextLink to="/user/addCollAddr">{t('fiat.addMethod')}</TextLink>
                    </span>
                  )}
                </label>
              )}
              <Facts>
                <div>
                  <dt>{t(buying ? 'fiat.youPay' : 'fiat.youReceive')}</dt>
                  <dd className="num">{take.figures ? `${fiatFigure(take.figures.amount, ad.fiat)} ${ad.fiat}` : '—'}</dd>
                </div>
                <div>
                  <dt>{t(buying ? 'fiat.youGet' : 'fiat.youSell')}</dt>
                  <dd className="num">{take.figures ? `${money(take.figures.quantity, ad.crypto)} ${ad.crypto}` : '—'}</dd>
                </div>
              </Facts>
              {take.problem && (
                <p className="down" role="status">
                  {t(take.problem, { min: fiatFigure(ad.min_amount, ad.fiat), max: fiatFigure(ad.max_amount, ad.fiat), fiat: ad.fiat })}
                </p>
              )}
              <div style={{ display: 'flex', gap: 8, marginTop: 14 }}>
                <Link to="/deal">
                  <Button $variant="ghost" tabIndex={-1}>
                    {t('fiat.backToAds')}
                  </Button>
                </Link>
                <Button style={{ flex: 1 }} $variant={buying ? 'primary' : 'danger'} disabled={take.problem !== undefined || !take.value} onClick={take.submit}>
                  {t(buying ? 'deal.buyCoin' : 'deal.sellCoin', { coin: ad.crypto })}
                </Button>
              </div>
            </>
          )}
        </PanelBody>
      </Panel>
      {ad && take.figures && take.sells && (take.confirming || take.submitting) && (
        <ProofDialog
          title={t('page.deal.sellNext')}
          tone="danger"
          busy={take.submitting}
          twoFactor={take.data?.twoFactor}
          refusal={take.refusal}
          onCancel={take.back}
          onConfirm={take.confirm}
        >
          {t('fiat.confirmSell', { quantity: money(take.figures.quantity, ad.crypto), crypto: ad.crypto, amount: fiatFigure(take.figures.amount, ad.fiat), fiat: ad.fiat, merchant: ad.merchant })}
        </ProofDialog>
      )}
      {ad && take.figures && !take.sells && (take.confirming || take.submitting) && (
        <ConfirmDialog
          title={t(buying ? 'page.deal.buyNext' : 'page.deal.sellNext')}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('common.confirm')}
          tone={buying ? 'primary' : 'danger'}
          busy={take.submitting}
          onCancel={take.back}
          onConfirm={() => take.confirm()}
        >
          {t(buying ? 'fiat.confirmBuy' : 'fiat.confirmSell', { quantity: money(take.figures.quantity, ad.crypto), crypto: ad.crypto, amount: fiatFigure(take.figures.amount, ad.fiat), fiat: ad.fiat, merchant: ad.merchant, minutes: count(String(payMinutes)) })}
        </ConfirmDialog>
      )}
    </Frame>
  );
}

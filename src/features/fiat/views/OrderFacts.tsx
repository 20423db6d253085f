import { useTranslation } from 'react-i18next';
import type { FiatOrder } from '../../../../domain/fiat';
import { Button } from '../../../app/ui/Button';
import { DateTime } from '../../../app/ui/DateTime';
import { DetailFact } from '../../../app/ui/DetailFacts';
import { money } from '../../../../domain/figures';
import { fiatFigure } from './fiatFormat';
import { Facts } from './fiatStyles';

/** Spec §3 fiat order fields: number, counterparty, unit price, quantity, total, method and card, time, side. */
export function OrderFacts(props: { order: FiatOrder; onCopy?: (text: string) => void }) {
  const { t } = useTranslation();
  const o = props.order;
  const copy = (text: string) =>
    props.onCopy && (
      <Button $small $variant="ghost" onClick={() => props.onCopy!(text)} aria-label={t('settings.copy')}>
        {t('settings.copy')}
      </Button>
    );
  return (
    <Facts>
      <DetailFact label={t('fiat.col.orderNo')} className="num">
        {o.order_no}
      </DetailFact>
      <DetailFact label={t('fiat.col.side')} className={o.side === 'buy' ? 'up' : 'down'}>
        {t(o.side === 'buy' ? 'deal.buyCoin' : 'deal.sellCoin', { coin: o.crypto })}
      </DetailFact>
      <DetailFact label={t('fiat.col.total')} className="num">
        {fiatFigure(o.amount, o.fiat)} {o.fiat} {copy(o.amount)}
      </DetailFact>
      <DetailFact label={t('fiat.col.price')} className="num">{`${fiatFigure(o.price, o.fiat)} ${o.fiat}`}</DetailFact>
      <DetailFact label={t('fiat.col.quantity')} className="num">{`${money(o.quantity, o.crypto)} ${o.crypto}`}</DetailFact>
      <DetailFact label={t(o.role === 'seller' ? 'fiat.buyerName' : 'fiat.sellerName')}>{o.role === 'seller' ? o.buyer_name : o.seller_name}</DetailFact>
      {o.method && (
        <>
          <DetailFact label={t('fiat.bank')}>{`${o.method.bank_name}${o.method.branch ? ` · ${o.method.branch}` : ''}`}</DetailFact>
          <DetailFact label={t('fiat.accountName')}>{o.method.real_name}</DetailFact>
          <DetailFact label={t('fiat.cardNumber')} className="num" testId="card-number">
            {o.method.card_number} {copy(o.method.card_number)}
          </DetailFact>
        </>
      )}
      <DetailFact label={t('fiat.col.time')}>
        <DateTime at={o.created_at} />
      </DetailFact>
    </Facts>
  );
}

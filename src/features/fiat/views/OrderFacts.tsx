import { useTranslation } from 'react-i18next';
import type { FiatOrder } from '../../../../domain/fiat';
import { Button } from '../../../app/ui/Button';
import { DateTime } from '../../../app/ui/DateTime';
import { fiatAmount, money } from '../../../../domain/figures';
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
      <div>
        <dt>{t('fiat.col.orderNo')}</dt>
        <dd className="num">{o.order_no}</dd>
      </div>
      <div>
        <dt>{t('fiat.col.side')}</dt>
        <dd className={o.side === 'buy' ? 'up' : 'down'}>{t(o.side === 'buy' ? 'deal.buyCoin' : 'deal.sellCoin', { coin: o.crypto })}</dd>
      </div>
      <div>
        <dt>{t('fiat.col.total')}</dt>
        <dd className="num">
          {fiatAmount(o.amount)} {o.fiat} {copy(o.amount)}
        </dd>
      </div>
      <div>
        <dt>{t('fiat.col.price')}</dt>
        <dd className="num">
          {fiatAmount(o.price)} {o.fiat}
        </dd>
      </div>
      <div>
        <dt>{t('fiat.col.quantity')}</dt>
        <dd className="num">
          {money(o.quantity, o.crypto)} {o.crypto}
        </dd>
      </div>
      <div>
        <dt>{t(o.role === 'seller' ? 'fiat.buyerName' : 'fiat.sellerName')}</dt>
        <dd>{o.role === 'seller' ? o.buyer_name : o.seller_name}</dd>
      </div>
      {o.method && (
        <>
          <div>
            <dt>{t('fiat.bank')}</dt>
            <dd>
              {o.method.bank_name}
              {o.method.branch ? ` · ${o.method.branch}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('fiat.accountName')}</dt>
            <dd>{o.method.real_name}</dd>
          </div>
          <div>
            <dt>{t('fiat.cardNumber')}</dt>
            <dd className="num" data-testid="card-number">
              {o.method.card_number} {copy(o.method.card_number)}
            </dd>
          </div>
        </>
      )}
      <div>
        <dt>{t('fiat.col.time')}</dt>
        <dd>
          <DateTime at={o.created_at} />
        </dd>
      </div>
    </Facts>
  );
}

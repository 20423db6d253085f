import { useTranslation } from 'react-i18next';
import type { FiatOrder } from '../../../../domain/fiat';
import { Band } from './fiatStyles';
import { money } from '../../../../domain/figures';

/**
 * The operator's ruling on an appeal and its reason, which is "shown to both parties" (issue 37 §2):
 * on the buyer's and the seller's order page once the appeal is decided.
 */
export function AppealRuling(props: { order: FiatOrder }) {
  const { t } = useTranslation();
  const o = props.order;
  if (o.resolution === null || (o.status !== 'completed' && o.status !== 'cancelled')) return null;
  return (
    <Band $tone="dim" role="note" aria-label={t('fiat.ruling.title')}>
      <div style={{ minWidth: 0 }}>
        <h2>{t(o.status === 'completed' ? 'fiat.ruling.released' : 'fiat.ruling.returned', { quantity: money(o.quantity, o.crypto), crypto: o.crypto })}</h2>
        <div className="dim" style={{ overflowWrap: 'anywhere' }}>
          {t('fiat.ruling.reason')}: {o.resolution}
        </div>
      </div>
    </Band>
  );
}

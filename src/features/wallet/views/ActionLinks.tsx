import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../app/ui/Button';

/** Deposit, withdraw and transfer, optionally for one currency. */
export function ActionLinks(props: { currency?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const suffix = props.currency ? `/${props.currency}` : '';
  return (
    <span style={{ display: 'inline-flex', gap: 8 }}>
      <Button type="button" $small onClick={() => navigate(`/wallet/recharge${suffix}`)}>
        {t('menu.wallet.recharge')}
      </Button>
      <Button type="button" $small $variant="ghost" onClick={() => navigate(`/wallet/cash${suffix}`)}>
        {t('menu.wallet.cash')}
      </Button>
      <Button type="button" $small $variant="ghost" onClick={() => navigate(`/wallet/transfer${props.currency ? `?currency=${props.currency}` : ''}`)}>
        {t('menu.wallet.transfer')}
      </Button>
    </span>
  );
}

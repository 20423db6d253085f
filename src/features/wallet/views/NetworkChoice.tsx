import { useTranslation } from 'react-i18next';
import type { WalletNetwork } from '../../../../domain/wallet';
import { Segmented } from '../../../app/ui/Segmented';

/** The networks of a currency as one segmented choice; a network closed for this purpose is disabled. */
export function NetworkChoice(props: { networks: WalletNetwork[]; value: string | undefined; purpose: 'deposit' | 'withdraw'; onChange: (network: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <span className="label">{t('col.network')}</span>
      <Segmented role="radiogroup" aria-label={t('col.network')} style={{ justifySelf: 'start' }}>
        {props.networks.map((n) => (
          <button
            key={n.network}
            type="button"
            role="radio"
            aria-checked={props.value === n.network}
            aria-pressed={props.value === n.network}
            disabled={props.purpose === 'deposit' ? !n.deposit_enabled : !n.withdraw_enabled}
            onClick={() => props.onChange(n.network)}
          >
            {n.network}
          </button>
        ))}
      </Segmented>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppFlow } from '../../../app/views/hooks';

/** The currency picker of the deposit, withdrawal and transfer forms; closed currencies say so. */
export function CurrencySelect(props: { value: string | undefined; onChange: (symbol: string) => void; closedWhen?: 'recharge' | 'draw' }) {
  const { t } = useTranslation();
  const { currencies } = useAppFlow();
  const id = useId();
  const closed = (c: (typeof currencies)[number]) => (props.closedWhen === 'recharge' ? c.recharge_turn === 0 : props.closedWhen === 'draw' ? c.draw_turn === 0 : false);
  return (
    <div className="field">
      <label htmlFor={id}>{t('col.currency')}</label>
      <select id={id} value={props.value ?? ''} onChange={(e) => e.target.value && props.onChange(e.target.value)}>
        {props.value === undefined && <option value="">{t('wallet.chooseCurrency')}</option>}
        {currencies.map((c) => (
          <option key={c.symbol} value={c.symbol}>
            {c.symbol} · {c.name}
            {closed(c) ? ` (${t('wallet.closedShort')})` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

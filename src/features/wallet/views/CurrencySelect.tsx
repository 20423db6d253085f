import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppFlow } from '../../../app/views/hooks';
import { Tip } from '../../../kit/wallet/walletUi';

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

const STEPS = {
  deposit: { path: '/wallet/recharge', closedWhen: 'recharge', chooseKey: 'wallet.deposit.chooseFirst', closedKey: 'wallet.deposit.closed' },
  withdraw: { path: '/wallet/cash', closedWhen: 'draw', chooseKey: 'wallet.withdraw.chooseFirst', closedKey: 'wallet.withdraw.closed' },
} as const;

/**
 * The deposit and withdrawal forms' first step: the currency (the page's address follows the
 * choice), then "choose a currency first" until there is one, or why this one is closed.
 */
export function CurrencyStep(props: { purpose: keyof typeof STEPS; flow: { currency: string | undefined; choosing: boolean; closed: boolean; chooseCurrency: (symbol: string) => void } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { flow } = props;
  const step = STEPS[props.purpose];
  const choose = (symbol: string) => {
    flow.chooseCurrency(symbol);
    navigate(`${step.path}/${symbol}`, { replace: true });
  };
  return (
    <>
      <div className="row">
        <CurrencySelect value={flow.currency} onChange={choose} closedWhen={step.closedWhen} />
        <div />
      </div>
      {flow.choosing && <Tip $tone="up">{t(step.chooseKey)}</Tip>}
      {flow.closed && (
        <Tip $tone="down" role="alert">
          {t(step.closedKey, { currency: flow.currency })}
        </Tip>
      )}
    </>
  );
}

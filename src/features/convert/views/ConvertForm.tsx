import { Suspense, useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import { toFixedDecimal, trimZeros } from '../../../../domain/decimal';
import { money } from '../../../../domain/figures';
import { decimalInput } from '../../../../domain/orderMath';
import { PHONE } from '../../../app/theme';
import { Button } from '../../../app/ui/Button';
import { fieldInput } from '../../../app/ui/fieldStyles';
import { inlineFormCard } from '../../../app/ui/inlineFormCard';
import { WalletAccountsContext } from '../../../kit/wallet/walletAccounts.context';
import type { useConvertFlow } from '../convert.hooks';
import { amountPlaces, amountProblem, currenciesOf, partnersOf, toAfter } from '../convertRules';

type Flow = ReturnType<typeof useConvertFlow>;

// The alerts form's card. A wide screen: From, its amount, the swap, To and Get quote in one row,
// the amount's balance or problem under it; a phone: From and the amount, the swap, To and the button.
const Card = styled.form`
  display: grid;
  grid-template-columns: minmax(90px, 150px) minmax(150px, 300px) auto minmax(90px, 150px) auto;
  justify-content: start;
  max-width: 820px;
  grid-template-areas: 'from amount swap to submit' '. note . . .';
  align-items: end;
  gap: 4px 12px;
  margin: 12px 0 6px;
  ${inlineFormCard}
  input, select { ${fieldInput('0 8px')} font: inherit; height: 32px; min-width: 0; box-sizing: border-box; }
  input { text-align: right; font-variant-numeric: tabular-nums; }
  .from { grid-area: from; }
  .amount { grid-area: amount; }
  .to { grid-area: to; }
  .swap { grid-area: swap; font-size: 15px; line-height: 1; padding: 6px 10px; }
  .submit { grid-area: submit; }
  .note { grid-area: note; display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; min-height: 18px; font-size: 11px; color: ${({ theme }) => theme.color.textDim}; font-variant-numeric: tabular-nums; }
  .note b { color: ${({ theme }) => theme.color.text}; font-weight: 500; }
  .error { color: ${({ theme }) => theme.color.down}; }
  ${PHONE} {
    grid-template-columns: minmax(84px, 0.7fr) minmax(0, 1.6fr);
    justify-content: stretch;
    grid-template-areas: 'from amount' 'note note' 'swap swap' 'to submit';
    .swap { justify-self: center; }
  }
`;

const options = (currencies: readonly string[]) =>
  currencies.map((c) => (
    <option key={c} value={c}>
      {c}
    </option>
  ));

/**
 * The request: "From" (every currency of a trading spot pair) with the amount to pay, the swap,
 * and "To" (only the currencies that share a spot pair with "From"). Each change goes to the flow,
 * which drops any quote on screen. The amount is checked as typed, by the pair's places; "Get
 * quote" asks the same rule again in the machine.
 */
export function ConvertForm(props: { flow: Flow; pairs: readonly Pair[] }) {
  const { t } = useTranslation();
  const { flow, pairs } = props;
  const id = useId();
  const places = amountPlaces(pairs, flow.from, flow.to);
  const typed = flow.amount.trim() === '' ? undefined : amountProblem(flow.amount, places);
  const problem = typed ?? flow.problem;
  const currencies = currenciesOf(pairs);
  const held = flow.held;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.askQuote(places);
  };
  return (
    <Card noValidate aria-label={t('convert.request')} onSubmit={submit}>
      <div className="field from">
        <label htmlFor={`${id}-from`}>{t('convert.from')}</label>
        <select id={`${id}-from`} value={flow.from} disabled={held} onChange={(e) => flow.setFrom(e.target.value, toAfter(pairs, e.target.value, flow.to))}>
          {options(currencies)}
        </select>
      </div>
      <div className="field amount">
        <label htmlFor={`${id}-amount`}>{t('convert.amount')}</label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={flow.amount}
          disabled={held}
          aria-invalid={problem !== undefined}
          aria-describedby={`${id}-note`}
          onChange={(e) => flow.setAmount(decimalInput(e.target.value))}
        />
      </div>
      <div className="note" id={`${id}-note`}>
        {problem ? (
          <span className="error" role="alert">
            {t(problem, { places, currency: flow.from })}
          </span>
        ) : (
          // The spot balance comes with the wallet's flows (the kit's slot): the form does not wait for it.
          <Suspense fallback={null}>
            <FromBalance currency={flow.from} places={places} disabled={held} onMax={flow.setAmount} />
          </Suspense>
        )}
      </div>
      <Button type="button" $variant="ghost" className="swap" aria-label={t('convert.swap')} title={t('convert.swap')} disabled={held} onClick={flow.swap}>
        <span aria-hidden>⇅</span>
      </Button>
      <div className="field to">
        <label htmlFor={`${id}-to`}>{t('convert.to')}</label>
        <select id={`${id}-to`} value={flow.to} disabled={held} onChange={(e) => flow.setTo(e.target.value)}>
          {options(partnersOf(pairs, flow.from))}
        </select>
      </div>
      <Button className="submit" type="submit" disabled={!flow.canQuote || currencies.length === 0} aria-busy={flow.stage === 'quoting'}>
        {flow.stage === 'quoting' ? t('convert.quoting') : t('convert.getQuote')}
      </Button>
    </Card>
  );
}

/** The spot account's available balance of the paid currency, and Max: the whole of it at the pair's places. */
function FromBalance(props: { currency: string; places: number; disabled: boolean; onMax: (amount: string) => void }) {
  const { t } = useTranslation();
  const balances = WalletAccountsContext.use().useAccountBalances('spot');
  const row = balances.rows.find((r) => r.currency === props.currency);
  if (!row) return null;
  return (
    <>
      <span data-testid="convert-available">
        {t('convert.available')} <b>{money(row.available, props.currency)}</b> {props.currency}
      </span>
      <Button type="button" $small $variant="ghost" disabled={props.disabled} onClick={() => props.onMax(trimZeros(toFixedDecimal(row.available, props.places, 'down')))}>
        {t('convert.max')}
      </Button>
    </>
  );
}

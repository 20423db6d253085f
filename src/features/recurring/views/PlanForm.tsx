import { Form } from 'formik';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import { money } from '../../../../domain/figures';
import { FAILURES_TO_PAUSE, RECURRING_FREQUENCIES } from '../../../../domain/recurring';
import { PHONE } from '../../../app/theme';
import { Button } from '../../../app/ui/Button';
import { FormSelectField } from '../../../app/ui/FormField';
import { fieldInput } from '../../../app/ui/fieldStyles';
import { inlineFormCard } from '../../../app/ui/inlineFormCard';
import { PairSelectField, QuoteFigureField } from '../../../app/ui/PairFormFields';
import { RenewingFormik } from '../../../app/ui/RenewingFormik';
import { FormRefusal } from '../../../kit/auth/AuthForm';
import { WalletAccountsContext } from '../../../kit/wallet/walletAccounts.context';
import type { useRecurringPlansFlow } from '../recurring.hooks';
import { pairNamed } from '../recurringRules';
import { FREQUENCY_TEXTS, placesOf, planSchema, type PlanFormValues } from './planSchema';

// The alerts form's card: pair, amount, frequency and Start in one row on a wide screen, the
// schedule and the balance under them; one column on a phone.
const Row = styled(Form)`
  display: grid;
  grid-template-columns: minmax(120px, 1fr) minmax(160px, 1.4fr) minmax(120px, 1fr) auto;
  align-items: start;
  gap: 8px 12px;
  margin: 12px 0 6px;
  ${inlineFormCard}
  input[type='text'], select { ${fieldInput('6px 8px')} font: inherit; width: 100%; min-width: 0; box-sizing: border-box; }
  .with-button { display: flex; gap: 6px; align-items: center; }
  .unit { font-size: 12px; color: ${({ theme }) => theme.color.textFaint}; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 11px; }
  .submit { align-self: end; }
  .note { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 11px; color: ${({ theme }) => theme.color.textDim}; font-variant-numeric: tabular-nums; }
  .note b { color: ${({ theme }) => theme.color.text}; font-weight: 500; }
  ${PHONE} { grid-template-columns: 1fr; }
`;

type Flow = ReturnType<typeof useRecurringPlansFlow>;

/**
 * The create form: the spot pair, the amount of its quote currency each buy spends (checked here
 * against the pair's price places), the frequency, and Start plan; under them what the plan does
 * and the spot balance of the quote currency. After a create the form starts afresh on the same
 * pair and frequency; the server's refusal shows under it. `pairs`: the trading spot pairs.
 */
export function PlanForm(props: { flow: Flow; pairs: readonly Pair[]; initialSymbol: string }) {
  const { t } = useTranslation();
  const { flow, pairs } = props;
  const schema = useMemo(() => planSchema(pairs), [pairs]);
  const frequencies = RECURRING_FREQUENCIES.map((f) => ({ value: f, label: t(FREQUENCY_TEXTS[f].name) }));
  return (
    <>
      <RenewingFormik<PlanFormValues, 'amount'>
        created={flow.created}
        choices={{ symbol: props.initialSymbol, frequency: 'weekly' }}
        figure="amount"
        validationSchema={schema}
        onSubmit={(values) => flow.create(values, placesOf(pairs, values.symbol))}
      >
        {(formik) => {
          const pair = pairNamed(pairs, formik.values.symbol);
          return (
            <Row noValidate aria-label={t('recurring.newPlan')} onChange={flow.edit}>
              <PairSelectField labelKey="recurring.pair" pairs={pairs} />
              <QuoteFigureField name="amount" labelKey="recurring.amountEach" pair={pair} />
              <FormSelectField name="frequency" labelKey="recurring.frequencyLabel" options={frequencies} />
              <Button className="submit" type="submit" disabled={!flow.canCreate || pairs.length === 0} aria-busy={flow.creating}>
                {flow.creating ? t('recurring.starting') : t('recurring.start')}
              </Button>
              <p className="note" data-testid="recurring-schedule">
                <span>
                  {t(FREQUENCY_TEXTS[formik.values.frequency].schedule)} {t('recurring.pauseRule', { failures: FAILURES_TO_PAUSE })}
                </span>
                {/* The spot balance comes with the wallet's flows (the kit's slot): the form does not wait for it. */}
                {pair && (
                  <Suspense fallback={null}>
                    <QuoteBalance currency={pair.right_symbol} />
                  </Suspense>
                )}
              </p>
            </Row>
          );
        }}
      </RenewingFormik>
      <FormRefusal refusal={flow.refusal} testId="recurring-refusal" />
    </>
  );
}

/** The spot account's available balance of the quote currency each buy spends. */
function QuoteBalance(props: { currency: string }) {
  const { t } = useTranslation();
  const row = WalletAccountsContext.use()
    .useAccountBalances('spot')
    .rows.find((r) => r.currency === props.currency);
  if (!row) return null;
  return (
    <span data-testid="recurring-available">
      {t('recurring.available')} <b>{money(row.available, props.currency)}</b> {props.currency}
    </span>
  );
}

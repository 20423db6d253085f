import { Form } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { futureTickChannel, spotTickChannel, type Pair } from '../../../../domain/api';
import { ALERT_MARKETS, type AlertCondition, type AlertMarket } from '../../../../domain/alerts';
import { price } from '../../../../domain/figures';
import { PHONE } from '../../../app/theme';
import { Button } from '../../../app/ui/Button';
import { fieldInput } from '../../../app/ui/fieldStyles';
import { inlineFormCard } from '../../../app/ui/inlineFormCard';
import { PairSelectField, QuoteFigureField } from '../../../app/ui/PairFormFields';
import { RenewingFormik } from '../../../app/ui/RenewingFormik';
import { PressedChoice } from '../../../app/ui/Segmented';
import { useTickers } from '../../../app/views/hooks';
import { FormRefusal } from '../../../kit/auth/AuthForm';
import type { usePriceAlertsFlow } from '../alerts.hooks';
import { alertSchema, MARKET_KEYS, marketPairs, placesOf, symbolOf, type AlertFormValues } from './alertSchema';

const Row = styled(Form)`
  display: grid;
  grid-template-columns: auto minmax(130px, 1fr) auto minmax(160px, 1.4fr) auto;
  align-items: start;
  gap: 8px 12px;
  margin: 12px 0 6px;
  ${inlineFormCard}
  .label { font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], select { ${fieldInput('6px 8px')} font: inherit; width: 100%; min-width: 0; box-sizing: border-box; }
  .with-button { display: flex; gap: 6px; align-items: center; }
  .unit { font-size: 12px; color: ${({ theme }) => theme.color.textFaint}; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 11px; }
  .last { font-size: 11px; color: ${({ theme }) => theme.color.textDim}; font-variant-numeric: tabular-nums; }
  .last b { color: ${({ theme }) => theme.color.text}; font-weight: 500; }
  .submit { align-self: end; }
  ${PHONE} { grid-template-columns: 1fr; }
`;

type Flow = ReturnType<typeof usePriceAlertsFlow>;

/** The market's tick channel the app follows: the spot pair's, or the contract's (the futures feature adds those). */
const tickChannel = (market: AlertMarket, pair: Pair) => (market === 'futures' ? futureTickChannel : spotTickChannel)(pair.left_symbol, pair.right_symbol);

/**
 * The create form: the market (spot, or the USDT-M contract), its pair, "rises to" or "falls to",
 * the target price (checked here against the pair's price places), and that market's last price
 * from the tick the app already follows. Another market keeps the pair when it has it, else takes
 * its first. After a create the form starts afresh on the same market, pair and condition; the
 * server's refusal shows under it. `pairs`: every pair the app lists.
 */
export function AlertForm(props: { flow: Flow; pairs: readonly Pair[]; initialMarket: AlertMarket; initialSymbol: string }) {
  const { t } = useTranslation();
  const { flow, pairs } = props;
  const tickers = useTickers();
  const schema = useMemo(() => alertSchema(pairs), [pairs]);
  const conditions: ReadonlyArray<readonly [AlertCondition, string]> = [
    ['above', t('alerts.above')],
    ['below', t('alerts.below')],
  ];
  const markets = ALERT_MARKETS.map((m) => [m, t(MARKET_KEYS[m])] as const);
  return (
    <>
      <RenewingFormik<AlertFormValues, 'price'>
        created={flow.created}
        choices={{ market: props.initialMarket, symbol: props.initialSymbol, condition: 'above' }}
        figure="price"
        validationSchema={schema}
        onSubmit={(values) => flow.create(values, placesOf(pairs, values.symbol))}
      >
        {(formik) => {
          const { market } = formik.values;
          const listed = marketPairs(pairs, market);
          const pair = listed.find((p) => symbolOf(p) === formik.values.symbol);
          const tick = pair && tickers[tickChannel(market, pair)];
          return (
            <Row noValidate aria-label={t('alerts.newAlert')} onChange={flow.edit}>
              <div className="field">
                <span className="label">{t('alerts.market')}</span>
                <PressedChoice
                  role="group"
                  label={t('alerts.market')}
                  value={market}
                  options={markets}
                  onChoose={(next) => {
                    const there = marketPairs(pairs, next);
                    const symbol = there.some((p) => symbolOf(p) === formik.values.symbol) ? formik.values.symbol : there[0] ? symbolOf(there[0]) : '';
                    void formik.setValues({ ...formik.values, market: next, symbol });
                    flow.edit();
                  }}
                />
              </div>
              <PairSelectField labelKey="alerts.pair" pairs={listed} />
              <div className="field">
                <span className="label">{t('alerts.condition')}</span>
                <PressedChoice
                  role="group"
                  label={t('alerts.condition')}
                  value={formik.values.condition}
                  options={conditions}
                  onChoose={(condition) => {
                    void formik.setFieldValue('condition', condition);
                    flow.edit();
                  }}
                />
              </div>
              <div className="field">
                <QuoteFigureField name="price" labelKey="alerts.targetPrice" pair={pair} />
                {pair && tick && (
                  <span className="last" data-testid="alerts-last-price">
                    {t('alerts.lastPrice')} <b>{price(tick.close, pair.price_precision)}</b> {pair.right_symbol}
                  </span>
                )}
              </div>
              <Button className="submit" type="submit" disabled={!flow.canCreate || listed.length === 0} aria-busy={flow.creating}>
                {flow.creating ? t('alerts.creating') : t('alerts.create')}
              </Button>
            </Row>
          );
        }}
      </RenewingFormik>
      <FormRefusal refusal={flow.refusal} testId="alerts-refusal" />
    </>
  );
}

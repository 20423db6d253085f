import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import { asciiMinus, roeTriggerText } from '../../../../domain/futures/planTrigger';
import { price } from '../../../../domain/figures';
import type { useTpslDialog } from '../futures.hooks';
import { DialogFrame } from './DialogFrame';
import { Choices, Facts, FormProblem, NumberField } from './formParts';
import { PressedChoice } from '../../../app/ui/Segmented';

const Hint = styled.p`
  margin: -4px 0 8px;
  font-size: 11px;
  text-align: right;
  color: ${({ theme }) => theme.color.textDim};
  &.warn { color: ${({ theme }) => theme.color.down}; }
`;

/**
 * A position's take-profit and stop-loss, typed as a price or as an ROE, each triggered by the mark
 * or the last price and confirmed before it is set (§8). An ROE is stored as the price it means now
 * (issue 50 M8), so that price is shown under its field and in the confirmation; a new one replaces
 * the position's waiting one of its kind.
 */
export function TpslDialog(props: { dialog: ReturnType<typeof useTpslDialog>; pair: Pair }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const roe = d.by === 'roe';
  const quote = props.pair.right_symbol;
  const unit = roe ? '%' : quote;
  const trigger = t(d.triggerBy === 'mark' ? 'futures.markPrice' : 'col.lastPrice');
  const confirming = d.state === 'confirming' || d.state === 'submitting';
  const priceText = (value: string | undefined) => (value === undefined ? '—' : `${price(value, props.pair.price_precision)} ${quote}`);
  // By ROE a take-profit reads as a gain and a stop-loss as a loss, with the price it means.
  const shown = (kind: 'take_profit' | 'stop_loss', value: string, at: string | undefined) =>
    value === '' ? '—' : roe ? `${t('futures.roe')} ${roeTriggerText({ kind, trigger_value: asciiMinus(value).replace(/^[-+]/, '') })} → ${priceText(at)}` : priceText(at);
  const errorOf = (field: 'takeProfit' | 'stopLoss') => (d.problem?.field === field ? { key: d.problem.key } : undefined);
  /** Under an ROE field: the trigger price it means for the position (— until the ROE is valid). */
  const meaning = (value: string, at: string | undefined, testId: string) =>
    roe && value !== '' ? (
      <Hint data-testid={testId}>
        {t('futures.tpsl.triggerPrice')}: {priceText(at)}
      </Hint>
    ) : null;
  return (
    <DialogFrame
      title={t('futures.tpsl.title')}
      submitLabel={t('common.confirm')}
      onSubmit={d.submit}
      onCancel={d.cancel}
      confirm={
        confirming
          ? {
              title: t('futures.tpsl.confirmTitle'),
              confirmLabel: t('common.confirm'),
              busy: d.state === 'submitting',
              onConfirm: d.confirm,
              body: (
                <>
                  <Facts
                    rows={[
                      [t('futures.tpsl.trigger'), trigger],
                      [t('futures.takeProfit'), shown('take_profit', d.takeProfit, d.prices.takeProfit)],
                      [t('futures.stopLoss'), shown('stop_loss', d.stopLoss, d.prices.stopLoss)],
                      [t('col.quantity'), t('futures.wholePosition')],
                    ]}
                  />
                  <Hint style={{ textAlign: 'left' }}>{t('futures.tpsl.replaces')}</Hint>
                </>
              ),
            }
          : undefined
      }
    >
      <PressedChoice frame={Choices} role="group" label={t('futures.tpsl.by')} value={roe ? 'roe' : 'price'} options={[['price', t('col.price')], ['roe', t('futures.roe')]]} onChoose={d.setBy} />
      <PressedChoice frame={Choices} role="group" label={t('futures.tpsl.trigger')} value={d.triggerBy} options={[['mark', t('futures.markPrice')], ['last', t('col.lastPrice')]]} onChoose={d.setTriggerBy} />
      <NumberField name="takeProfit" label={t('futures.takeProfit')} unit={unit} value={d.takeProfit} placeholder={roe ? '50' : undefined} onChange={d.setTakeProfit} error={errorOf('takeProfit')} />
      {meaning(d.takeProfit, d.prices.takeProfit, 'tpsl-tp-price')}
      <NumberField name="stopLoss" label={roe ? t('futures.tpsl.stopLossRoe') : t('futures.stopLoss')} unit={unit} value={d.stopLoss} placeholder={roe ? '-10' : undefined} onChange={d.setStopLoss} error={errorOf('stopLoss')} />
      {meaning(d.stopLoss, d.prices.stopLoss, 'tpsl-sl-price')}
      {d.stopBeyondLiquidation && (
        <Hint className="warn" role="status" data-testid="tpsl-beyond-liquidation">
          {t('futures.tpsl.beyondLiquidation')}
        </Hint>
      )}
      {d.problem && !d.problem.field && (
        <FormProblem role="alert">{t(d.problem.key)}</FormProblem>
      )}
    </DialogFrame>
  );
}

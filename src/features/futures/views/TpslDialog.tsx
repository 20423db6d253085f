import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../../domain/api';
import { asciiMinus, roeTriggerText } from '../../../../domain/futures/planTrigger';
import { price } from '../../../../domain/figures';
import type { useTpslDialog } from '../futures.hooks';
import { DialogFrame } from './DialogFrame';
import { Choices, Facts, FormProblem, NumberField } from './formParts';
import { PressedChoice } from '../../../app/ui/Segmented';

/** A position's take-profit and stop-loss, by price (mark or last) or by ROE, confirmed before they are set (§8). */
export function TpslDialog(props: { dialog: ReturnType<typeof useTpslDialog>; pair: Pair }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const roe = d.by === 'roe';
  const unit = roe ? '%' : props.pair.right_symbol;
  const trigger = roe ? t('futures.roe') : t(d.triggerBy === 'mark' ? 'futures.markPrice' : 'col.lastPrice');
  const confirming = d.state === 'confirming' || d.state === 'submitting';
  // By ROE a take-profit reads as a gain and a stop-loss as a loss, as the plan lists show them.
  const shown = (kind: 'take_profit' | 'stop_loss', value: string) =>
    value === '' ? '—' : roe ? `${t('futures.roe')} ${roeTriggerText({ kind, trigger_value: asciiMinus(value).replace(/^[-+]/, '') })}` : `${price(value, props.pair.price_precision)} ${unit}`;
  const errorOf = (field: 'takeProfit' | 'stopLoss') => (d.problem?.field === field ? { key: d.problem.key } : undefined);
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
                <Facts
                  rows={[
                    [t('futures.tpsl.trigger'), trigger],
                    [t('futures.takeProfit'), shown('take_profit', d.takeProfit)],
                    [t('futures.stopLoss'), shown('stop_loss', d.stopLoss)],
                    [t('col.quantity'), t('futures.wholePosition')],
                  ]}
                />
              ),
            }
          : undefined
      }
    >
      <PressedChoice frame={Choices} role="group" label={t('futures.tpsl.by')} value={roe ? 'roe' : 'price'} options={[['price', t('col.price')], ['roe', t('futures.roe')]]} onChoose={d.setBy} />
      {!roe && (
        <PressedChoice frame={Choices} role="group" label={t('futures.tpsl.trigger')} value={d.triggerBy} options={[['mark', t('futures.markPrice')], ['last', t('col.lastPrice')]]} onChoose={d.setTriggerBy} />
      )}
      <NumberField name="takeProfit" label={t('futures.takeProfit')} unit={unit} value={d.takeProfit} placeholder={roe ? '50' : undefined} onChange={d.setTakeProfit} error={errorOf('takeProfit')} />
      <NumberField name="stopLoss" label={roe ? t('futures.tpsl.stopLossRoe') : t('futures.stopLoss')} unit={unit} value={d.stopLoss} placeholder={roe ? '-10' : undefined} onChange={d.setStopLoss} error={errorOf('stopLoss')} />
      {d.problem && !d.problem.field && (
        <FormProblem role="alert">{t(d.problem.key)}</FormProblem>
      )}
    </DialogFrame>
  );
}

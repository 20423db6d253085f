import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../domain/api';
import type { useTpslDialog } from '../futures.hooks';
import { DialogFrame } from './DialogFrame';
import { Choices, Facts, NumberField } from './formParts';

/** A position's take-profit and stop-loss, by price (mark or last) or by ROE, confirmed before they are set (§8). */
export function TpslDialog(props: { dialog: ReturnType<typeof useTpslDialog>; pair: Pair }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const roe = d.by === 'roe';
  const unit = roe ? '%' : props.pair.right_symbol;
  const trigger = roe ? t('futures.roe') : t(d.triggerBy === 'mark' ? 'futures.markPrice' : 'col.lastPrice');
  const confirming = d.state === 'confirming' || d.state === 'submitting';
  return (
    <DialogFrame
      title={t('futures.tpsl.title')}
      submitLabel={t('common.confirm')}
      onSubmit={d.submit}
      onCancel={d.cancel}
      onConfirm={d.confirm}
      confirm={
        confirming
          ? {
              title: t('futures.tpsl.confirmTitle'),
              confirmLabel: t('common.confirm'),
              busy: d.state === 'submitting',
              body: (
                <Facts
                  rows={[
                    [t('futures.tpsl.trigger'), trigger],
                    [t('futures.takeProfit'), d.takeProfit ? `${d.takeProfit} ${unit}` : '—'],
                    [t('futures.stopLoss'), d.stopLoss ? `${d.stopLoss} ${unit}` : '—'],
                    [t('col.quantity'), t('futures.wholePosition')],
                  ]}
                />
              ),
            }
          : undefined
      }
    >
      <Choices role="group" aria-label={t('futures.tpsl.by')}>
        <button type="button" aria-pressed={!roe} onClick={() => d.setBy('price')}>
          {t('col.price')}
        </button>
        <button type="button" aria-pressed={roe} onClick={() => d.setBy('roe')}>
          {t('futures.roe')}
        </button>
      </Choices>
      {!roe && (
        <Choices role="group" aria-label={t('futures.tpsl.trigger')}>
          <button type="button" aria-pressed={d.triggerBy === 'mark'} onClick={() => d.setTriggerBy('mark')}>
            {t('futures.markPrice')}
          </button>
          <button type="button" aria-pressed={d.triggerBy === 'last'} onClick={() => d.setTriggerBy('last')}>
            {t('col.lastPrice')}
          </button>
        </Choices>
      )}
      <NumberField name="takeProfit" label={t('futures.takeProfit')} unit={unit} value={d.takeProfit} onChange={d.setTakeProfit} />
      <NumberField name="stopLoss" label={t('futures.stopLoss')} unit={unit} value={d.stopLoss} onChange={d.setStopLoss} />
    </DialogFrame>
  );
}

import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../domain/api';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Dialog } from '../../../app/ui/Dialog';
import type { useTpslDialog } from '../futures.hooks';
import { Choices, Facts, NumberField } from './formParts';

/** A position's take-profit and stop-loss, by price (mark or last) or by ROE, confirmed before they are set (§8). */
export function TpslDialog(props: { dialog: ReturnType<typeof useTpslDialog>; pair: Pair }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const roe = d.by === 'roe';
  const unit = roe ? '%' : props.pair.right_symbol;
  const trigger = roe ? t('futures.roe') : t(d.triggerBy === 'mark' ? 'futures.markPrice' : 'col.lastPrice');
  if (d.state === 'confirming' || d.state === 'submitting') {
    return (
      <ConfirmDialog title={t('futures.tpsl.confirmTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('common.confirm')} busy={d.state === 'submitting'} onConfirm={d.confirm} onCancel={d.cancel}>
        <Facts
          rows={[
            [t('futures.tpsl.trigger'), trigger],
            [t('futures.takeProfit'), d.takeProfit ? `${d.takeProfit} ${unit}` : '—'],
            [t('futures.stopLoss'), d.stopLoss ? `${d.stopLoss} ${unit}` : '—'],
            [t('col.quantity'), t('futures.wholePosition')],
          ]}
        />
      </ConfirmDialog>
    );
  }
  return (
    <Dialog
      title={t('futures.tpsl.title')}
      onClose={d.cancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={d.cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="button" onClick={d.submit}>
            {t('common.confirm')}
          </Button>
        </>
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
    </Dialog>
  );
}

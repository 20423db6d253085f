import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../../domain/api';
import { Muted } from '../../../app/ui/Panel';
import type { useCloseDialog } from '../futures.hooks';
import { DialogFrame } from './DialogFrame';
import { ConfirmActDialog } from '../../../app/ui/ConfirmDialog';
import type { CloseCall } from '../machines/closeDialog/closeDialog.machine';
import { Choices, Facts, NumberField } from './formParts';
import { PressedChoice } from '../../../app/ui/Segmented';
import { percentOf, price, quantity } from '../../../../domain/figures';

const PERCENTS = [25, 50, 75, 100] as const;

/**
 * Closing a position by limit or market (a quantity up to the closable one), and the flash close;
 * each confirmed (§8) by the dialog's confirm-then-act child, which shows what is about to be sent.
 */
export function CloseDialog(props: { dialog: ReturnType<typeof useCloseDialog>; pair: Pair }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const base = props.pair.left_symbol;
  const quote = props.pair.right_symbol;
  const lots = (value: string) => quantity(value, props.pair.amount_precision);
  const market = d.orderType === 'market';
  if (d.asking) {
    return (
      <ConfirmActDialog<CloseCall>
        actor={d.question}
        texts={(call) =>
          call.kind === 'flash'
            ? { titleKey: 'futures.close.flashTitle', questionKey: 'futures.close.flashQuestion', params: { quantity: lots(d.closable), currency: base }, confirmKey: 'futures.close.flash' }
            : { titleKey: 'futures.close.confirmTitle', confirmKey: 'futures.close.button' }
        }
        details={(call) =>
          call.kind === 'flash' ? (
            <Muted style={{ fontSize: 11 }}>{t('futures.close.levels')}</Muted>
          ) : (
            <>
              <Facts
                rows={[
                  [t('col.type'), t(call.request.type === 'market' ? 'futures.market' : 'futures.limit')],
                  [t('col.price'), call.request.price === undefined ? t('futures.form.marketPrice') : `${price(call.request.price, props.pair.price_precision)} ${quote}`],
                  [t('col.quantity'), `${lots(call.request.quantity)} ${base}`],
                ]}
              />
              {call.request.type === 'market' && <Muted style={{ fontSize: 11 }}>{t('futures.close.levels')}</Muted>}
            </>
          )
        }
      />
    );
  }
  return (
    <DialogFrame title={t('futures.close.title')} submitLabel={t('futures.close.button')} onSubmit={d.submit} onCancel={d.cancel}>
      <PressedChoice frame={Choices} role="group" label={t('col.type')} value={market ? 'market' : 'limit'} options={[['limit', t('futures.limit')], ['market', t('futures.market')]]} onChoose={d.setType} />
      {!market && <NumberField name="closePrice" label={t('col.price')} unit={quote} value={d.price} onChange={d.setPrice} />}
      <NumberField name="closeQuantity" label={t('col.quantity')} unit={base} value={d.quantity} onChange={d.setQuantity} />
      <Choices role="group" aria-label={t('futures.form.share')}>
        {PERCENTS.map((p) => (
          <button key={p} type="button" onClick={() => d.setPercent(p)}>
            {percentOf(String(p))}
          </button>
        ))}
      </Choices>
      <Facts rows={[[t('col.closable'), `${lots(d.closable)} ${base}`]]} />
    </DialogFrame>
  );
}

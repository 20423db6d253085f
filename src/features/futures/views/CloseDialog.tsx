import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../../domain/api';
import { Muted } from '../../../app/ui/Panel';
import type { useCloseDialog } from '../futures.hooks';
import { DialogFrame, type ConfirmStep } from './DialogFrame';
import { Choices, Facts, NumberField } from './formParts';
import { PressedChoice } from '../../../app/ui/Segmented';
import { price, quantity } from '../../../../domain/figures';

const PERCENTS = [25, 50, 75, 100] as const;

/** Closing a position by limit or market (a quantity up to the closable one), and the flash close; each confirmed (§8). */
export function CloseDialog(props: { dialog: ReturnType<typeof useCloseDialog>; pair: Pair }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const base = props.pair.left_symbol;
  const quote = props.pair.right_symbol;
  const lots = (value: string) => quantity(value, props.pair.amount_precision);
  const market = d.orderType === 'market';
  const confirm: ConfirmStep | undefined =
    d.state === 'confirmingFlash' || d.state === 'flashing'
      ? {
          title: t('futures.close.flashTitle'),
          confirmLabel: t('futures.close.flash'),
          tone: 'danger',
          busy: d.state === 'flashing',
          body: (
            <>
              <p style={{ margin: 0 }}>{t('futures.close.flashQuestion', { quantity: lots(d.closable), currency: base })}</p>
              <Muted style={{ fontSize: 11 }}>{t('futures.close.levels')}</Muted>
            </>
          ),
        }
      : d.state === 'confirming' || d.state === 'closing'
        ? {
            title: t('futures.close.confirmTitle'),
            confirmLabel: t('futures.close.button'),
            tone: 'danger',
            busy: d.state === 'closing',
            body: (
              <>
                <Facts
                  rows={[
                    [t('col.type'), t(market ? 'futures.market' : 'futures.limit')],
                    [t('col.price'), market ? t('futures.form.marketPrice') : `${price(d.price, props.pair.price_precision)} ${quote}`],
                    [t('col.quantity'), `${lots(d.quantity)} ${base}`],
                  ]}
                />
                {market && <Muted style={{ fontSize: 11 }}>{t('futures.close.levels')}</Muted>}
              </>
            ),
          }
        : undefined;
  return (
    <DialogFrame title={t('futures.close.title')} submitLabel={t('futures.close.button')} onSubmit={d.submit} onCancel={d.cancel} onConfirm={d.confirm} confirm={confirm}>
      <PressedChoice frame={Choices} role="group" label={t('col.type')} value={market ? 'market' : 'limit'} options={[['limit', t('futures.limit')], ['market', t('futures.market')]]} onChoose={d.setType} />
      {!market && <NumberField name="closePrice" label={t('col.price')} unit={quote} value={d.price} onChange={d.setPrice} />}
      <NumberField name="closeQuantity" label={t('col.quantity')} unit={base} value={d.quantity} onChange={d.setQuantity} />
      <Choices role="group" aria-label={t('futures.form.share')}>
        {PERCENTS.map((p) => (
          <button key={p} type="button" onClick={() => d.setPercent(p)}>
            {p}%
          </button>
        ))}
      </Choices>
      <Facts rows={[[t('col.closable'), `${lots(d.closable)} ${base}`]]} />
    </DialogFrame>
  );
}

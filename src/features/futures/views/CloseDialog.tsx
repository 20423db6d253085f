import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../domain/api';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Dialog } from '../../../app/ui/Dialog';
import { Muted } from '../../../app/ui/Panel';
import type { useCloseDialog } from '../futures.hooks';
import { Choices, Facts, NumberField } from './formParts';

const PERCENTS = [25, 50, 75, 100] as const;

/** Closing a position by limit or market (a quantity up to the closable one), and the flash close; each confirmed (§8). */
export function CloseDialog(props: { dialog: ReturnType<typeof useCloseDialog>; pair: Pair }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const base = props.pair.left_symbol;
  const quote = props.pair.right_symbol;
  const market = d.orderType === 'market';
  if (d.state === 'confirmingFlash' || d.state === 'flashing') {
    return (
      <ConfirmDialog title={t('futures.close.flashTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('futures.close.flash')} tone="danger" busy={d.state === 'flashing'} onConfirm={d.confirm} onCancel={d.cancel}>
        <p style={{ margin: 0 }}>{t('futures.close.flashQuestion', { quantity: d.closable, currency: base })}</p>
        <Muted style={{ fontSize: 11 }}>{t('futures.close.levels')}</Muted>
      </ConfirmDialog>
    );
  }
  if (d.state === 'confirming' || d.state === 'closing') {
    return (
      <ConfirmDialog title={t('futures.close.confirmTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('futures.close.button')} tone="danger" busy={d.state === 'closing'} onConfirm={d.confirm} onCancel={d.cancel}>
        <Facts
          rows={[
            [t('col.type'), t(market ? 'futures.market' : 'futures.limit')],
            [t('col.price'), market ? t('futures.form.marketPrice') : `${d.price} ${quote}`],
            [t('col.quantity'), `${d.quantity} ${base}`],
          ]}
        />
        {market && <Muted style={{ fontSize: 11 }}>{t('futures.close.levels')}</Muted>}
      </ConfirmDialog>
    );
  }
  return (
    <Dialog
      title={t('futures.close.title')}
      onClose={d.cancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={d.cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="button" onClick={d.submit}>
            {t('futures.close.button')}
          </Button>
        </>
      }
    >
      <Choices role="group" aria-label={t('col.type')}>
        <button type="button" aria-pressed={!market} onClick={() => d.setType('limit')}>
          {t('futures.limit')}
        </button>
        <button type="button" aria-pressed={market} onClick={() => d.setType('market')}>
          {t('futures.market')}
        </button>
      </Choices>
      {!market && <NumberField name="closePrice" label={t('col.price')} unit={quote} value={d.price} onChange={d.setPrice} />}
      <NumberField name="closeQuantity" label={t('col.quantity')} unit={base} value={d.quantity} onChange={d.setQuantity} />
      <Choices role="group" aria-label={t('futures.form.share')}>
        {PERCENTS.map((p) => (
          <button key={p} type="button" onClick={() => d.setPercent(p)}>
            {p}%
          </button>
        ))}
      </Choices>
      <Facts rows={[[t('col.closable'), `${d.closable} ${base}`]]} />
    </Dialog>
  );
}

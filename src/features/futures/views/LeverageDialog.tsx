import { useTranslation } from 'react-i18next';
import { Button } from '../../../app/ui/Button';
import { Dialog } from '../../../app/ui/Dialog';
import { Muted } from '../../../app/ui/Panel';
import type { useLeverageDialog } from '../futures.hooks';
import { Choices } from './formParts';
import { PressedChoice } from '../../../app/ui/Segmented';

/** Margin mode and leverage (1…the pair's maximum) for the pair, saved with POST /api/futures/leverage. */
export function LeverageDialog(props: { dialog: ReturnType<typeof useLeverageDialog> }) {
  const { t } = useTranslation();
  const d = props.dialog;
  return (
    <Dialog
      title={t('futures.leverage.title')}
      onClose={d.close}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={d.close}>
            {t('common.cancel')}
          </Button>
          <Button type="button" disabled={d.saving} onClick={d.save}>
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <PressedChoice frame={Choices} role="group" label={t('futures.leverage.mode')} value={d.marginMode} options={[['isolated', t('futures.isolated')], ['cross', t('futures.cross')]]} onChoose={d.setMode} />
      <label style={{ display: 'grid', gap: 6, fontSize: 12 }}>
        <span>
          {t('col.leverage')}: <b className="num">{d.leverage}×</b>
        </span>
        <input type="range" min={1} max={d.max} step={1} value={d.leverage} aria-label={t('futures.leverage.slider')} onChange={(e) => d.setLeverage(Number(e.target.value))} />
      </label>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 12, margin: '10px 0' }}>
        {t('futures.leverage.input')}
        <input
          type="number"
          min={1}
          max={d.max}
          value={d.leverage}
          style={{ width: 80 }}
          aria-label={t('futures.leverage.input')}
          onChange={(e) => d.setLeverage(Number(e.target.value))}
        />
        <span>1…{d.max}×</span>
      </label>
      <Muted style={{ fontSize: 11 }}>{t('futures.leverage.note')}</Muted>
    </Dialog>
  );
}

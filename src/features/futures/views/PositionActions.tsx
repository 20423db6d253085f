import { useTranslation } from 'react-i18next';
import type { FuturesPosition } from '../../../../domain/futures/api';
import { Button } from '../../../app/ui/Button';
import type { usePositionActions } from '../futures.hooks';
import { CloseDialog } from './CloseDialog';
import { TpslDialog } from './TpslDialog';

type Actions = ReturnType<typeof usePositionActions>;

/** A position's TP/SL, close and flash close buttons (the trade page's cards and the orders centre). */
export function PositionButtons(props: { position: FuturesPosition; onTpsl: (p: FuturesPosition) => void; onClose: (p: FuturesPosition) => void; onFlash: (p: FuturesPosition) => void }) {
  const { t } = useTranslation();
  const p = props.position;
  return (
    <>
      <Button type="button" $small $variant="ghost" onClick={() => props.onTpsl(p)}>
        {t('futures.tpsl.short')}
      </Button>
      <Button type="button" $small $variant="ghost" onClick={() => props.onClose(p)}>
        {t('futures.close.button')}
      </Button>
      <Button type="button" $small $variant="ghost" onClick={() => props.onFlash(p)}>
        {t('futures.close.flash')}
      </Button>
    </>
  );
}

/** The buttons wired to the position dialogs of `actions` (usePositionActions). */
export function PositionActionButtons(props: { position: FuturesPosition; actions: Actions }) {
  const { onTpsl, onClose, onFlash } = props.actions;
  return <PositionButtons position={props.position} onTpsl={onTpsl} onClose={onClose} onFlash={onFlash} />;
}

/** The open close or TP/SL dialog, if any. */
export function PositionActionDialogs(props: { actions: Actions }) {
  const { close, tpsl, pairOf } = props.actions;
  return (
    <>
      {(close.state !== 'closed' || close.asking) && <CloseDialog dialog={close} pair={pairOf(close.symbol)} />}
      {tpsl.state !== 'closed' && <TpslDialog dialog={tpsl} pair={pairOf(tpsl.symbol)} />}
    </>
  );
}

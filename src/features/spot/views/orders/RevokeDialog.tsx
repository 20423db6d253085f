import { useTranslation } from 'react-i18next';
import type { ConfirmActActorRef } from '../../../../app/machines/confirmAct/confirmAct.machine';
import { ConfirmActDialog, ConfirmDialog, type ConfirmTexts } from '../../../../app/ui/ConfirmDialog';

const REVOKE: ConfirmTexts = { titleKey: 'spot.orders.revokeTitle', questionKey: 'spot.orders.revokeQuestion' };

/** Spec §8: "Do you want to cancel this order?" before an open order is cancelled, asked by its machine's `cancelOrder` confirm-then-act child. */
export function RevokeQuestion(props: { actor: ConfirmActActorRef | undefined }) {
  return <ConfirmActDialog actor={props.actor} texts={() => REVOKE} />;
}

/** The same question before a waiting stop order is cancelled, while its machine still asks itself. */
export function RevokeDialog(props: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t(REVOKE.titleKey)}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('common.confirm')}
      tone="danger"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {t(REVOKE.questionKey)}
    </ConfirmDialog>
  );
}

import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';

/** Spec §8: "Do you want to cancel this order?" before an open order is cancelled. */
export function RevokeDialog(props: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('spot.orders.revokeTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('common.confirm')}
      tone="danger"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {t('spot.orders.revokeQuestion')}
    </ConfirmDialog>
  );
}

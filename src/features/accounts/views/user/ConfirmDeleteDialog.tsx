import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';

/** Spec §8: deleting an address or a collection method asks first; the book machine waits. */
export function ConfirmDeleteDialog(props: { messageKey: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('addresses.deleteTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('addresses.delete')}
      tone="danger"
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {t(props.messageKey)}
    </ConfirmDialog>
  );
}

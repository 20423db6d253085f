import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** Spec §8: deleting an address or a collection method asks first; the book machine waits. */
export function ConfirmDeleteDialog(props: { messageKey: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('addresses.deleteTitle')}
      onClose={props.onCancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="button" $variant="danger" onClick={props.onConfirm}>
            {t('addresses.delete')}
          </Button>
        </>
      }
    >
      {t(props.messageKey)}
    </Dialog>
  );
}

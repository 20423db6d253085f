import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';

export interface ConfirmDeleteDialogProps {
  /** The question, with its parameters ("Delete the key {{label}}?"). */
  messageKey: string;
  params?: Record<string, string>;
  /** The dialog's title and its red button; an address book's by default. */
  titleKey?: string;
  confirmKey?: string;
  /** The delete is on its way: the buttons wait. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §8: deleting anything of the user's (an address, a collection method, an API key) asks first; the machine waits. */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t(props.titleKey ?? 'addresses.deleteTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t(props.confirmKey ?? 'addresses.delete')}
      tone="danger"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {t(props.messageKey, props.params)}
    </ConfirmDialog>
  );
}

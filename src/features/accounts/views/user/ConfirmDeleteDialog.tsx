import { useTranslation } from 'react-i18next';
import type { ConfirmActActorRef } from '../../../../app/machines/confirmAct/confirmAct.machine';
import { Button } from '../../../../app/ui/Button';
import { ConfirmActDialog } from '../../../../app/ui/ConfirmDialog';
import type { Column } from '../../../../app/ui/DataTable';

export interface ConfirmDeleteDialogProps<TSubject> {
  /** The page machine's confirm-then-act child that deletes (app/machines/confirmAct). */
  actor: ConfirmActActorRef | undefined;
  /** The question, with its parameters about the subject ("Delete the key {{label}}?"). */
  messageKey: string;
  params?: (subject: TSubject) => Record<string, string>;
  /** The dialog's title and its red button; an address book's by default. */
  titleKey?: string;
  confirmKey?: string;
  /** The button that keeps the record ("Keep address"), so neither button is a bare "Cancel" (issue 50 C3). */
  keepKey?: string;
}

/**
 * Spec §8: deleting anything of the user's (an address, a collection method, an API key) asks
 * first; the machine's child acts once confirmed, and a refusal it keeps is said in this dialog.
 */
export function ConfirmDeleteDialog<TSubject>(props: ConfirmDeleteDialogProps<TSubject>) {
  const { titleKey = 'addresses.deleteTitle', confirmKey = 'addresses.deleteAddress', keepKey = 'addresses.keepAddress', messageKey, params } = props;
  return <ConfirmActDialog<TSubject> actor={props.actor} texts={(subject) => ({ titleKey, questionKey: messageKey, params: params?.(subject), confirmKey, keepKey })} />;
}

/** The "Delete" button of a row whose deletion asks first (the dialog above). */
export function DeleteButton(props: { onDelete: () => void; labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <Button type="button" $variant="ghost" $small onClick={props.onDelete}>
      {t(props.labelKey ?? 'addresses.delete')}
    </Button>
  );
}

/** A book's or a key list's last column: the row's Delete button. */
export function deleteColumn<Row>(onDelete: (row: Row) => void, labelKey?: string): Column<Row> {
  return { key: 'col.actions', align: 'right', render: (row) => <DeleteButton labelKey={labelKey} onDelete={() => onDelete(row)} /> };
}

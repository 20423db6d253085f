import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * The spec §8 confirmation prompt: a question, Cancel and one confirming button. Whether it is open
 * (and whether the action is under way) is the caller's machine's business.
 */
export function ConfirmDialog(props: {
  title: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onCancel}>
            {props.cancelLabel}
          </Button>
          <Button type="button" $variant={props.tone ?? 'primary'} disabled={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}

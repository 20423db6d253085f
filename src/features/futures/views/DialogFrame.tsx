import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';

/** The confirmation step of a position dialog (§8): what is about to be sent, and the button that sends it. */
export interface ConfirmStep {
  title: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** The call is under way: the buttons wait. */
  busy: boolean;
  body: ReactNode;
  onConfirm: () => void;
}

/**
 * The frame the close and TP/SL dialogs share: the editing step (title, the fields as children,
 * Cancel and the submit button) or, once the TP/SL machine is confirming, its confirmation step.
 */
export function DialogFrame(props: { title: string; submitLabel: string; onSubmit: () => void; onCancel: () => void; confirm?: ConfirmStep; children: ReactNode }) {
  const c = props.confirm;
  if (c) {
    return (
      <ConfirmDialog title={c.title} confirmLabel={c.confirmLabel} tone={c.tone} busy={c.busy} onConfirm={c.onConfirm} onCancel={props.onCancel}>
        {c.body}
      </ConfirmDialog>
    );
  }
  // The editing step has the same frame as a confirmation: Cancel and one button (here: submit).
  return (
    <ConfirmDialog title={props.title} confirmLabel={props.submitLabel} onConfirm={props.onSubmit} onCancel={props.onCancel}>
      {props.children}
    </ConfirmDialog>
  );
}

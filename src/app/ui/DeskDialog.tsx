import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ToastMessage } from '../../../domain/errors';
import { Button } from './Button';
import { DataTable, type Column } from './DataTable';
import { DateTime } from './DateTime';
import { Dialog } from './Dialog';
import { fieldInput, FormField } from './FormField';
import { FormProblem } from './FormRows';
import { Muted } from './Panel';

/** A desk's title row: the title, then its actions on the right (wrapping on a phone). */
export const DeskHead = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  h2 { flex: 1; margin: 0; }
`;

/** The back office's forms: small labels over dense inputs, two or three to a row (the markets, fees and corrections desks). */
export const DeskForm = styled.div`
  display: grid;
  gap: 10px;
  .field { display: grid; gap: 4px; align-content: start; }
  .field > label { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], input[type='password'], input[type='datetime-local'], select, textarea { ${fieldInput('6px 9px')} font: inherit; }
  input[type='datetime-local'] { color-scheme: ${({ theme }) => theme.name}; }
  textarea { resize: vertical; min-height: 60px; }
  .with-button { display: flex; gap: 6px; }
  .with-button input { flex: 1; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .row, .pair { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 10px; }
  .row.two, .pair { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .tier { display: grid; grid-template-columns: 80px 1fr auto; gap: 8px; align-items: end; }
  fieldset { border: 1px solid ${({ theme }) => theme.color.border}; border-radius: 4px; padding: 8px 10px 10px; margin: 0; display: grid; gap: 8px; }
  legend { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; padding: 0 4px; }
  .check { display: flex; gap: 8px; align-items: center; font-size: 13px; }
  @media (max-width: 560px) { .row, .row.two, .pair { grid-template-columns: 1fr; } }
`;

/**
 * A labelled text input of a desk dialog whose value is kept outside Formik (the desk's machine, or
 * the dialog's own state: decision 0041). `error`: the field's own problem, translated, said under
 * it and tied to it (aria-describedby), outside the label so it never becomes part of its name.
 */
export function DeskTextField(props: { label: string; value: string; onChange: (value: string) => void; inputMode?: 'decimal' | 'numeric'; autoComplete?: string; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        value={props.value}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error !== undefined || undefined}
        aria-describedby={props.error === undefined ? undefined : `${id}-error`}
      />
      {props.error !== undefined && (
        <span className="error" id={`${id}-error`}>
          {props.error}
        </span>
      )}
    </div>
  );
}

/** The server's refusal, under the form (translated by the server, or a catalogue key). */
export function DeskRefusal(props: { refusal: ToastMessage | undefined }) {
  const { t } = useTranslation();
  if (!props.refusal) return null;
  return <FormProblem role="alert">{'key' in props.refusal ? t(props.refusal.key) : props.refusal.text}</FormProblem>;
}

/**
 * How a desk's form ends: the operator's own 2FA code (or a recovery code), then the server's
 * refusal under it. The code is the Formik form's `code` field, or with `kept` a value the desk keeps.
 */
export function DeskCodeAndRefusal(props: { labelKey: string; refusal: ToastMessage | undefined; kept?: { value: string; onChange: (value: string) => void; error?: string } }) {
  const { t } = useTranslation();
  const { labelKey, kept } = props;
  return (
    <>
      {kept ? (
        <DeskTextField label={t(labelKey)} value={kept.value} onChange={kept.onChange} inputMode="numeric" autoComplete="one-time-code" error={kept.error} />
      ) : (
        <FormField name="code" labelKey={labelKey} inputMode="numeric" autoComplete="one-time-code" />
      )}
      <DeskRefusal refusal={props.refusal} />
    </>
  );
}

export interface DeskDialogProps {
  sending: boolean;
  refusal: ToastMessage | undefined;
  onClose: () => void;
}

/** A dialog whose footer submits the form `formId` (`danger`: the submit is drawn as a destructive action). */
export function DeskDialog(props: DeskDialogProps & { title: string; submitKey: string; formId: string; danger?: boolean; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      wide={props.wide}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onClose} disabled={props.sending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={props.formId} $variant={props.danger ? 'danger' : undefined} disabled={props.sending}>
            {t(props.submitKey)}
          </Button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}

/**
 * A desk dialog of one form whose fields the desk keeps itself (not Formik: decision 0041), named
 * by the dialog's title; its submit calls `onSubmit`.
 */
export function DeskFieldsDialog(props: DeskDialogProps & { title: string; submitKey: string; danger?: boolean; wide?: boolean; onSubmit: () => void; children: ReactNode }) {
  const { onSubmit, children, ...dialog } = props;
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <DeskDialog {...dialog} formId={formId}>
      <form id={formId} noValidate aria-label={props.title} onSubmit={submit}>
        <DeskForm>{children}</DeskForm>
      </form>
    </DeskDialog>
  );
}

/*
 * What the back office's lists share (issue 54: each desk wrote them by hand): a title bar whose
 * heading takes the room left by its buttons, a Reload that is off while the list is read, and a
 * table of rows keyed by their id under the line that says the read failed. Here with the desks'
 * dialogs rather than in a module of their own: one more chunk is one more name in /home's entry,
 * which is at its bundle budget (scripts/bundle/bundle.test.ts).
 */

/** A desk's heading and its buttons on one line, wrapping on a narrow screen. */
export function DeskTitleBar(props: { title: ReactNode; children?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <h2 style={{ flex: 1 }}>{props.title}</h2>
      {props.children}
    </div>
  );
}

/** Reads a desk's list again; off while a read is under way. */
export function ReloadButton(props: { onReload: () => void; loading: boolean; labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <Button type="button" $variant="ghost" $small onClick={props.onReload} disabled={props.loading}>
      {t(props.labelKey ?? 'operator.reload')}
    </Button>
  );
}

/** A desk list's texts (catalogue keys): its title (the table's name), the empty table's line, the failed read's line. */
export interface DeskListTexts {
  title: string;
  empty: string;
  failed: string;
}

/** A desk's rows (each with its id) as its hook reads them, under the line saying the last read failed. */
export function DeskTable<Row extends { id: number }>(props: { texts: DeskListTexts; desk: { list: Row[]; failed: boolean }; columns: Column<Row>[] }) {
  const { t } = useTranslation();
  return (
    <>
      {props.desk.failed && <Muted>{t(props.texts.failed)}</Muted>}
      <DataTable<Row> label={t(props.texts.title)} rows={props.desk.list} emptyKey={props.texts.empty} columns={props.columns} />
    </>
  );
}

/** The columns the desks' lists open with: when (its key says which moment), whose (the user's account), or both in that order. */
export const deskColumns = {
  at: <Row,>(key: string, at: (row: Row) => number | string): Column<Row> => ({ key, render: (r) => <DateTime at={at(r)} /> }),
  user: <Row extends { account?: string | null }>(): Column<Row> => ({ key: 'operator.user', render: (r) => r.account }),
  whenAndWho: <Row extends { account?: string | null }>(key: string, at: (row: Row) => number | string): Column<Row>[] => [deskColumns.at(key, at), deskColumns.user()],
};

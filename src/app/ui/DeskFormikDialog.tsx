import { Form, Formik, type FormikProps, type FormikValues } from 'formik';
import { useId, type ReactNode } from 'react';
import { DeskDialog, DeskForm, type DeskDialogProps } from './DeskDialog';
import { Muted } from './Panel';

// A file of its own, not in DeskDialog.tsx: every desk's chunk imports DeskDialog, and Formik there
// made each of them list Formik's chunk too (64 more chunk references in the entry that /home loads).
/**
 * A desk dialog of one Formik form, named by the dialog's title: `intro` opens the form, `above`
 * stands over it (what a decision is about). The children may be a function of the form's state.
 */
export function DeskFormikDialog<Values extends FormikValues>(
  props: DeskDialogProps & {
    title: string;
    submitKey: string;
    danger?: boolean;
    wide?: boolean;
    intro?: string;
    above?: ReactNode;
    initialValues: Values;
    validationSchema: unknown;
    onSubmit: (values: Values) => void;
    children: ReactNode | ((formik: FormikProps<Values>) => ReactNode);
  },
) {
  const { intro, above, initialValues, validationSchema, onSubmit, children, ...dialog } = props;
  const formId = useId();
  return (
    <DeskDialog {...dialog} formId={formId}>
      {above}
      <Formik<Values> initialValues={initialValues} validationSchema={validationSchema} onSubmit={onSubmit}>
        {(formik) => (
          <Form id={formId} noValidate aria-label={props.title}>
            <DeskForm>
              {intro !== undefined && <Muted style={{ margin: 0 }}>{intro}</Muted>}
              {typeof children === 'function' ? children(formik) : children}
            </DeskForm>
          </Form>
        )}
      </Formik>
    </DeskDialog>
  );
}

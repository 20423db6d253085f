import { FormField, type FormFieldProps } from '../../../app/ui/FormField';

/** A wallet form's Formik field: the shared FormField, its message shown without interrupting. */
export function WithdrawalField(props: Omit<FormFieldProps, 'announce'>) {
  return <FormField {...props} announce={false} />;
}

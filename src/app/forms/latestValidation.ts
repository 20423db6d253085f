import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import { useMemo } from 'react';
import type { AnyObjectSchema } from 'yup';
import type { ValidationContext } from '../../../domain/validation';

/**
 * A Formik `validate` over a yup schema that always ends on the newest values' errors. Formik
 * applies whichever validation resolves last (formik#2534), and ours are asynchronous: the password
 * strength test loads its dictionaries on first use. So a slow early run (the repeat field still
 * empty) could resolve after a later one and leave "enter it again" under a field that holds a
 * different password. Here a run that a newer one overtook answers the newer one's errors.
 */
export function latestValidation<V extends FormikValues>(schema: AnyObjectSchema, context?: object): (values: V) => Promise<FormikErrors<V>> {
  let latest: Promise<FormikErrors<V>> | undefined;
  const check = (values: V) =>
    validateYupSchema(values, schema, false, context).then(
      (): FormikErrors<V> => ({}),
      (error: unknown) => yupToFormErrors<V>(error),
    );
  const newest = (): Promise<FormikErrors<V>> => {
    const current = latest!;
    return current.then((errors) => (current === latest ? errors : newest()));
  };
  return (values) => {
    latest = check(values);
    return latest.then(newest);
  };
}

/**
 * `latestValidation` kept for the form's life (a new one per render would forget the runs in
 * flight). `context`: what the schema's rules read beside the values (ValidationContext: the
 * account a new password must not lean on, whether 2FA is on).
 */
export function useLatestValidation<V extends FormikValues>(schema: AnyObjectSchema, context?: ValidationContext): (values: V) => Promise<FormikErrors<V>> {
  const key = context ? `${context.related?.join('\n') ?? ''}\u0000${String(context.twoFactor)}` : undefined;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `context`'s contents
  return useMemo(() => latestValidation<V>(schema, context), [schema, key]);
}

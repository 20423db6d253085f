import { Formik, type FormikProps, type FormikValues } from 'formik';
import { useState, type ReactNode } from 'react';

/**
 * The Formik of a page's inline create form (a price alert, a recurring buy): after each create
 * (`created`, the flow's count of them) it starts afresh with the choices of the last request
 * kept — the pair, the market, the frequency — and its one typed `figure` (a price, an amount)
 * emptied. `choices` are the first form's; `onSubmit` gets the values with the figure trimmed.
 */
export function RenewingFormik<V extends FormikValues, F extends keyof V & string>(props: {
  created: number;
  choices: Omit<V, F>;
  figure: F;
  validationSchema: unknown;
  onSubmit: (values: V) => void;
  children: (formik: FormikProps<V>) => ReactNode;
}) {
  const { figure } = props;
  // The choices of the last request: the next form starts with them (presentation only).
  const [last, setLast] = useState<Omit<V, F>>(props.choices);
  return (
    <Formik<V>
      key={props.created}
      initialValues={{ ...last, [figure]: '' } as unknown as V}
      validationSchema={props.validationSchema}
      onSubmit={(values) => {
        const { [figure]: typed, ...choices } = values;
        setLast(choices as Omit<V, F>);
        props.onSubmit({ ...values, [figure]: String(typed).trim() });
      }}
    >
      {props.children}
    </Formik>
  );
}

import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorCreate, OperatorRole, OperatorView } from '../../../../../domain/operators';
import { FormField } from '../../../../app/ui/FormField';
import { DeskDialog, DeskRefusal, type DeskDialogProps } from '../../../../app/ui/DeskDialog';
import { Muted } from '../../../../app/ui/Panel';
import { DeskForm, RoleChecks } from './deskUi';
import { operatorCreateSchema, operatorRolesSchema, type OperatorCreateValues, type OperatorRolesValues } from './operatorSchemas';

/** A new operator: account, password and roles; the server's refusal (a taken name, say) shows here and the form stays. */
export function CreateOperatorDialog(props: DeskDialogProps & { onSubmit: (fields: OperatorCreate) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <DeskDialog {...props} title={t('operatorDesks.operators.createTitle')} submitKey="operatorDesks.operators.createSubmit" formId={formId}>
      <Formik<OperatorCreateValues>
        initialValues={{ account: '', password: '', roles: [] }}
        validationSchema={operatorCreateSchema}
        onSubmit={(values) => props.onSubmit({ account: values.account.trim(), password: values.password, roles: values.roles })}
      >
        {({ errors, touched, submitCount }) => (
          <Form id={formId} noValidate aria-label={t('operatorDesks.operators.createTitle')}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t('operatorDesks.operators.createIntro')}</Muted>
              <FormField name="account" labelKey="operatorDesks.operators.account" autoComplete="off" />
              <FormField name="password" labelKey="operatorDesks.operators.password" type="password" autoComplete="new-password" />
              <RoleChecks name="roles" error={touched.roles || submitCount > 0 ? (errors.roles as string | undefined) : undefined} />
              <DeskRefusal refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </DeskDialog>
  );
}

/** One operator's roles; taking effect at its very next call. */
export function RolesDialog(props: DeskDialogProps & { operator: OperatorView; onSubmit: (roles: OperatorRole[]) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <DeskDialog {...props} title={t('operatorDesks.operators.rolesTitle', { account: props.operator.account })} submitKey="operatorDesks.operators.rolesSubmit" formId={formId}>
      <Formik<OperatorRolesValues> initialValues={{ roles: props.operator.roles }} validationSchema={operatorRolesSchema} onSubmit={(values) => props.onSubmit(values.roles)}>
        {({ errors, submitCount }) => (
          <Form id={formId} noValidate aria-label={t('operatorDesks.operators.rolesTitle', { account: props.operator.account })}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t('operatorDesks.operators.rolesIntro')}</Muted>
              <RoleChecks name="roles" error={submitCount > 0 ? (errors.roles as string | undefined) : undefined} />
              <DeskRefusal refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </DeskDialog>
  );
}

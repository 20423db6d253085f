import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../../../../domain/errors';
import type { OperatorCreate, OperatorRole, OperatorView } from '../../../../../domain/operators';
import { Button } from '../../../../app/ui/Button';
import { Dialog } from '../../../../app/ui/Dialog';
import { FormField } from '../../../../app/ui/FormField';
import { Muted } from '../../../../app/ui/Panel';
import { DeskForm, Refusal, RoleChecks } from './deskUi';
import { operatorCreateSchema, operatorRolesSchema, type OperatorCreateValues, type OperatorRolesValues } from './operatorSchemas';

interface FormProps {
  sending: boolean;
  refusal: ToastMessage | undefined;
  onClose: () => void;
}

/** The footer of a form dialog: Cancel, and the submit button of the form `formId`. */
function Footer(props: { formId: string; sending: boolean; submitKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="button" $variant="ghost" onClick={props.onClose} disabled={props.sending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form={props.formId} disabled={props.sending}>
        {t(props.submitKey)}
      </Button>
    </>
  );
}

/** A new operator: account, password and roles; the server's refusal (a taken name, say) shows here and the form stays. */
export function CreateOperatorDialog(props: FormProps & { onSubmit: (fields: OperatorCreate) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Dialog
      title={t('operatorDesks.operators.createTitle')}
      onClose={props.onClose}
      footer={<Footer formId={formId} sending={props.sending} submitKey="operatorDesks.operators.createSubmit" onClose={props.onClose} />}
    >
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
              <Refusal refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

/** One operator's roles; taking effect at its very next call. */
export function RolesDialog(props: FormProps & { operator: OperatorView; onSubmit: (roles: OperatorRole[]) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Dialog
      title={t('operatorDesks.operators.rolesTitle', { account: props.operator.account })}
      onClose={props.onClose}
      footer={<Footer formId={formId} sending={props.sending} submitKey="operatorDesks.operators.rolesSubmit" onClose={props.onClose} />}
    >
      <Formik<OperatorRolesValues> initialValues={{ roles: props.operator.roles }} validationSchema={operatorRolesSchema} onSubmit={(values) => props.onSubmit(values.roles)}>
        {({ errors, submitCount }) => (
          <Form id={formId} noValidate aria-label={t('operatorDesks.operators.rolesTitle', { account: props.operator.account })}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t('operatorDesks.operators.rolesIntro')}</Muted>
              <RoleChecks name="roles" error={submitCount > 0 ? (errors.roles as string | undefined) : undefined} />
              <Refusal refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

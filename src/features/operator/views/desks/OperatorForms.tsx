import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorCreate, OperatorRole, OperatorView } from '../../../../../domain/operators';
import { FormField } from '../../../../app/ui/FormField';
import { DeskCodeAndRefusal, DeskDialog, type DeskDialogProps } from '../../../../app/ui/DeskDialog';
import { Muted } from '../../../../app/ui/Panel';
import type { StandingSubject } from '../../machines/operatorsDesk/operatorsDesk.machine';
import { DeskForm, RoleChecks } from './deskUi';
import { operatorCreateSchema, operatorRolesSchema, operatorStandingSchema, type OperatorCreateValues, type OperatorRolesValues, type OperatorStandingValues } from './operatorSchemas';

/**
 * A new operator: account, password and roles, and the admin's own 2FA code; the server's refusal
 * (a taken name, a wrong code) shows here and the form stays.
 */
export function CreateOperatorDialog(props: DeskDialogProps & { onSubmit: (fields: OperatorCreate) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <DeskDialog {...props} title={t('operatorDesks.operators.createTitle')} submitKey="operatorDesks.operators.createSubmit" formId={formId}>
      <Formik<OperatorCreateValues>
        initialValues={{ account: '', password: '', roles: [], code: '' }}
        validationSchema={operatorCreateSchema}
        onSubmit={(values) => props.onSubmit({ account: values.account.trim(), password: values.password, roles: values.roles, code: values.code.trim() })}
      >
        {({ errors, touched, submitCount }) => (
          <Form id={formId} noValidate aria-label={t('operatorDesks.operators.createTitle')}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t('operatorDesks.operators.createIntro')}</Muted>
              <FormField name="account" labelKey="operatorDesks.operators.account" autoComplete="off" />
              <FormField name="password" labelKey="operatorDesks.operators.password" type="password" autoComplete="new-password" />
              <RoleChecks name="roles" error={touched.roles || submitCount > 0 ? (errors.roles as string | undefined) : undefined} />
              <DeskCodeAndRefusal labelKey="operatorDesks.operators.code" refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </DeskDialog>
  );
}

/** One operator's roles, with the admin's own 2FA code; taking effect at its very next call. */
export function RolesDialog(props: DeskDialogProps & { operator: OperatorView; onSubmit: (roles: OperatorRole[], code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <DeskDialog {...props} title={t('operatorDesks.operators.rolesTitle', { account: props.operator.account })} submitKey="operatorDesks.operators.rolesSubmit" formId={formId}>
      <Formik<OperatorRolesValues>
        initialValues={{ roles: props.operator.roles, code: '' }}
        validationSchema={operatorRolesSchema}
        onSubmit={(values) => props.onSubmit(values.roles, values.code.trim())}
      >
        {({ errors, submitCount }) => (
          <Form id={formId} noValidate aria-label={t('operatorDesks.operators.rolesTitle', { account: props.operator.account })}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t('operatorDesks.operators.rolesIntro')}</Muted>
              <RoleChecks name="roles" error={submitCount > 0 ? (errors.roles as string | undefined) : undefined} />
              <DeskCodeAndRefusal labelKey="operatorDesks.operators.code" refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </DeskDialog>
  );
}

/**
 * "Disable {{account}}?" (or enable) with the admin's own 2FA code: the question stays open with
 * the server's refusal (a wrong code, say) under the code, to type a fresh one.
 */
export function StandingDialog(props: DeskDialogProps & { subject: StandingSubject; onSubmit: (code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const { subject } = props;
  const title = t(subject.disable ? 'operatorDesks.operators.disableTitle' : 'operatorDesks.operators.enableTitle');
  return (
    <DeskDialog {...props} title={title} submitKey={subject.disable ? 'operatorDesks.operators.disable' : 'operatorDesks.operators.enable'} formId={formId} danger={subject.disable}>
      <Formik<OperatorStandingValues> initialValues={{ code: '' }} validationSchema={operatorStandingSchema} onSubmit={(values) => props.onSubmit(values.code.trim())}>
        <Form id={formId} noValidate aria-label={title}>
          <DeskForm>
            <p style={{ margin: 0 }}>{t(subject.disable ? 'operatorDesks.operators.disableQuestion' : 'operatorDesks.operators.enableQuestion', { account: subject.account })}</p>
            <DeskCodeAndRefusal labelKey="operatorDesks.operators.code" refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </DeskDialog>
  );
}

/**
 * "Reset {{account}}'s 2FA?" for an operator who lost their device and recovery codes, with the
 * admin's own 2FA code: the server removes their secret and recovery codes and ends their
 * sessions; they enrol again at their next sign-in. A refusal (a wrong code, 2FA not on) stays
 * under the code.
 */
export function ResetTwoFactorDialog(props: DeskDialogProps & { subject: { account: string }; onSubmit: (code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const title = t('operatorDesks.operators.resetTwoFactorTitle');
  return (
    <DeskDialog {...props} title={title} submitKey="operatorDesks.operators.resetTwoFactor" formId={formId} danger>
      <Formik<OperatorStandingValues> initialValues={{ code: '' }} validationSchema={operatorStandingSchema} onSubmit={(values) => props.onSubmit(values.code.trim())}>
        <Form id={formId} noValidate aria-label={title}>
          <DeskForm>
            <p style={{ margin: 0 }}>{t('operatorDesks.operators.resetTwoFactorQuestion', { account: props.subject.account })}</p>
            <DeskCodeAndRefusal labelKey="operatorDesks.operators.code" refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </DeskDialog>
  );
}

import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema } from 'yup';
import type { SecurityKind } from '../../../../../domain/userCentre';
import { changeAccountSchema, changeFundsPwdSchema, changeLoginPwdSchema } from '../../../../../domain/validation';
import { useSessionFlow } from '../../../../app/views/hooks';
import { Button } from '../../../../app/ui/Button';
import { Muted, PageTitle } from '../../../../app/ui/Panel';
import { FormField } from '../../../../kit/auth/AuthForm';
import { PasswordMeter } from '../../../../kit/auth/PasswordMeter';
import { CodeButton } from '../auth/CodeButton';
import { FormCard } from './FormCard';
import { useSecurityChangeFlow } from '../../accounts.hooks';
import { useLatestValidation } from '../../../../app/forms/latestValidation';

const PAGE: Record<SecurityKind, { title: string; intro: string; schema: AnyObjectSchema }> = {
  loginPwd: { title: 'menu.user.loginPassword', intro: 'page.loginPwd.intro', schema: changeLoginPwdSchema },
  fundsPwd: { title: 'menu.user.fundPassword', intro: 'page.securityPwd.intro', schema: changeFundsPwdSchema },
  email: { title: 'menu.user.changeEmail', intro: 'page.emailSet.intro', schema: changeAccountSchema },
  phone: { title: 'menu.user.changePhone', intro: 'page.phoneSet.intro', schema: changeAccountSchema },
};

type Values = { code: string; password: string; password_repeat: string; account: string; area_code: string; new_code: string; totp_code: string };
const EMPTY: Values = { code: '', password: '', password_repeat: '', account: '', area_code: '', new_code: '', totp_code: '' };

/** Only the fields the server takes for this kind of change, trimmed; the 2FA code when one was typed. */
function fieldsFor(kind: SecurityKind, v: Values) {
  const secondFactor = v.totp_code.trim() ? { totp_code: v.totp_code.trim() } : {};
  if (kind === 'loginPwd' || kind === 'fundsPwd') return { code: v.code.trim(), password: v.password, password_repeat: v.password_repeat, ...secondFactor };
  return { code: v.code.trim(), account: v.account.trim(), new_code: v.new_code.trim(), ...(kind === 'phone' && v.area_code.trim() ? { area_code: v.area_code.trim() } : {}), ...secondFactor };
}

/** s-loginpwd, s-securitypwd, s-emailset, s-phoneset: one flow machine, four forms. */
export function SecurityChangePage(props: { kind: SecurityKind }) {
  const { t } = useTranslation();
  const { user } = useSessionFlow();
  const flow = useSecurityChangeFlow(props.kind);
  const page = PAGE[props.kind];
  // With 2FA on the server asks its code: an empty or malformed one is said under the field, before sending (the schema's rule).
  const related = user ? [user.account] : undefined;
  const validate = useLatestValidation<Values>(page.schema, { related, twoFactor: flow.twoFactor === true });
  const password = props.kind === 'loginPwd' || props.kind === 'fundsPwd';
  return (
    <FormCard>
      <PageTitle>{t(page.title)}</PageTitle>
      <Muted style={{ marginBottom: 14 }}>{t(page.intro)}</Muted>
      {flow.done && props.kind === 'fundsPwd' ? (
        <p role="status">{t('security.fundsPasswordChanged')}</p>
      ) : (
        <Formik<Values> initialValues={EMPTY} validate={validate} onSubmit={(v) => flow.submit(fieldsFor(props.kind, v))}>
          {({ values }) => (
            <Form noValidate>
              <FormField
                name="code"
                labelKey="security.codeToAccount"
                inputMode="numeric"
                autoComplete="one-time-code"
                after={<CodeButton resendIn={flow.resendCurrentIn} sending={flow.sending} onSend={() => flow.sendCode('current')} />}
              />
              <Muted style={{ margin: '-6px 0 10px', fontSize: 12 }}>{t('security.codeGoesTo', { account: user?.account ?? '' })}</Muted>
              {password ? (
                <>
                  <FormField name="password" labelKey={props.kind === 'loginPwd' ? 'auth.newPassword' : 'security.newFundsPassword'} type="password" autoComplete="new-password" />
                  <PasswordMeter name="password" related={related} />
                  <FormField name="password_repeat" labelKey={props.kind === 'loginPwd' ? 'auth.repeatPassword' : 'auth.repeatFundsPassword'} type="password" autoComplete="new-password" />
                </>
              ) : (
                <>
                  {props.kind === 'phone' && <FormField name="area_code" labelKey="auth.areaCode" />}
                  <FormField name="account" labelKey={props.kind === 'email' ? 'security.newEmail' : 'security.newPhone'} />
                  <FormField
                    name="new_code"
                    labelKey="security.codeToNew"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    after={<CodeButton resendIn={flow.resendNewIn} sending={flow.sending} onSend={() => flow.sendCode('new', values.account.trim(), values.area_code.trim() || undefined)} />}
                  />
                </>
              )}
              {/* With 2FA on the server asks for a code (docs/API.md "Two-factor authentication"); off, it ignores one, so none is asked. */}
              {flow.twoFactor !== false && (
                <>
                  <FormField name="totp_code" labelKey={flow.twoFactor === true ? 'twoFactor.codeOrRecovery' : 'twoFactor.optionalCode'} inputMode="numeric" autoComplete="one-time-code" />
                  <Muted style={{ margin: '-6px 0 10px', fontSize: 12 }}>{t('twoFactor.optionalCodeTip')}</Muted>
                </>
              )}
              {props.kind !== 'fundsPwd' && <p className="tip">{t('security.loginAgainNote')}</p>}
              <Button type="submit" disabled={flow.submitting}>
                {t('security.submit')}
              </Button>
            </Form>
          )}
        </Formik>
      )}
    </FormCard>
  );
}

import * as yup from 'yup';
import { OPERATOR_ACCOUNT, OPERATOR_ROLES, type OperatorRole } from '../../../../../domain/operators';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { loadPasswordStrength } from '../../../../../domain/validation';


const roles = yup.array(yup.string<OperatorRole>().oneOf(OPERATOR_ROLES).required()).required().min(1, 'operatorDesks.validation.rolesRequired');
/** The admin's own 2FA code: every change of the desk gives or takes access (the server asks it). */
const code = yup.string().trim().required('operatorDesks.validation.codeRequired').test('code', 'operatorDesks.validation.codeInvalid', (value) => isSecondFactorCode(value ?? ''));

/**
 * The new-operator form: the checks the server makes, said before sending (the server repeats
 * them). The password is judged as the server does: the same strength estimate, with the account
 * name counted as a guessable word.
 */
export const operatorCreateSchema = yup.object({
  account: yup.string().trim().required('operatorDesks.validation.accountRequired').matches(OPERATOR_ACCOUNT, 'operatorDesks.validation.accountInvalid'),
  password: yup
    .string()
    .required('operatorDesks.validation.passwordRequired')
    .max(64, 'operatorDesks.validation.passwordWeak')
    .test('strength', 'operatorDesks.validation.passwordWeak', async function strength(value) {
      if (!value) return true;
      const account = String((this.parent as { account?: string }).account ?? '').trim().toLowerCase();
      return (await loadPasswordStrength()).strongEnough(value, account ? [account] : []);
    }),
  roles,
  code,
});

export type OperatorCreateValues = yup.InferType<typeof operatorCreateSchema>;

export const operatorRolesSchema = yup.object({ roles, code });

export const operatorStandingSchema = yup.object({ code });

export type OperatorStandingValues = yup.InferType<typeof operatorStandingSchema>;

export type OperatorRolesValues = yup.InferType<typeof operatorRolesSchema>;

/**
 * An operator's own new password, judged as the server judges it (the same strength estimate, the
 * account counted as a guessable word) and typed twice: the first sign-in's (EnrolWithOwnPassword)
 * and My password's (OwnPasswordForm) rules.
 */
export const ownNewPasswordRules = (account: string) => ({
  new_password: yup
    .string()
    .required('operatorAuth.ownPassword.required')
    .max(64, 'operatorDesks.validation.passwordWeak')
    .test('strength', 'operatorDesks.validation.passwordWeak', async (value) => !value || (await loadPasswordStrength()).strongEnough(value, [account])),
  new_password_repeat: yup.string().oneOf([yup.ref('new_password')], 'operatorAuth.ownPassword.mismatch').required('operatorAuth.ownPassword.mismatch'),
});

/** My password: the current one, the new one, and the operator's own code (TOTP or recovery). */
export const ownPasswordSchema = (account: string) => yup.object({ password: yup.string().required('operatorAuth.ownPassword.currentRequired'), ...ownNewPasswordRules(account), code });

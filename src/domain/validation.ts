import * as yup from 'yup';

/**
 * Form rules of spec §5, shared by the browser forms and the server's own checks (which repeat
 * them with the same limits in server/domain/accounts/rules.ts). Messages are translation keys;
 * the view translates them.
 */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;

const password = (requiredKey: string) => yup.string().required(requiredKey).matches(PASSWORD_RULE, 'validation.passwordWeak');
const repeat = (of: string, requiredKey: string, differKey: string) =>
  yup
    .string()
    .required(requiredKey)
    .oneOf([yup.ref(of)], differKey);
const code = yup.string().trim().required('validation.codeRequired').matches(/^\d{6}$/, 'validation.codeFormat');

export const loginSchema = yup.object({
  account: yup.string().trim().required('validation.accountRequired'),
  password: yup.string().required('validation.passwordRequired'),
});

/** /reg: the account and the code it received. */
export const registerSchema = yup.object({
  account: yup.string().trim().required('validation.accountRequired'),
  code,
});

/** /reg-next: spec §5 registration step two. */
export const registerNextSchema = yup.object({
  password: password('validation.passwordRequired'),
  password_repeat: repeat('password', 'validation.repeatRequired', 'validation.passwordsDiffer'),
  funds_password: password('validation.fundsPasswordRequired'),
  funds_password_repeat: repeat('funds_password', 'validation.repeatRequired', 'validation.fundsPasswordsDiffer'),
  invitation_code: yup.string().trim().required('validation.invitationRequired'),
  agree: yup.boolean().oneOf([true], 'validation.agreementRequired').required('validation.agreementRequired'),
});

/** /forget-pass: the account to reset. */
export const forgetSchema = yup.object({
  account: yup.string().trim().required('validation.accountRequired'),
});

/** /set-pass: the code and the new password twice. */
export const setPassSchema = yup.object({
  code,
  password: password('validation.passwordRequired'),
  password_repeat: repeat('password', 'validation.repeatRequired', 'validation.passwordsDiffer'),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
export type RegisterValues = yup.InferType<typeof registerSchema>;
export type RegisterNextValues = yup.InferType<typeof registerNextSchema>;
export type ForgetValues = yup.InferType<typeof forgetSchema>;
export type SetPassValues = yup.InferType<typeof setPassSchema>;

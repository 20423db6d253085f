import * as yup from 'yup';

/**
 * Form rules of spec §5, shared by the browser forms and (from the accounts issue on) the server.
 * Messages are translation keys; the view translates them.
 */
export const loginSchema = yup.object({
  account: yup.string().trim().required('validation.accountRequired'),
  password: yup.string().required('validation.passwordRequired'),
});

export const registerSchema = yup.object({
  account: yup.string().trim().required('validation.accountRequired'),
  code: yup.string().trim().required('validation.codeRequired'),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
export type RegisterValues = yup.InferType<typeof registerSchema>;

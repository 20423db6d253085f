import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './validation';

const errorsOf = async (schema: typeof loginSchema | typeof registerSchema, value: object) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

describe('spec §5 form rules', () => {
  it('login needs an account and a password', async () => {
    expect(await errorsOf(loginSchema, {})).toEqual(['validation.accountRequired', 'validation.passwordRequired']);
    expect(await errorsOf(loginSchema, { account: '  ', password: 'x' })).toEqual(['validation.accountRequired']);
    expect(await errorsOf(loginSchema, { account: 'a@b.c', password: 'x' })).toEqual([]);
  });
  it('registration step one needs an account and a code', async () => {
    expect(await errorsOf(registerSchema, { account: 'a@b.c' })).toEqual(['validation.codeRequired']);
  });
});

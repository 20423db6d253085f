import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyObjectSchema } from 'yup';
import { changeAccountSchema, changeFundsPwdSchema, changeLoginPwdSchema, loadPasswordStrength, loginSchema, registerNextSchema, registerSchema, setPassSchema } from './validation';

// The strength estimate builds its dictionaries on first use (a second or more of CPU on a busy
// machine): done once here, so the form rules below are timed without it.
beforeAll(async () => void (await loadPasswordStrength()).passwordScore('warm-up 2026'), 60_000);

const errorsOf = async (schema: AnyObjectSchema, value: object, context?: object) => {
  try {
    await schema.validate(value, { abortEarly: false, context });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

const good = {
  password: 'Trader2026!',
  password_repeat: 'Trader2026!',
  funds_password: 'Funds2026!',
  funds_password_repeat: 'Funds2026!',
  invitation_code: 'OPENEX',
  agree: true,
};

describe('spec §5 form rules', () => {
  it('login needs an account and a password', async () => {
    expect(await errorsOf(loginSchema, {})).toEqual(['validation.accountRequired', 'validation.passwordRequired']);
    expect(await errorsOf(loginSchema, { account: '  ', password: 'x' })).toEqual(['validation.accountRequired']);
    expect(await errorsOf(loginSchema, { account: 'a@b.c', password: 'x' })).toEqual([]);
  });
  it('registration step one needs an account and a 6-digit code', async () => {
    expect(await errorsOf(registerSchema, { account: 'a@b.c' })).toEqual(['validation.codeRequired']);
    expect(await errorsOf(registerSchema, { account: 'a@b.c', code: '12a456' })).toEqual(['validation.codeFormat']);
  });
  it('registration step two: both passwords repeated, invitation code, agreement', async () => {
    expect(await errorsOf(registerNextSchema, good)).toEqual([]);
    expect(await errorsOf(registerNextSchema, { ...good, password_repeat: 'Other2026' })).toEqual(['validation.passwordsDiffer']);
    expect(await errorsOf(registerNextSchema, { ...good, funds_password_repeat: 'x' })).toEqual(['validation.fundsPasswordsDiffer']);
    expect(await errorsOf(registerNextSchema, { ...good, password: 'short', password_repeat: 'short' })).toEqual(['validation.passwordWeak']);
    expect(await errorsOf(registerNextSchema, { ...good, agree: false })).toEqual(['validation.agreementRequired']);
    expect(await errorsOf(registerNextSchema, { ...good, invitation_code: ' ' })).toEqual(['validation.invitationRequired']);
  });
  it('password policy (issue 35): zxcvbn score 3 or more, and a fund password unlike the login password', async () => {
    expect(await errorsOf(registerNextSchema, { ...good, password: 'password1', password_repeat: 'password1' })).toEqual(['safety.passwordGuessable']);
    expect(await errorsOf(registerNextSchema, { ...good, funds_password: 'Qwerty123', funds_password_repeat: 'Qwerty123' })).toEqual(['safety.fundsPasswordGuessable']);
    expect(await errorsOf(registerNextSchema, { ...good, funds_password: good.password, funds_password_repeat: good.password })).toEqual(['safety.fundsSameAsLogin']);
    expect(await errorsOf(setPassSchema, { code: '123456', password: 'Password123', password_repeat: 'Password123' })).toEqual(['safety.passwordGuessable']);
  });
  it('a password built on the account is judged as the server judges it: guessable when the form knows the account', async () => {
    // The audit's case: "Trader2026!" for trader.de.N@… looks strong alone; the server scores it with the account.
    const related = { related: ['trader.de.7@example.org'] };
    expect(await errorsOf(registerNextSchema, good)).toEqual([]);
    expect(await errorsOf(registerNextSchema, good, related)).toEqual(['safety.passwordGuessable']);
    expect(await errorsOf(setPassSchema, { code: '123456', password: 'Trader2026!', password_repeat: 'Trader2026!' }, related)).toEqual(['safety.passwordGuessable']);
    // The same verdict as the server's check (domain/passwordStrength.ts with the account).
    const strength = await loadPasswordStrength();
    expect(strength.strongEnough('Trader2026!', ['trader.de.7@example.org'])).toBe(false);
    expect(await errorsOf(registerNextSchema, { ...good, password: 'Velvet-Harbor-91', password_repeat: 'Velvet-Harbor-91' }, related)).toEqual([]);
  });
  it('password reset: code, new password twice', async () => {
    expect(await errorsOf(setPassSchema, { code: '123456', password: 'Fresh2026x', password_repeat: 'Fresh2026x' })).toEqual([]);
    // Every failing rule is listed; the form shows the first one per field.
    expect(await errorsOf(setPassSchema, { code: '', password: '', password_repeat: '' })).toEqual(
      expect.arrayContaining(['validation.codeRequired', 'validation.passwordRequired', 'validation.repeatRequired']),
    );
  });
});

describe('a security change with 2FA on asks its code (the schemas, not each form)', () => {
  const change = { code: '123456', password: 'Qx7!mPz#2vLw', password_repeat: 'Qx7!mPz#2vLw' };
  const account = { code: '123456', account: 'new@example.com', new_code: '654321' };
  const cases: [string, AnyObjectSchema, object][] = [
    ['changeLoginPwdSchema', changeLoginPwdSchema, change],
    ['changeFundsPwdSchema', changeFundsPwdSchema, change],
    ['changeAccountSchema', changeAccountSchema, account],
  ];

  it.each(cases)('%s: with 2FA on, an empty or malformed code is refused; a code or a recovery code passes', async (_, schema, values) => {
    const on = { twoFactor: true };
    expect(await errorsOf(schema, { ...values, totp_code: '' }, on)).toEqual(['twoFactor.codeOrRecoveryRequired']);
    expect(await errorsOf(schema, values, on)).toEqual(['twoFactor.codeOrRecoveryRequired']);
    expect(await errorsOf(schema, { ...values, totp_code: '12345' }, on)).toEqual(['twoFactor.codeOrRecoveryRequired']);
    expect(await errorsOf(schema, { ...values, totp_code: ' 123456 ' }, on)).toEqual([]);
    expect(await errorsOf(schema, { ...values, totp_code: 'ab3de-fg7hk' }, on)).toEqual([]);
    expect(await errorsOf(schema, { ...values, totp_code: 'ab3de-fg7h' }, on)).toEqual(['twoFactor.codeOrRecoveryRequired']);
  });

  it.each(cases)('%s: with 2FA off or unknown, the code is optional', async (_, schema, values) => {
    for (const context of [{ twoFactor: false }, {}, undefined]) expect(await errorsOf(schema, { ...values, totp_code: '' }, context)).toEqual([]);
  });
});

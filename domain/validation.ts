import * as yup from 'yup';
import { isAddressOf } from './addressFormats';
import { addressNoteProblem } from './addressNote';
import { ADDRESS_NOTE_MAX, ADDRESS_NOTE_MIN } from './constants';
import { hasHiddenCharacters } from './displayText';
import { isFiatCode } from './fiat';
import { mixesScripts } from './nameScripts';
import { PASSWORD_RULE } from './passwordRule';
import { payeeNumberProblem, type PayeeNumberProblem } from './payeeNumber';
import { isSecondFactorCode } from './twoFactor';

/**
 * Form rules of spec §5, shared by the browser forms and the server's own checks (which repeat
 * them with the same limits in server/domain/accounts/rules.ts). Messages are translation keys;
 * the view translates them.
 */
export { PASSWORD_RULE };

/**
 * The password policy's strength estimate (passwordStrength.ts, zxcvbn-ts and its dictionaries),
 * loaded on the first check: only the password forms validate with it, so /home never loads it.
 */
export const loadPasswordStrength = () => import('./passwordStrength');
const password = (requiredKey: string, guessableKey = 'safety.passwordGuessable') =>
  yup
    .string()
    .required(requiredKey)
    .matches(PASSWORD_RULE, 'validation.passwordWeak')
    .test('strength', guessableKey, async (value, test) => !value || !PASSWORD_RULE.test(value) || (await loadPasswordStrength()).strongEnough(value, relatedTexts(test.options.context)));

/**
 * What a form's validation knows beside its values (yup's context). `related`: the texts a new
 * password must not lean on, the account it is for; the server scores with the account too
 * (passwordPolicy.ts), so a form that knows the account judges a password as the server will.
 * `twoFactor`: the user has 2FA on, so a security change must carry its code (the server asks it).
 */
export interface ValidationContext {
  related?: readonly string[];
  twoFactor?: boolean;
}
const relatedTexts = (context: unknown): readonly string[] => (context as ValidationContext | undefined)?.related?.filter(Boolean) ?? [];
/**
 * A security change's second factor: with 2FA on, a 6-digit code or a recovery code, said under
 * the field before sending (the server refuses the change without it); with 2FA off or unknown,
 * optional and unchecked (an empty one is not sent; a wrong one the server refuses).
 */
const secondFactor = yup
  .string()
  .test('second-factor', 'twoFactor.codeOrRecoveryRequired', (value, test) => !(test.options.context as ValidationContext | undefined)?.twoFactor || isSecondFactorCode(value ?? ''));
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
  funds_password: password('validation.fundsPasswordRequired', 'safety.fundsPasswordGuessable').notOneOf([yup.ref('password')], 'safety.fundsSameAsLogin'),
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

/**
 * /user/identity: spec §5 "name, ID number, front photo and back photo all required". Photos are
 * File objects from the inputs; the size rule mirrors the server's 4 MB limit.
 */
const photo = (requiredKey: string) =>
  yup
    .mixed<Blob>()
    .required(requiredKey)
    .test('photoSize', 'identity.validation.photoTooLarge', (file) => !file || file.size <= 4 * 1024 * 1024)
    .test('photoType', 'identity.validation.photoType', (file) => !file || ['image/png', 'image/jpeg', 'image/webp'].includes(file.type));

export const identitySchema = yup.object({
  name: yup.string().trim().required('identity.validation.nameRequired'),
  id_number: yup.string().trim().required('identity.validation.idNumberRequired'),
  front: photo('identity.validation.frontRequired'),
  back: photo('identity.validation.backRequired'),
});

/** /operator: the reviewer's own login. */
export const operatorLoginSchema = yup.object({
  account: yup.string().trim().required('operator.validation.accountRequired'),
  password: yup.string().required('operator.validation.passwordRequired'),
});

export type IdentityValues = { name: string; id_number: string; front: Blob | null; back: Blob | null };
export type OperatorLoginValues = yup.InferType<typeof operatorLoginSchema>;

/* User centre (spec §5): nickname, security changes, withdrawal addresses, collection methods. */
export const NICKNAME_MAX = 24;

/**
 * Text others read as a name (a P2P merchant's nickname, a payee's details): nothing that hides or
 * reorders characters (displayText.ts), the rule the server applies too.
 */
const shownText = (value: string | undefined) => value === undefined || !hasHiddenCharacters(value);

export const nicknameSchema = yup.object({
  nickname: yup
    .string()
    .trim()
    .required('settings.nicknameRequired')
    .max(NICKNAME_MAX, 'settings.nicknameTooLong')
    .test('hidden', 'settings.nicknameHiddenCharacters', shownText)
    // No word mixes alphabets ("Аtlas" with a Cyrillic А): nameScripts.ts, the server's rule too (issue 49 §6).
    .test('scripts', 'fiat.payee.nicknameMixedScripts', (value) => !value || !mixesScripts(value)),
});

/** The form's messages for a card or account number's problems (payeeNumber.ts). */
const PAYEE_NUMBER_KEYS: Record<PayeeNumberProblem, string> = {
  cardNumberInvalid: 'fiat.payee.numberInvalid',
  cardNumberChecksum: 'fiat.payee.cardChecksum',
  ibanChecksum: 'fiat.payee.ibanChecksum',
};

/** s-loginpwd: the code sent to the account and the new login password twice. */
export const changeLoginPwdSchema = yup.object({
  code,
  password: password('validation.passwordRequired'),
  password_repeat: repeat('password', 'validation.repeatRequired', 'validation.passwordsDiffer'),
  totp_code: secondFactor,
});

/** s-securitypwd: the code and the new fund password twice. */
export const changeFundsPwdSchema = yup.object({
  code,
  password: password('validation.fundsPasswordRequired', 'safety.fundsPasswordGuessable'),
  password_repeat: repeat('password', 'validation.repeatRequired', 'validation.fundsPasswordsDiffer'),
  totp_code: secondFactor,
});

/** s-emailset / s-phoneset: code to the old address, the new address and the code sent there. */
export const changeAccountSchema = yup.object({
  code,
  account: yup.string().trim().required('security.newAccountRequired'),
  area_code: yup.string().trim(),
  new_code: code,
  totp_code: secondFactor,
});

/** c-symAddr: address required, in its network's format (addressFormats.ts); note required, 4 to 20 characters (spec §5, §9). */
export const withdrawalAddressSchema = yup.object({
  currency: yup.string().trim().required('addresses.currencyRequired'),
  network: yup.string().trim().required('addresses.networkRequired'),
  address: yup
    .string()
    .trim()
    .required('addresses.addressRequired')
    .test('format', 'addresses.addressInvalid', function (address) {
      const network = String((this.parent as { network?: unknown }).network ?? '').trim();
      // No network yet: that field says so; the server also checks the network exists for the currency.
      return !address || !network || isAddressOf(network, address);
    }),
  note: yup
    .string()
    .trim()
    .required('addresses.noteLength')
    .min(ADDRESS_NOTE_MIN, 'addresses.noteLength')
    .max(ADDRESS_NOTE_MAX, 'addresses.noteLength')
    // No hidden or text-direction characters, no markup (addressNote.ts, the server's rule too), read
    // as typed: trim() would drop a U+FEFF at an end unnoticed.
    .test('unsafe', 'addresses.noteUnsafe', function (note) {
      const typed: unknown = this.originalValue;
      return !note || addressNoteProblem(typeof typed === 'string' ? typed : note) !== 'noteUnsafe';
    }),
});

/** addCollAddr / editCollAddr: real name, card number and bank name required; branch optional. */
export const collectionMethodSchema = yup.object({
  real_name: yup.string().trim().required('addresses.realNameRequired').test('hidden', 'addresses.hiddenCharacters', shownText),
  card_number: yup
    .string()
    .trim()
    .required('addresses.cardNumberRequired')
    .test('hidden', 'addresses.hiddenCharacters', shownText)
    // Digits or an IBAN, with their check digits where they have one (payeeNumber.ts, the server's rule too: issue 49 §6).
    .test('format', 'fiat.payee.numberInvalid', function (value) {
      // A hidden character is the `hidden` test's to name.
      const problem = value && shownText(value) ? payeeNumberProblem(value) : undefined;
      return problem ? this.createError({ message: PAYEE_NUMBER_KEYS[problem] }) : true;
    }),
  bank_name: yup.string().trim().required('addresses.bankNameRequired').test('hidden', 'addresses.hiddenCharacters', shownText),
  // A fiat code (USD, eur) or nothing, as the server asks.
  currency: yup
    .string()
    .trim()
    .test('hidden', 'addresses.hiddenCharacters', shownText)
    .test('fiat', 'addresses.currencyUnknown', (v) => !v || isFiatCode(v.toUpperCase())),
  branch: yup.string().trim().test('hidden', 'addresses.hiddenCharacters', shownText),
});

export type ChangeAccountValues = yup.InferType<typeof changeAccountSchema>;
export type WithdrawalAddressValues = yup.InferType<typeof withdrawalAddressSchema>;
export type CollectionMethodValues = yup.InferType<typeof collectionMethodSchema>;

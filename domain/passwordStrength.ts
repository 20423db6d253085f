import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english, translations } from '@zxcvbn-ts/language-en';

/**
 * The password policy's strength estimate (issue 35), the same on both sides: zxcvbn-ts with its
 * common-password and English dictionaries scores a password 0 (guessed at once) to 4; login and
 * funds passwords need PASSWORD_MIN_SCORE. The server imports this module; the browser only ever
 * imports it dynamically (`loadPasswordStrength` in validation.ts), so the dictionaries (~1 MB)
 * load with the password forms, never with /home.
 */
export const PASSWORD_MIN_SCORE = 3;
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

let factory: ZxcvbnFactory | undefined;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({ dictionary: { ...common, ...english }, graphs: adjacencyGraphs, translations }));

/** 0–4; `related` are texts the password should not lean on (the account, its name part). */
export function passwordScore(password: string, related: readonly string[] = []): PasswordScore {
  if (!password) return 0;
  const inputs = related.flatMap((text) => [text, ...text.split(/[@.+\-_\s]/)]).filter((part) => part.length >= 3);
  return estimator().check(password.slice(0, 128), inputs).score as PasswordScore;
}

export const strongEnough = (password: string, related: readonly string[] = []): boolean => passwordScore(password, related) >= PASSWORD_MIN_SCORE;

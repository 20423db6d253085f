import { hasHiddenCharacters } from './displayText';
import type { Page } from './wallet';

/**
 * Sessions and devices, and the anti-phishing code (issue 35): the wire types of the user's
 * sessions list and login history, and the rule for the phrase, applied by the form and the server.
 */

/** One live session of the user: where it was opened, when it was opened and last used. */
export interface SessionItem {
  id: number;
  /** "Chrome / Windows", from the user agent. */
  device: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  /** The session of the request that listed them. */
  current: boolean;
}

export const LOGIN_RESULTS = ['success', 'wrong_password', 'locked', 'second_step_failed'] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

export interface LoginHistoryItem {
  id: number;
  at: string;
  ip: string;
  device: string;
  result: LoginResult;
}

export type LoginHistoryPage = Page<LoginHistoryItem>;

export const LOGIN_HISTORY_PAGE_SIZE = 20;

/** The anti-phishing code: 4 to 20 characters, shown as typed (no hidden or reordering characters). */
export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 20;

export interface AntiPhishingState {
  /** '' when none is set. */
  code: string;
  /** Whether 2FA is on: a change then takes its code, else a code emailed to the account (issue 49 §4). */
  two_factor: boolean;
}

/** The catalogue key (same key on the client and the server) of what is wrong with a phrase, or undefined. '' clears the code. */
export function antiPhishingProblem(raw: string): 'antiPhishingLength' | 'antiPhishingHidden' | undefined {
  const phrase = raw.trim();
  if (phrase === '') return undefined;
  if (hasHiddenCharacters(phrase)) return 'antiPhishingHidden';
  const length = [...phrase].length;
  if (length < ANTI_PHISHING_MIN || length > ANTI_PHISHING_MAX) return 'antiPhishingLength';
  return undefined;
}

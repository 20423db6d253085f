import type { OperatorPermission } from './operators';
/**
 * The operators' users desk (issue 51 §3; docs/OPERATOR.md "The users desk", docs/API.md): search
 * with its CSV export, a user's page, and the actions on a user — freeze, unfreeze, end sessions,
 * suspend API keys, reset 2FA, identity level, notes. Shared by the server and the console.
 */
import type { NameStatus } from './api';
import { TWO_FACTOR_PATHS } from './twoFactor';
import type { Page } from './wallet';

export const USERS_DESK_PATHS = {
  search: '/api/operator/users/search',
  export: '/api/operator/users/export',
  user: '/api/operator/users/detail',
  freeze: '/api/operator/users/freeze',
  unfreeze: '/api/operator/users/unfreeze',
  endSessions: '/api/operator/users/end_sessions',
  suspendKeys: '/api/operator/users/suspend_keys',
  identity: '/api/operator/users/identity',
  note: '/api/operator/users/note',
} as const;

/** A reason or a note: required, trimmed, at most this long. */
export const USER_REASON_MAX = 200;
export const USER_NOTE_MAX = 2000;
/** Rows a CSV export gives at most (narrow the filters for more). */
export const USERS_EXPORT_MAX = 10_000;

export type TriState = 'any' | 'yes' | 'no';

/** The search's filters; every one optional (empty: everyone). Dates are epoch ms, `to` exclusive. */
export interface UsersQuery {
  /** An id (digits alone), or part of the account, email, phone or nickname. */
  text?: string;
  name_status?: NameStatus;
  two_factor?: TriState;
  frozen?: TriState;
  registered_from?: number;
  registered_to?: number;
  signed_in_from?: number;
  signed_in_to?: number;
}

export interface UsersDeskRow {
  id: number;
  account: string;
  nickname: string;
  email: string;
  phone: string;
  name_status: NameStatus;
  two_factor: boolean;
  frozen: boolean;
  created_at: number;
  /** The last successful sign-in (epoch ms), 0 when never. */
  last_sign_in: number;
}

export type UsersDeskPage = Page<UsersDeskRow>;

export interface UsersExport {
  filename: string;
  rows: number;
  csv: string;
}

/** One balance row of one of the five accounts. */
export interface DeskBalance {
  account: string;
  currency: string;
  available: string;
  frozen: string;
}

export interface DeskNote {
  id: number;
  operator_account: string;
  body: string;
  at: number;
}

/** A user's page: each section a list of plain rows (numbers as decimal strings), newest first, at most 50 each. */
export interface UserPage {
  profile: UsersDeskRow & {
    area_code: string;
    frozen_reason: string;
    frozen_at: number;
    withdrawals_locked_until: number;
  };
  identity: { real_name: string; status: number; reason: string; at: number } | null;
  balances: DeskBalance[];
  sections: Record<UserSection, Record<string, string | number | boolean | null>[]>;
  notes: DeskNote[];
}

/** The sections of a user's page besides profile, identity, balances and notes, in the page's order. */
export const USER_SECTIONS = [
  'spot_orders',
  'spot_stops',
  'futures_positions',
  'seconds_contracts',
  'p2p_orders',
  'p2p_ads',
  'ico_subscriptions',
  'recurring_plans',
  'deposits',
  'withdrawals',
  'ledger',
  'sign_ins',
  'sessions',
  'devices',
  'api_keys',
] as const;
export type UserSection = (typeof USER_SECTIONS)[number];

/** Every action's body: the user, the reason, and (for those that change money or access) the operator's own 2FA code. */
export interface UserAction {
  user_id: number;
  reason: string;
  code?: string;
}

export interface IdentityChange extends UserAction {
  name_status: NameStatus;
}

export interface NoteAdd {
  user_id: number;
  body: string;
}

/** What a freeze did, for the operator's toast and the audit row. */
export interface FreezeDone {
  sessions_ended: number;
  api_keys_suspended: number;
  /** Orders and stops the products cancelled (their funds released); what a product failed to cancel is in `failed`. */
  released: Record<string, number>;
  failed: string[];
}

/** The actions of a user's page: each one's call, and whether it asks the operator's own 2FA code (all but the note). */
export const USER_ACTIONS = {
  freeze: { path: USERS_DESK_PATHS.freeze, code: true, permission: 'users.freeze' },
  unfreeze: { path: USERS_DESK_PATHS.unfreeze, code: true, permission: 'users.freeze' },
  endSessions: { path: USERS_DESK_PATHS.endSessions, code: true, permission: 'users.security' },
  suspendKeys: { path: USERS_DESK_PATHS.suspendKeys, code: true, permission: 'users.security' },
  resetTwoFactor: { path: TWO_FACTOR_PATHS.operatorReset, code: true, permission: 'users.security' },
  identity: { path: USERS_DESK_PATHS.identity, code: true, permission: 'users.freeze' },
  note: { path: USERS_DESK_PATHS.note, code: false, permission: 'users.notes' },
} as const satisfies Record<string, { path: string; code: boolean; permission: OperatorPermission }>;
export type UserActionKind = keyof typeof USER_ACTIONS;

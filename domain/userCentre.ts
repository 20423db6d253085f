/** Wire types of the user centre calls (/api/user/*), shared by the browser and the server tests. */
export interface WithdrawalAddress {
  id: number;
  currency: string;
  network: string;
  address: string;
  note: string;
  /** When allowlist mode lets a withdrawal go here (epoch ms): saved + 24 h (issue 35). */
  usable_from?: number;
}

export interface CollectionMethod {
  id: number;
  real_name: string;
  card_number: string;
  bank_name: string;
  currency: string;
  branch: string;
}

/** The four security changes of spec §2, and the code purpose each one asks the server for. */
export type SecurityKind = 'loginPwd' | 'fundsPwd' | 'email' | 'phone';
export const SECURITY_PURPOSE = {
  loginPwd: 'change_login_pwd',
  fundsPwd: 'change_funds_pwd',
  email: 'change_email',
  phone: 'change_phone',
} as const satisfies Record<SecurityKind, string>;

/** Login password, email and phone changes end every session: the user logs in again (spec §8). */
export const endsSessions = (kind: SecurityKind): boolean => kind !== 'fundsPwd';

export const AVATAR_MAX_BYTES = 200 * 1024;

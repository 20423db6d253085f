import type { NameStatus, PlatConfig } from './api';
import type { OperatorRole } from './operators';

/** Wire shapes of the identity (KYC) and operator calls; see docs/API.md "Identity verification". */
export interface KycStatus {
  name_status: NameStatus;
  /** The operator's reason when the last review failed (status 4), else ''. */
  reason: string;
  submission_id: number | null;
}

export interface KycSubmission {
  id: number;
  user_id: number;
  account: string;
  real_name: string;
  id_number: string;
  status: 2 | 3 | 4;
  reason: string;
  created_at: string;
  reviewed_at: string | null;
}

/** The identity review queue's search (POST /api/operator/kyc/list): an email, account or user id, and a page of it, oldest first. */
export interface KycQueueQuery {
  /** Part of the user's email or account, or a user id (digits); '' or absent: every pending submission. */
  search?: string;
  page?: number;
  size?: number;
}
export const KYC_QUEUE_SEARCH_MAX = 254;
export const KYC_QUEUE_PAGE_SIZE = 20;
/** The largest page the queue answers (the schema refuses more). */
export const KYC_QUEUE_PAGE_MAX = 50;

export interface KycQueuePage {
  list: KycSubmission[];
  total: number;
  page: number;
  size: number;
}

export interface Operator {
  id: number;
  account: string;
  /** The operator's roles (issue 51), in the sign-in's answer; the server checks each call's permission whatever the console shows. */
  roles?: OperatorRole[];
  /** The operator OPERATOR_ACCOUNT names: its password is set in the server's environment, not on My security. */
  from_environment?: boolean;
}

export interface OperatorGrant {
  token: string;
  operator: Operator;
}

/** What the browser sends: the files are read into data URLs by the submit actor. */
export interface IdentityFields {
  name: string;
  id_number: string;
  front: Blob;
  back: Blob;
}

/** Spec: each identity photo is at most 4 MB (the server checks it again). */
export const IDENTITY_PHOTO_MAX_BYTES = 4 * 1024 * 1024;

/** Spec §6 identity-based rights from config name_check; amounts are USDT. */
export interface IdentityRights {
  verified: boolean;
  withdrawLimit24h: number;
  /** Single and total fiat purchase limits (both the unverified limit before verification). */
  purchaseSingle: number;
  purchaseTotal: number;
  futuresKey: 'identity.rights.futuresOpen' | 'identity.rights.futuresClosed';
  securityLevelKey: 'identity.security.high' | 'identity.security.low';
}

/** Spec §9 defaults, used when the platform config leaves a value out. */
const NAME_CHECK_DEFAULTS = { draw_check: 10000, draw_uncheck: 100, trust_single: 1000, trust_total: 10000, trust_uncheck: 1000 };

export function identityRights(status: NameStatus | undefined, nameCheck: Partial<PlatConfig['config']['name_check']> | undefined): IdentityRights {
  const limits = { ...NAME_CHECK_DEFAULTS, ...nameCheck };
  const verified = status === 3;
  return {
    verified,
    withdrawLimit24h: verified ? limits.draw_check : limits.draw_uncheck,
    purchaseSingle: verified ? limits.trust_single : limits.trust_uncheck,
    purchaseTotal: verified ? limits.trust_total : limits.trust_uncheck,
    futuresKey: verified ? 'identity.rights.futuresOpen' : 'identity.rights.futuresClosed',
    securityLevelKey: verified ? 'identity.security.high' : 'identity.security.low',
  };
}

/** Pushed on the private channel after the operator's review of the user's identity commits (issue 37 §13). */
export interface KycStreamMessage {
  channel: 'user';
  kind: 'kyc';
  /** 3 verified, 4 failed. */
  name_status: 3 | 4;
}

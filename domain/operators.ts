import type { Page } from './wallet';
import type { OperatorAuditKind } from './operatorAuditKinds';

/**
 * Operators' roles and permissions (issue 51 §1; docs/OPERATOR.md) and the wire shapes of the
 * operators' own calls (docs/API.md "Operators, roles and the audit log"). The server checks the
 * permission of every operator route (server/kernel/platform/auth/operators/routePermissions.ts); the
 * console may read the same tables to show only what an operator can use, which is a convenience,
 * never the check.
 */
export const OPERATOR_PATHS = {
  login: '/api/operator/login',
  logout: '/api/operator/logout',
  operators: '/api/operator/operators',
  create: '/api/operator/operator_create',
  disable: '/api/operator/operator_disable',
  enable: '/api/operator/operator_enable',
  setRoles: '/api/operator/operator_roles',
  audit: '/api/operator/audit',
  auditExport: '/api/operator/audit_export',
  /** Mandatory 2FA (issue 51 §1): the sign-in's second step, and the enrolment at a first sign-in or after a reset. */
  loginSecondStep: '/api/operator/login_2fa',
  loginEnrol: '/api/operator/login_enrol',
  /** The operator's own sessions (list, end one, end all others) and sign-in history. */
  mySessions: '/api/operator/my_sessions',
  mySessionRevoke: '/api/operator/my_session_revoke',
  myOtherSessionsRevoke: '/api/operator/my_sessions_revoke_others',
  mySignIns: '/api/operator/my_sign_ins',
  /** The operator changes its own password (its current one and its own 2FA code). */
  myPassword: '/api/operator/my_password',
  /** An admin resets another operator's 2FA (never their own). */
  resetTwoFactor: '/api/operator/operator_reset_2fa',
  /** Access two admins give (docs/OPERATOR.md "Two admins give access"): the queue, and another admin's approval or rejection. */
  accessRequests: '/api/operator/access_requests',
  approveAccess: '/api/operator/access_approve',
  rejectAccess: '/api/operator/access_reject',
} as const;

export const OPERATOR_ROLES = ['admin', 'compliance', 'finance', 'risk', 'support', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What a route may ask for. A `.read` permission only reads; the auditor holds every one of them,
 * so a read permission added here is the auditor's without a second edit.
 */
export const OPERATOR_PERMISSIONS = [
  /** Signing out: every role. */
  'session',
  'operators.read',
  'operators.manage',
  'identity.read',
  'identity.review',
  'users.read',
  'users.security',
  /** Freeze and unfreeze a user, change their identity level (issue 51 §3). */
  'users.freeze',
  /** Add a note to a user's page (add-only). */
  'users.notes',
  'withdrawals.read',
  'withdrawals.review',
  /** Held deposits (below the minimum, or of a delisted currency): read, and credit or return one (money across the chain boundary). */
  'deposits.read',
  'deposits.review',
  /** Balance corrections (issue 51 §4): read, propose, and approve or reject another operator's proposal. */
  'corrections.read',
  'corrections.propose',
  'corrections.approve',
  'p2p.appeals.read',
  'p2p.appeals.resolve',
  'trading.read',
  'trading.write',
  'audit.read',
  /** Announcements and the platform notes (issue 51 §5). */
  'notices.read',
  'notices.write',
  /**
   * The proof-of-liabilities desk: the snapshots built, daily and by operators (the auditor reads
   * them, as every read); and building one now (issue 52 §4; the daily one builds itself).
   */
  'liabilities.read',
  'liabilities.build',
  /** Fee schedules and tiers (issue 52 §2): read, edit; a user's override moves money, so it is a permission apart. */
  'fees.read',
  'fees.write',
  'fees.override',
  /** The treasury desk's figures (issue 52 §3): read-only, so the auditor's too. */
  'treasury.read',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

const READS = OPERATOR_PERMISSIONS.filter((p) => p.endsWith('.read'));

/** Each role's permissions; an operator holding several roles has the union. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  admin: ['session', 'operators.read', 'operators.manage', 'notices.read', 'notices.write'],
  compliance: ['session', 'identity.read', 'identity.review', 'users.read', 'users.security', 'users.freeze', 'users.notes'],
  finance: ['session', 'withdrawals.read', 'withdrawals.review', 'deposits.read', 'deposits.review', 'corrections.read', 'corrections.propose', 'corrections.approve', 'liabilities.read', 'liabilities.build', 'treasury.read', 'fees.read', 'fees.write', 'fees.override'],
  risk: ['session', 'trading.read', 'trading.write'],
  support: ['session', 'users.read', 'p2p.appeals.read', 'p2p.appeals.resolve'],
  auditor: ['session', ...READS],
};

export const isOperatorRole = (value: unknown): value is OperatorRole => typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

/** Whether `roles` grant `permission` (unknown roles grant nothing). */
export function rolesGrant(roles: readonly string[], permission: OperatorPermission): boolean {
  return roles.some((role) => isOperatorRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * The changes that give access, which an admin other than the environment's operator only asks for:
 * another admin approves them (docs/OPERATOR.md "Two admins give access"). Taking access away
 * (a disable, a role removed) is done at once.
 */
export const ACCESS_REQUEST_KINDS = ['operator.create', 'operator.set_roles', 'operator.enable'] as const;
export type AccessRequestKind = (typeof ACCESS_REQUEST_KINDS)[number];
export const ACCESS_REQUEST_STATES = ['pending', 'approved', 'rejected'] as const;
export type AccessRequestState = (typeof ACCESS_REQUEST_STATES)[number];

/** How long a request waits for its second admin: after that it can only be rejected (asked again, it is current). */
export const ACCESS_REQUEST_TTL_MS = 24 * 3_600_000;

/** One access request as the admins' queue shows it. */
export interface OperatorAccessRequest {
  id: number;
  kind: AccessRequestKind;
  /** The operator it changes; null for a new operator (`account` names it). */
  operator_id: number | null;
  account: string;
  /** The operator's whole set of roles once approved (create, set_roles); its roles now are in the operators list. */
  roles: OperatorRole[];
  requested_by: string;
  requested_by_id: number;
  requested_at: number;
  state: AccessRequestState;
  decided_by: string | null;
  decided_at: number | null;
}

/** A change an admin asked for that waits for a second admin (create, set_roles, enable answer this or the operator). */
export interface OperatorAccessPending {
  request: OperatorAccessRequest;
}
export type OperatorChangeAnswer = OperatorView | OperatorAccessPending;
export const isAccessPending = (answer: OperatorChangeAnswer): answer is OperatorAccessPending => 'request' in answer;

/** Whether `operatorId` may approve `request`: a pending one neither it asked for nor that gives to it (the server's rule, accessRequests.ts). */
export const mayApproveAccess = (request: OperatorAccessRequest, operatorId: number | undefined): boolean =>
  request.state === 'pending' && operatorId !== undefined && request.requested_by_id !== operatorId && request.operator_id !== operatorId;

/** Does setting `after` on an operator holding `before` give it anything (a role it lacks)? */
export const rolesAdded = (before: readonly string[], after: readonly string[]): boolean => after.some((role) => !before.includes(role));

/** One operator as the admin's list shows it. */
export interface OperatorView {
  id: number;
  account: string;
  roles: OperatorRole[];
  disabled: boolean;
  /** The operator OPERATOR_ACCOUNT names: every start gives it every role again, so it cannot be changed here. */
  from_environment: boolean;
  created_at: number;
}

export interface OperatorCreate {
  account: string;
  password: string;
  roles: OperatorRole[];
  /** The admin's own 2FA code (TOTP or recovery code): creating an operator gives access, so it is asked. */
  code?: string;
}

export const AUDIT_OUTCOMES = ['done', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One row of the operator audit log (docs/OPERATOR.md "The audit log"). */
export interface OperatorAuditRow {
  id: number;
  operator_id: number | null;
  operator_account: string;
  roles: string[];
  /** Epoch ms. */
  at: number;
  client: string;
  kind: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  outcome: AuditOutcome;
  detail: string;
  /** The previous row's hash, and this row's: sha256(prev_hash ‖ content), so a copy can be checked outside the server. */
  prev_hash: string;
  hash: string;
}

/** The audit desk's filters; dates are epoch ms, `to` exclusive. */
export interface OperatorAuditQuery {
  operator_id?: number;
  /** One kind exactly (domain/operatorAuditKinds.ts); the server refuses any other. */
  kind?: OperatorAuditKind;
  object_type?: string;
  object_id?: string;
  outcome?: AuditOutcome;
  from?: number;
  to?: number;
}

export type OperatorAuditPage = Page<OperatorAuditRow>;

/** The audit export: CSV text (RFC 4180, CRLF lines, a header line), oldest row first. */
export interface OperatorAuditExport {
  filename: string;
  rows: number;
  csv: string;
}

/**
 * What /api/operator/login answers after the right password (issue 51 §1: 2FA is mandatory): the
 * session when a right `code` came with it; else the second step's challenge (2FA on), or the
 * enrolment (2FA not on yet: a first sign-in, or after an admin's reset).
 */
export interface OperatorSecondStep {
  second_factor: true;
  challenge: string;
  /** Epoch ms; the challenge works only until then, and only from the address that obtained it. */
  expires_at: number;
}

export interface OperatorEnrolment {
  enrol: true;
  ticket: string;
  expires_at: number;
  /** Base32, to type into the authenticator app, and its otpauth:// URI for the QR code. */
  secret: string;
  uri: string;
  issuer: string;
  account: string;
  /**
   * The operator chooses its own password with this enrolment (`new_password` in login_enrol): its
   * first password was an admin's (docs/OPERATOR.md "Two admins give access").
   */
  new_password?: true;
}

/** One of the operator's own live sessions (my_sessions). */
export interface OperatorSessionView {
  id: number;
  user_agent: string;
  ip: string;
  /** Epoch ms. */
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** The session this request came with. */
  current: boolean;
  /**
   * Until when (epoch ms) the session is stepped up — its approval-queue actions need no new 2FA
   * code (docs/OPERATOR.md "The step-up window") —, or null.
   */
  step_up_until: number | null;
}

/** One sign-in attempt of the operator (my_sign_ins): the audit log's rows of kind operator.sign_in and operator.two_factor_enrol. */
export interface OperatorSignInView {
  id: number;
  at: number;
  client: string;
  kind: string;
  outcome: AuditOutcome;
  /** The refusal's message key (loginFailed, twoFactorWrong …), '' when done. */
  detail: string;
}

/**
 * An operator's account name: Latin letters, digits and . _ @ + -, starting with a letter or digit,
 * 3 to 254 characters. The log and the desks name operators by it, and a zero-width or look-alike
 * character made "op_finance2\u200b" read exactly as another operator's "op_finance2".
 */
export const OPERATOR_ACCOUNT = /^[A-Za-z0-9][A-Za-z0-9._@+-]{2,253}$/;

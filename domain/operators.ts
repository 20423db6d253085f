import type { Page } from './wallet';

/**
 * Operators' roles and permissions (issue 51 §1; docs/OPERATOR.md) and the wire shapes of the
 * operators' own calls (docs/API.md "Operators, roles and the audit log"). The server checks the
 * permission of every operator route (server/kernel/auth/operators/routePermissions.ts); the
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
  'withdrawals.read',
  'withdrawals.review',
  'p2p.appeals.read',
  'p2p.appeals.resolve',
  'trading.read',
  'trading.write',
  'audit.read',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

const READS = OPERATOR_PERMISSIONS.filter((p) => p.endsWith('.read'));

/** Each role's permissions; an operator holding several roles has the union. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  admin: ['session', 'operators.read', 'operators.manage'],
  compliance: ['session', 'identity.read', 'identity.review', 'users.read', 'users.security'],
  finance: ['session', 'withdrawals.read', 'withdrawals.review'],
  risk: ['session', 'trading.read', 'trading.write'],
  support: ['session', 'users.read', 'p2p.appeals.read', 'p2p.appeals.resolve'],
  auditor: ['session', ...READS],
};

export const isOperatorRole = (value: unknown): value is OperatorRole => typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

/** Whether `roles` grant `permission` (unknown roles grant nothing). */
export function rolesGrant(roles: readonly string[], permission: OperatorPermission): boolean {
  return roles.some((role) => isOperatorRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

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
  kind?: string;
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

/**
 * Every kind of row the operator audit log holds (docs/OPERATOR.md "The audit log"), and the words
 * the audit desk shows for each. The server's writers take an `OperatorAuditKind`
 * (kernel/platform/auth/operators/auditLog.ts), so a kind written anywhere is one of these; the
 * desk shows the label with the code beside it and filters by one kind, chosen by its label (the
 * audit route admits no other kind); the test
 * tests/server/auditKindLabels.test.ts holds each label to all 9 languages.
 */
export const OPERATOR_AUDIT_KIND_KEYS = {
  'access.refused': 'operatorDesks.auditKind.access.refused',
  'audit.export': 'operatorDesks.auditKind.audit.export',
  'contract.delist': 'operatorDesks.auditKind.contract.delist',
  'contract.list': 'operatorDesks.auditKind.contract.list',
  'correction.approve': 'operatorDesks.auditKind.correction.approve',
  'correction.propose': 'operatorDesks.auditKind.correction.propose',
  'correction.reject': 'operatorDesks.auditKind.correction.reject',
  'correction.withdraw': 'operatorDesks.auditKind.correction.withdraw',
  'currency.delist': 'operatorDesks.auditKind.currency.delist',
  'currency.list': 'operatorDesks.auditKind.currency.list',
  'deposit.credit': 'operatorDesks.auditKind.deposit.credit',
  'deposit.return': 'operatorDesks.auditKind.deposit.return',
  'fees.override': 'operatorDesks.auditKind.fees.override',
  'fees.override_end': 'operatorDesks.auditKind.fees.override_end',
  'fees.schedule': 'operatorDesks.auditKind.fees.schedule',
  'fees.tiers': 'operatorDesks.auditKind.fees.tiers',
  'fees.volumes': 'operatorDesks.auditKind.fees.volumes',
  'ico.project_create': 'operatorDesks.auditKind.ico.project_create',
  'ico.project_save': 'operatorDesks.auditKind.ico.project_save',
  'kyc.approve': 'operatorDesks.auditKind.kyc.approve',
  'kyc.reject': 'operatorDesks.auditKind.kyc.reject',
  'liabilities.build': 'operatorDesks.auditKind.liabilities.build',
  'market.delist': 'operatorDesks.auditKind.market.delist',
  'market.halt': 'operatorDesks.auditKind.market.halt',
  'market.list': 'operatorDesks.auditKind.market.list',
  'market.resume': 'operatorDesks.auditKind.market.resume',
  'notice.create': 'operatorDesks.auditKind.notice.create',
  'notice.edit': 'operatorDesks.auditKind.notice.edit',
  'notice.publish': 'operatorDesks.auditKind.notice.publish',
  'notice.unpublish': 'operatorDesks.auditKind.notice.unpublish',
  'operator.access_approve': 'operatorDesks.auditKind.operator.access_approve',
  'operator.access_reject': 'operatorDesks.auditKind.operator.access_reject',
  'operator.access_request': 'operatorDesks.auditKind.operator.access_request',
  'operator.create': 'operatorDesks.auditKind.operator.create',
  'operator.disable': 'operatorDesks.auditKind.operator.disable',
  'operator.enable': 'operatorDesks.auditKind.operator.enable',
  'operator.password_change': 'operatorDesks.auditKind.operator.password_change',
  'operator.reset_2fa': 'operatorDesks.auditKind.operator.reset_2fa',
  'operator.session_revoke': 'operatorDesks.auditKind.operator.session_revoke',
  'operator.sessions_revoke_others': 'operatorDesks.auditKind.operator.sessions_revoke_others',
  'operator.set_roles': 'operatorDesks.auditKind.operator.set_roles',
  'operator.sign_in': 'operatorDesks.auditKind.operator.sign_in',
  'operator.two_factor_enrol': 'operatorDesks.auditKind.operator.two_factor_enrol',
  'p2p.appeal_release': 'operatorDesks.auditKind.p2p.appeal_release',
  'p2p.appeal_return': 'operatorDesks.auditKind.p2p.appeal_return',
  'p2p.trade_settings': 'operatorDesks.auditKind.p2p.trade_settings',
  'plat_note.save': 'operatorDesks.auditKind.plat_note.save',
  'seconds.period_update': 'operatorDesks.auditKind.seconds.period_update',
  'users.end_sessions': 'operatorDesks.auditKind.users.end_sessions',
  'users.export': 'operatorDesks.auditKind.users.export',
  'users.freeze': 'operatorDesks.auditKind.users.freeze',
  'users.identity': 'operatorDesks.auditKind.users.identity',
  'users.note': 'operatorDesks.auditKind.users.note',
  'users.reset_2fa': 'operatorDesks.auditKind.users.reset_2fa',
  'users.suspend_keys': 'operatorDesks.auditKind.users.suspend_keys',
  'users.unfreeze': 'operatorDesks.auditKind.users.unfreeze',
  'withdrawal.approve': 'operatorDesks.auditKind.withdrawal.approve',
  'withdrawal.fail': 'operatorDesks.auditKind.withdrawal.fail',
} as const;

export type OperatorAuditKind = keyof typeof OPERATOR_AUDIT_KIND_KEYS;
export const OPERATOR_AUDIT_KINDS = Object.keys(OPERATOR_AUDIT_KIND_KEYS) as OperatorAuditKind[];

/** Whether a text is one of the kinds (the audit desk's filter sends only these). */
export const isOperatorAuditKind = (kind: string): kind is OperatorAuditKind => Object.hasOwn(OPERATOR_AUDIT_KIND_KEYS, kind);

/** The label's key of a stored kind, or undefined for one this build does not know (a row written by a newer server: shown as its code). */
export const auditKindKey = (kind: string): string | undefined =>
  isOperatorAuditKind(kind) ? OPERATOR_AUDIT_KIND_KEYS[kind] : undefined;

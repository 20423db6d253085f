import { intlLocale } from '../../../../../domain/localeFormat';
import { OPERATOR_AUDIT_KINDS, type OperatorAuditKind } from '../../../../../domain/operatorAuditKinds';

/**
 * Every kind the audit log holds with its label in the reader's language, in the order of the
 * labels under that language's collation (`lang` a locale code: en_US): the audit desk's kind
 * filter offers some 60, and an operator looks for words ("Withdrawal approved"), not codes.
 */
export function auditKindChoices(label: (kind: OperatorAuditKind) => string, lang: string): Array<{ kind: OperatorAuditKind; label: string }> {
  const collator = new Intl.Collator(intlLocale(lang));
  return OPERATOR_AUDIT_KINDS.map((kind) => ({ kind, label: label(kind) })).sort((a, b) => collator.compare(a.label, b.label) || (a.kind < b.kind ? -1 : 1));
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { LOCALE_CODES } from '../../domain/languages.js';
import { OPERATOR_AUDIT_KIND_KEYS, OPERATOR_AUDIT_KINDS, auditKindKey, type OperatorAuditKind } from '../../domain/operatorAuditKinds.js';
import type { OperatorAuditEntry } from '../../server/kernel/platform/auth/operators/auditLog.js';
import type { OperatorAction } from '../../server/kernel/platform/auth/operators/operatorAction.js';

/**
 * The audit desk shows each row's kind in the operator's language (domain/operatorAuditKinds.ts).
 * The kinds the server can write are the list itself: the log's two writers take an
 * OperatorAuditKind, so a kind outside it does not compile. Here: the writers take exactly that
 * type, and every kind has a label of its own in each of the 9 languages.
 */
const CATALOGUES = join(import.meta.dirname, '../../src/features/operator/locales/operatorDesks');

const label = (catalogue: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('audit kinds: every kind the server writes has words in every language', () => {
  it('the log is written only with a listed kind', () => {
    expectTypeOf<OperatorAuditEntry['kind']>().toEqualTypeOf<OperatorAuditKind>();
    expectTypeOf<OperatorAction['kind']>().toEqualTypeOf<OperatorAuditKind>();
    // The kinds docs/OPERATOR.md and the server's tests name, a sample across the products.
    for (const kind of ['operator.sign_in', 'access.refused', 'correction.approve', 'kyc.reject', 'p2p.appeal_release', 'fees.override_end', 'users.export']) {
      expect(OPERATOR_AUDIT_KINDS).toContain(kind);
    }
  });

  it.each(LOCALE_CODES)('%s: a label for each kind, not its code', (code) => {
    const catalogue = JSON.parse(readFileSync(join(CATALOGUES, `${code}.json`), 'utf8')) as unknown;
    const missing = OPERATOR_AUDIT_KINDS.filter((kind) => {
      const text = label(catalogue, OPERATOR_AUDIT_KIND_KEYS[kind]);
      return typeof text !== 'string' || !text.trim() || text === kind;
    });
    expect(missing).toEqual([]);
  });

  it('a kind this build does not know (a newer server) has no key: the desk shows its code', () => {
    expect(auditKindKey('correction.approve')).toBe('operatorDesks.auditKind.correction.approve');
    expect(auditKindKey('something.new')).toBeUndefined();
    expect(auditKindKey('toString')).toBeUndefined();
  });
});

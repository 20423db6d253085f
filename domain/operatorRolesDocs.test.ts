import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATOR_PERMISSIONS, OPERATOR_ROLES, ROLE_PERMISSIONS, type OperatorRole } from './operators';

/**
 * The role tables of docs/API.md and docs/OPERATOR.md against ROLE_PERMISSIONS, the table the
 * server checks with: API.md's finance row had fallen behind by six permissions (an operator audit
 * found it), so each row is read here and compared with the code.
 */
const doc = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), 'utf8');

/** The rows of the table whose header line is `header`, each as its cells (trimmed), until the first line that is not a row. */
function tableRows(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.trim() === header);
  expect(at, `a table headed ${header}`).toBeGreaterThanOrEqual(0);
  expect(lines.filter((line) => line.trim() === header), `one table headed ${header}`).toHaveLength(1);
  const rows: string[][] = [];
  // The header, then its |---| line, then the rows.
  for (const line of lines.slice(at + 2)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(line.trim().slice(1, -1).split('|').map((cell) => cell.trim()));
  }
  return rows;
}

/** The code-quoted names of a cell that look like permissions (`users.read`, `session`), in order. */
const permissionsIn = (cell: string) => [...cell.matchAll(/`([a-z0-9_.]+)`/g)].map((m) => m[1]!);

/** Each role's row by its quoted name in the first cell; every role once, no other row. */
function byRole(rows: string[][]): Record<OperatorRole, string[]> {
  const roles = rows.map((cells) => /^`([a-z]+)`$/.exec(cells[0]!)?.[1]);
  expect(roles).toEqual([...OPERATOR_ROLES]);
  return Object.fromEntries(rows.map((cells) => [cells[0]!.slice(1, -1), cells])) as Record<OperatorRole, string[]>;
}

describe("docs/API.md's role table", () => {
  it('lists exactly each role’s permissions, in the code’s order (the auditor’s too: every read permission there is)', () => {
    const rows = byRole(tableRows(doc('API.md'), '| Role | Permissions |'));
    for (const role of OPERATOR_ROLES) expect([role, permissionsIn(rows[role][1]!)]).toEqual([role, [...ROLE_PERMISSIONS[role]]]);
    // The auditor's row names them all: a read permission added to the code needs its line here too.
    expect(ROLE_PERMISSIONS.auditor).toEqual(['session', ...OPERATOR_PERMISSIONS.filter((p) => p.endsWith('.read'))]);
  });
});

describe("docs/OPERATOR.md's role table", () => {
  it('lists each role’s permissions but `session` (said once under it); the auditor as every read permission', () => {
    const rows = byRole(tableRows(doc('OPERATOR.md'), '| Role | What it is for | Permissions |'));
    for (const role of OPERATOR_ROLES.filter((r) => r !== 'auditor')) {
      expect([role, permissionsIn(rows[role][2]!)]).toEqual([role, ROLE_PERMISSIONS[role].filter((p) => p !== 'session')]);
    }
    expect(rows.auditor[2]).toContain('every `….read` permission');
  });
});

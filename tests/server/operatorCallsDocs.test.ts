import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, ROLE_PERMISSIONS } from '../../domain/operators';
import { OPERATOR_ROUTE_PERMISSIONS } from '../../server/products/operator/permissions';

/**
 * docs/API.md's "What each operator call needs" against OPERATOR_ROUTE_PERMISSIONS, the table the
 * server checks every operator call with: the markets, notices, fees, treasury and liabilities
 * desks' calls had never reached the doc (an operator audit found the table short). Every route
 * the server checks is a row's, with its permission and the roles that hold it; no row names a
 * route the server does not have.
 */
const API = readFileSync(new URL('../../docs/API.md', import.meta.url), 'utf8');
const HEADER = '| Call | Permission | Roles |';

/** The table's rows: each call it names ("POST /api/operator/a, b; GET /x/{id}" → two POSTs and a GET, `{id}` as `:id`) with the row's other cells. */
function documentedCalls(): Map<string, { permission: string; roles: string }> {
  const lines = API.split('\n');
  const at = lines.findIndex((line) => line.trim() === HEADER);
  expect(at, `a table headed ${HEADER}`).toBeGreaterThanOrEqual(0);
  const calls = new Map<string, { permission: string; roles: string }>();
  for (const line of lines.slice(at + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [call, permission, roles] = line.trim().slice(1, -1).split('|').map((cell) => cell.trim());
    for (const part of call!.split(';')) {
      const [, method, first, rest] = /^\s*(GET|POST) (\/\S+?)(,[^(]*)?(?:\s*\(.*\))?\s*$/.exec(part) ?? [];
      expect(method, `a call in "${part}"`).toBeDefined();
      const base = first!.startsWith('/api/operator/') ? '/api/operator/' : first!.slice(0, first!.lastIndexOf('/') + 1);
      const paths = [first!, ...(rest ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((s) => base + s)];
      for (const path of paths) calls.set(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`, { permission: permission!.replace(/`/g, ''), roles: roles! });
    }
  }
  return calls;
}

const rolesHolding = (permission: string) => {
  if (permission === 'session') return 'all';
  return OPERATOR_ROLES.filter((role) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission)).join(', ');
};

describe("docs/API.md's operator calls table", () => {
  it('names every operator route the server checks, with its permission and the roles that hold it', () => {
    const documented = documentedCalls();
    const wrong = Object.entries(OPERATOR_ROUTE_PERMISSIONS)
      .filter(([route, permission]) => JSON.stringify(documented.get(route)) !== JSON.stringify({ permission, roles: rolesHolding(permission) }))
      .map(([route, permission]) => `${route} | ${permission} | ${rolesHolding(permission)} (the table: ${JSON.stringify(documented.get(route))})`);
    expect(wrong).toEqual([]);
  });
  it('names no route the server does not check', () => {
    expect([...documentedCalls().keys()].filter((route) => !(route in OPERATOR_ROUTE_PERMISSIONS))).toEqual([]);
  });
});

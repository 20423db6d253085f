import { describe, expect, it, beforeAll } from 'vitest';
import { LOCALE_CODES } from '../../domain/languages.js';
import { OPERATOR_PATHS, OPERATOR_ROLES, ROLE_PERMISSIONS, rolesGrant, type OperatorRole } from '../../domain/operators.js';
import { declaredOperatorRoutes, permissionForRoute } from '../../server/kernel/platform/auth/operators/routePermissions.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { useFuzzApp, type SeenRoute } from './fuzz/fuzzApp.js';
import { auditMark, auditRowsAfter, deskOperator, type TestOperator } from './support/operators.js';

/**
 * Issue 51 §1: every operator route × every role, on the server's whole composition (every product
 * of server/products/index.ts, read through fastify's route table as the fuzz suite reads it, so a
 * route added tomorrow is in the matrix without an edit here). A role lacking the route's permission
 * gets body code 403 with the permission named, in the caller's language, and one `access.refused`
 * audit row; a role holding it gets past the check (any answer but 403: a 400 for the empty body
 * still proves the check let it through).
 */
const t = useFuzzApp();

const operatorRoutes = () => t.routes.filter((r) => (r.auth === 'operator' || r.auth === 'userOrOperator') && r.method !== 'HEAD');
const key = (r: SeenRoute) => `${r.method} ${r.url}`;
/** A concrete url for a route's pattern: each path parameter a value its schema takes. */
const concrete = (url: string) => url.replace(':side', 'front').replace(/:[a-z_]+/g, '1');

async function callAs(route: SeenRoute, who: Record<string, string>, lang = 'en_US') {
  const response = await t.app.inject({ method: route.method as 'GET' | 'POST', url: concrete(route.url), headers: { ...who, lang }, ...(route.method === 'POST' ? { payload: {} } : {}) });
  const isJson = /^application\/json/.test(String(response.headers['content-type']));
  return { status: response.statusCode, body: isJson ? (response.json() as { code: number; msg: string; data: unknown }) : undefined };
}

const byRole = {} as Record<OperatorRole, TestOperator>;
beforeAll(async () => {
  for (const role of OPERATOR_ROLES) byRole[role] = await deskOperator(t.app, t.operator, [role]);
});

describe('the permission table', () => {
  it('names a permission for every registered operator route, and only routes that exist', () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => permissionForRoute(r.method, r.url) === undefined).map(key)).toEqual([]);
    const registered = new Set(routes.map(key));
    expect([...declaredOperatorRoutes().keys()].filter((k) => !registered.has(k))).toEqual([]);
  });

  it('lets each route to the roles issue 51 names, and read-only routes to the auditor too', () => {
    const all = [...OPERATOR_ROLES];
    const expected: Record<string, OperatorRole[]> = {
      'POST /api/operator/logout': all,
      'POST /api/operator/operators': ['admin', 'auditor'],
      'POST /api/operator/operator_create': ['admin'],
      'POST /api/operator/operator_disable': ['admin'],
      'POST /api/operator/operator_enable': ['admin'],
      'POST /api/operator/operator_roles': ['admin'],
      'POST /api/operator/access_requests': ['admin', 'auditor'],
      'POST /api/operator/access_approve': ['admin'],
      'POST /api/operator/access_reject': ['admin'],
      'POST /api/operator/audit': ['auditor'],
      'POST /api/operator/audit_export': ['auditor'],
      'POST /api/operator/my_sessions': all,
      'POST /api/operator/my_session_revoke': all,
      'POST /api/operator/my_sessions_revoke_others': all,
      'POST /api/operator/my_sign_ins': all,
      'POST /api/operator/my_password': all,
      'POST /api/operator/operator_reset_2fa': ['admin'],
      'POST /api/operator/kyc/list': ['compliance', 'auditor'],
      'POST /api/operator/kyc/detail': ['compliance', 'auditor'],
      'GET /api/identity/photo/:id/:side': ['compliance', 'auditor'],
      'POST /api/operator/kyc/approve': ['compliance'],
      'POST /api/operator/kyc/reject': ['compliance'],
      'POST /api/operator/users': ['compliance', 'support', 'auditor'],
      'POST /api/operator/user_reset_2fa': ['compliance'],
      'POST /api/operator/users/search': ['compliance', 'support', 'auditor'],
      'POST /api/operator/users/export': ['compliance', 'support', 'auditor'],
      'POST /api/operator/users/detail': ['compliance', 'support', 'auditor'],
      'POST /api/operator/users/freeze': ['compliance'],
      'POST /api/operator/users/unfreeze': ['compliance'],
      'POST /api/operator/users/identity': ['compliance'],
      'POST /api/operator/users/end_sessions': ['compliance'],
      'POST /api/operator/users/suspend_keys': ['compliance'],
      'POST /api/operator/users/note': ['compliance'],
      'POST /api/operator/withdrawals': ['finance', 'auditor'],
      'POST /api/operator/withdrawal_approve': ['finance'],
      'POST /api/operator/withdrawal_fail': ['finance'],
      'POST /api/operator/held_deposits': ['finance', 'auditor'],
      'POST /api/operator/held_deposit_credit': ['finance'],
      'POST /api/operator/held_deposit_return': ['finance'],
      'POST /api/operator/fiat/appeals': ['support', 'auditor'],
      'GET /api/fiat/chat_image/:id/:message': ['support', 'auditor'],
      'POST /api/operator/fiat/resolve': ['support'],
      'POST /api/operator/fiat/trade_settings': ['risk', 'auditor'],
      'POST /api/operator/fiat/legal_trade': ['risk'],
      'POST /api/operator/seconds/periods': ['risk', 'auditor'],
      'POST /api/operator/seconds/period_update': ['risk'],
      'POST /api/operator/ico/projects': ['risk', 'auditor'],
      'POST /api/operator/ico/project_save': ['risk'],
      'POST /api/operator/markets': ['risk', 'auditor'],
      'POST /api/operator/market_halt': ['risk'],
      'POST /api/operator/market_resume': ['risk'],
      'POST /api/operator/market_list': ['risk'],
      'POST /api/operator/market_delist': ['risk'],
      'POST /api/operator/currency_listing': ['risk'],
      'POST /api/operator/currency_delist': ['risk'],
      'POST /api/operator/contract_list': ['risk'],
      'POST /api/operator/contract_delist': ['risk'],
      'POST /api/operator/corrections': ['finance', 'auditor'],
      'POST /api/operator/corrections/account': ['finance', 'auditor'],
      'POST /api/operator/corrections/propose': ['finance'],
      'POST /api/operator/corrections/approve': ['finance'],
      'POST /api/operator/corrections/reject': ['finance'],
      'POST /api/operator/notices': ['admin', 'auditor'],
      'POST /api/operator/plat_notes': ['admin', 'auditor'],
      'POST /api/operator/notice_save': ['admin'],
      'POST /api/operator/notice_publish': ['admin'],
      'POST /api/operator/notice_unpublish': ['admin'],
      'POST /api/operator/plat_note_save': ['admin'],
      'POST /api/operator/liabilities/snapshots': ['finance', 'auditor'],
      'POST /api/operator/liabilities/build': ['finance'],
      'POST /api/operator/fees': ['finance', 'auditor'],
      'POST /api/operator/fees/tiers': ['finance'],
      'POST /api/operator/fees/schedule': ['finance'],
      'POST /api/operator/fees/volumes': ['finance'],
      'POST /api/operator/fees/override': ['finance'],
      'POST /api/operator/treasury/series': ['finance', 'auditor'],
      'POST /api/operator/treasury/balance_sheet': ['finance', 'auditor'],
    };
    const granted = Object.fromEntries([...declaredOperatorRoutes()].map(([route, p]) => [route, OPERATOR_ROLES.filter((role) => rolesGrant([role], p))]));
    expect(granted).toEqual(expected);
  });

  it('gives the auditor every read and nothing else, and every role the session', () => {
    for (const role of OPERATOR_ROLES) expect(ROLE_PERMISSIONS[role]).toContain('session');
    expect(ROLE_PERMISSIONS.auditor.filter((p) => p !== 'session').every((p) => p.endsWith('.read'))).toBe(true);
    const reads = new Set([...declaredOperatorRoutes().values()].filter((p) => p.endsWith('.read')));
    for (const p of reads) expect(rolesGrant(['auditor'], p)).toBe(true);
  });
});

describe('every operator route × every role', () => {
  it.each(OPERATOR_ROLES)('%s: refused (403, audited) where it lacks the permission, let through where it holds it', async (role) => {
    const who = byRole[role];
    // Sign-out last: it ends the session the other calls use.
    const routes = operatorRoutes().sort((a, b) => Number(a.url === OPERATOR_PATHS.logout) - Number(b.url === OPERATOR_PATHS.logout));
    const problems: string[] = [];
    for (const route of routes) {
      const permission = permissionForRoute(route.method, route.url)!;
      const mark = await auditMark(t.db);
      const answer = await callAs(route, who.headers);
      const refusals = (await auditRowsAfter(t.db, mark)).filter((r) => r.kind === 'access.refused');
      if (rolesGrant([role], permission)) {
        if (answer.body?.code === 403) problems.push(`${key(route)}: refused though ${role} holds ${permission} (${answer.body.msg})`);
        if (refusals.length > 0) problems.push(`${key(route)}: a refusal was audited though ${role} holds ${permission}`);
        continue;
      }
      if (answer.body?.code !== 403 || (answer.body.data as { permission?: string } | null)?.permission !== permission) {
        problems.push(`${key(route)}: ${role} lacks ${permission} but got ${JSON.stringify(answer.body ?? answer.status)}`);
        continue;
      }
      if (answer.body.msg !== MESSAGES.en_US.operatorPermissionRefused.replace('{permission}', permission)) problems.push(`${key(route)}: message ${answer.body.msg}`);
      const [row] = refusals;
      if (refusals.length !== 1 || row!.operator_id !== who.id || row!.object_id !== key(route) || row!.outcome !== 'refused' || row!.detail !== permission || row!.roles.join() !== role) {
        problems.push(`${key(route)}: audited as ${JSON.stringify(refusals)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('an operator holding several roles has the union of their permissions', async () => {
    const both = await deskOperator(t.app, t.operator, ['finance', 'support']);
    for (const route of operatorRoutes().filter((r) => r.url !== OPERATOR_PATHS.logout)) {
      const permission = permissionForRoute(route.method, route.url)!;
      const allowed = ROLE_PERMISSIONS.finance.includes(permission) || ROLE_PERMISSIONS.support.includes(permission);
      expect([key(route), (await callAs(route, both.headers)).body?.code === 403]).toEqual([key(route), !allowed]);
    }
  });

  it("the refusal speaks the caller's language", async () => {
    const route = operatorRoutes().find((r) => r.url === OPERATOR_PATHS.operators)!;
    // A support operator of its own: the matrix above signed the first one out.
    const support = await deskOperator(t.app, t.operator, ['support']);
    for (const lang of LOCALE_CODES) {
      const answer = await callAs(route, support.headers, lang);
      expect(answer.body).toEqual({ code: 403, msg: MESSAGES[lang].operatorPermissionRefused.replace('{permission}', 'operators.read'), data: { permission: 'operators.read' } });
    }
  });

  it('the environment operator holds every role, so it passes every check', async () => {
    for (const route of operatorRoutes().filter((r) => r.url !== OPERATOR_PATHS.logout)) {
      expect([key(route), (await callAs(route, t.operator)).body?.code]).not.toEqual([key(route), 403]);
    }
  });

  it('a user token still opens no operator route, and refuses before any permission is looked at', async () => {
    const mark = await auditMark(t.db);
    for (const route of operatorRoutes().filter((r) => r.auth === 'operator')) {
      expect((await callAs(route, t.user)).body).toEqual({ code: 403, msg: MESSAGES.en_US.notLoggedIn, data: null });
    }
    expect(await auditRowsAfter(t.db, mark)).toEqual([]);
  });
});

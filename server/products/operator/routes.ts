import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATOR_AUDIT_KINDS } from '../../../domain/operatorAuditKinds.js';
import { AUDIT_OUTCOMES, isAccessPending, OPERATOR_PATHS, OPERATOR_ROLES, type OperatorChangeAnswer, type OperatorCreate, type OperatorRole } from '../../../domain/operators.js';
import { operatorSignIn } from './security/signIn.js';
import { operatorSecurity } from './security/mySecurity.js';
import { changeOwnPassword } from './security/ownPassword.js';
import { operatorDesk } from './desk.js';
import { accessRequests } from './accessRequests.js';
import { exportAudit, searchAudit } from './auditDesk.js';
import { operatorSearchRoutes } from '../../kernel/platform/auth/operators/operatorSearch.js';
import { revokeSession } from '../../kernel/platform/auth/sessions.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { anyBody, dateMs, paging, password, rowId, secondFactorCode, strictObject, text } from '../../kernel/platform/http/schemas.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS, perClientPerMinute } from '../../kernel/platform/http/rateLimit.js';

const operator = { auth: 'operator' } as const;
/** A 6-digit TOTP code or a recovery code (the users' pattern). */
const code = secondFactorCode;
const ticket = text(200, 1);
const roles = { type: 'array', minItems: 1, maxItems: OPERATOR_ROLES.length, uniqueItems: true, items: { type: 'string', enum: [...OPERATOR_ROLES] } } as const;
const auditFilters = {
  operator_id: rowId,
  // One of the kinds the server writes (the console's select): anything else, a prefix included, is
  // refused by the schema as a bad field (translated, body code 400) before a query is made.
  kind: { type: 'string', enum: [...OPERATOR_AUDIT_KINDS] },
  object_type: text(64),
  object_id: text(64),
  outcome: { type: 'string', enum: [...AUDIT_OUTCOMES] },
  from: dateMs,
  to: dateMs,
};

/**
 * The operator's own session: login (operators are accounts of kind 'operator', see operators.ts)
 * and logout, which ends only an operator token (a user token answers 403); the admin's operators
 * desk (desk.ts) and the auditor's audit log (auditDesk.ts). Each route's permission is the
 * kernel's table (kernel/platform/auth/operators/routePermissions.ts), checked before the body is read. Each
 * product's review calls live with that product (kyc/operatorRoutes.ts, wallet/operatorRoutes.ts).
 */
export function operatorRoutes(db: Database, limits: { operatorLogin: number } = DEFAULT_ACCOUNT_RATE_LIMITS, now: () => number = Date.now) {
  const desk = operatorDesk(db, now);
  const requests = accessRequests(db, now);
  /** A change made says so; one asked for says it waits for a second admin (accessRequests.ts). */
  const changed = (lang: Parameters<typeof okWith>[0], done: 'operatorCreated' | 'operatorUpdated', answer: OperatorChangeAnswer) =>
    okWith(lang, isAccessPending(answer) ? 'operatorAccessRequested' : done, answer);
  const signIn = operatorSignIn(db, now);
  const security = operatorSecurity(db, now);
  return async (app: FastifyInstance) => {
    const device = (request: FastifyRequest) => ({ userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512), ip: request.ip, lang: request.lang });
    // Password AND a TOTP code (security/signIn.ts): the code may come with the password, or in the
    // second step; an operator without 2FA gets the enrolment instead of a session.
    app.post<{ Body: { account: string; password: string; code?: string } }>(
      OPERATOR_PATHS.login,
      {
        // Per client, like the users' login; wrong passwords and codes also back off per account.
        config: perClientPerMinute(limits.operatorLogin),
        schema: { body: strictObject(['account', 'password'], { account: text(254, 1), password, code }) },
      },
      async (request) => ok(request.lang, unwrap(await signIn.login(request.body, device(request)))),
    );
    app.post<{ Body: { challenge: string; code: string } }>(
      OPERATOR_PATHS.loginSecondStep,
      { config: perClientPerMinute(limits.operatorLogin), schema: { body: strictObject(['challenge', 'code'], { challenge: ticket, code }) } },
      async (request) => ok(request.lang, unwrap(await signIn.secondStep(request.body, device(request)))),
    );
    // A new operator chooses its own password with its enrolment (`new_password`: security/ownPassword.ts).
    app.post<{ Body: { ticket: string; code: string; new_password?: string } }>(
      OPERATOR_PATHS.loginEnrol,
      { config: perClientPerMinute(limits.operatorLogin), schema: { body: strictObject(['ticket', 'code'], { ticket, code, new_password: password }) } },
      async (request) => ok(request.lang, unwrap(await signIn.enrol(request.body, device(request)))),
    );

    // The operator's own sessions and sign-in history (permission 'session': every role).
    app.post(OPERATOR_PATHS.mySessions, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await security.sessions(request.operator.id, request.token!)));
    app.post<{ Body: { id: number } }>(OPERATOR_PATHS.mySessionRevoke, { config: operator, schema: { body: strictObject(['id'], { id: rowId }) } }, async (request) =>
      okWith(request.lang, 'operatorSessionEnded', unwrap(await security.revoke(request.operator, request.body.id))),
    );
    app.post(OPERATOR_PATHS.myOtherSessionsRevoke, { config: operator, schema: { body: anyBody } }, async (request) =>
      okWith(request.lang, 'operatorOtherSessionsEnded', await security.revokeOthers(request.operator, request.token!)),
    );
    app.post<{ Body: { page: number; size?: number } }>(OPERATOR_PATHS.mySignIns, { config: operator, schema: { body: strictObject(['page'], paging(100)) } }, async (request) =>
      ok(request.lang, await security.signIns(request.operator.id, request.body.page, request.body.size ?? 20)),
    );
    // The operator's own password: the current one and its own code (security/ownPassword.ts).
    app.post<{ Body: { password: string; new_password: string; code?: string } }>(
      OPERATOR_PATHS.myPassword,
      { config: operator, schema: { body: strictObject(['password', 'new_password'], { password, new_password: password, code }) } },
      async (request) =>
        okWith(request.lang, 'operatorPasswordChanged', unwrap(await changeOwnPassword(db, request.operator, request.body, { token: request.token!, now: now(), lang: request.lang }))),
    );
    app.post<{ Body: { id: number; code: string } }>(
      OPERATOR_PATHS.resetTwoFactor,
      { config: operator, schema: { body: strictObject(['id', 'code'], { id: rowId, code }) } },
      async (request) => okWith(request.lang, 'operatorTwoFactorReset', unwrap(await security.resetTwoFactor(request.operator, request.body, request.lang))),
    );

    app.post(OPERATOR_PATHS.logout, { config: operator, schema: { body: anyBody } }, async (request) => {
      await revokeSession(db, request.token!);
      return ok(request.lang, null);
    });

    app.post(OPERATOR_PATHS.operators, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await desk.list()));
    app.post<{ Body: OperatorCreate }>(
      OPERATOR_PATHS.create,
      { config: operator, schema: { body: strictObject(['account', 'password', 'roles'], { account: text(254, 1), password, roles, code }) } },
      async (request) => changed(request.lang, 'operatorCreated', unwrap(await desk.create(request.operator, request.body, request.lang))),
    );
    // Each change of access asks the admin's own code (`code`, optional in the schema so that a
    // missing one is refused, translated and audited by the desk like a wrong one).
    const idBody = { body: strictObject(['id'], { id: rowId, code }) };
    const asked = (request: FastifyRequest<{ Body: { code?: string } }>) => ({ code: request.body.code, lang: request.lang });
    app.post<{ Body: { id: number; code?: string } }>(OPERATOR_PATHS.disable, { config: operator, schema: idBody }, async (request) =>
      changed(request.lang, 'operatorUpdated', unwrap(await desk.disable(request.operator, request.body.id, asked(request)))),
    );
    app.post<{ Body: { id: number; code?: string } }>(OPERATOR_PATHS.enable, { config: operator, schema: idBody }, async (request) =>
      changed(request.lang, 'operatorUpdated', unwrap(await desk.enable(request.operator, request.body.id, asked(request)))),
    );
    app.post<{ Body: { id: number; roles: OperatorRole[]; code?: string } }>(
      OPERATOR_PATHS.setRoles,
      { config: operator, schema: { body: strictObject(['id', 'roles'], { id: rowId, roles, code }) } },
      async (request) => changed(request.lang, 'operatorUpdated', unwrap(await desk.setRoles(request.operator, request.body.id, request.body.roles, asked(request)))),
    );

    // Access two admins give: the queue, a second admin's approval (with their code), anyone's rejection.
    app.post(OPERATOR_PATHS.accessRequests, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await requests.list()));
    app.post<{ Body: { id: number; code?: string } }>(OPERATOR_PATHS.approveAccess, { config: operator, schema: idBody }, async (request) =>
      okWith(request.lang, 'operatorAccessApproved', unwrap(await requests.approve(request.operator, request.body.id, request.body.code, request.lang))),
    );
    app.post<{ Body: { id: number } }>(OPERATOR_PATHS.rejectAccess, { config: operator, schema: { body: strictObject(['id'], { id: rowId }) } }, async (request) =>
      okWith(request.lang, 'operatorAccessRejected', unwrap(await requests.reject(request.operator, request.body.id))),
    );

    // The log leaving the building is itself written to the log.
    operatorSearchRoutes(app, db, {
      paths: { search: OPERATOR_PATHS.audit, export: OPERATOR_PATHS.auditExport },
      filters: auditFilters,
      search: searchAudit,
      exportCsv: exportAudit,
      audit: { kind: 'audit.export', objectType: 'operator_audit_log' },
      filename: 'operator-audit.csv',
    });
  };
}

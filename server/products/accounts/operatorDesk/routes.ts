import type { FastifyInstance } from 'fastify';
import type { NameStatus } from '../../../../domain/api.js';
import { TWO_FACTOR_PATHS } from '../../../../domain/twoFactor.js';
import { USER_NOTE_MAX, USER_REASON_MAX, USERS_DESK_PATHS, type IdentityChange, type NoteAdd, type UserAction } from '../../../../domain/usersDesk.js';
import type { AccountFreezes } from '../../../kernel/platform/accountFreeze/index.js';
import { operatorSearchRoutes } from '../../../kernel/platform/auth/operators/operatorSearch.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import { ok, okWith } from '../../../kernel/platform/http/envelope.js';
import { dateMs, rowId, secondFactorCode, strictObject, text } from '../../../kernel/platform/http/schemas.js';
import { refuse, unwrap } from '../../../kernel/platform/outcome.js';
import type { TwoFactor } from '../twoFactor.js';
import { userActions, type DeskRequest } from './actions.js';
import { exportUsers, searchUsers } from './search.js';
import { userPage } from './userPage.js';

const operator = { auth: 'operator' } as const;
const tri = { type: 'string', enum: ['any', 'yes', 'no'] } as const;
const nameStatus = { type: 'integer', enum: [1, 2, 3, 4] } as const;
const filters = {
  text: text(254),
  name_status: nameStatus,
  two_factor: tri,
  frozen: tri,
  registered_from: dateMs,
  registered_to: dateMs,
  signed_in_from: dateMs,
  signed_in_to: dateMs,
};
const reason = text(USER_REASON_MAX);
const action = { user_id: rowId, reason, code: secondFactorCode };
const actionBody = { body: strictObject(['user_id', 'reason'], action) };

/**
 * The users desk (issue 51 §3; docs/API.md "The users desk"): search and its CSV export, a user's
 * page, and the actions. Each route's permission is the operator product's table
 * (operator/permissions.ts), checked by the kernel before the body is read. `now` is the clock of
 * the operator's 2FA code (tests move it between codes).
 */
export function usersDeskRoutes(db: Database, deps: { secondFactor: TwoFactor; freezes?: AccountFreezes; now?: () => number }) {
  const actions = userActions(db, { secondFactor: deps.secondFactor, freezes: deps.freezes, now: deps.now ?? Date.now });
  const who = (request: { operator: DeskRequest['operator']; lang: string; body: { code?: string } }): DeskRequest => ({
    operator: request.operator,
    lang: request.lang,
    code: request.body.code,
  });
  return async (app: FastifyInstance) => {
    operatorSearchRoutes(app, db, {
      paths: { search: USERS_DESK_PATHS.search, export: USERS_DESK_PATHS.export },
      filters,
      search: searchUsers,
      exportCsv: exportUsers,
      audit: { kind: 'users.export', objectType: 'user' },
      filename: 'users.csv',
    });
    app.post<{ Body: { user_id: number } }>(USERS_DESK_PATHS.user, { config: operator, schema: { body: strictObject(['user_id'], { user_id: rowId }) } }, async (request) => {
      const page = await userPage(db, request.body.user_id);
      return ok(request.lang, unwrap(page ? { ok: true, data: page } : refuse('usersDeskNoUser')));
    });

    app.post<{ Body: UserAction }>(USERS_DESK_PATHS.freeze, { config: operator, schema: actionBody }, async (request) =>
      okWith(request.lang, 'usersDeskFrozen', unwrap(await actions.freeze(who(request), request.body.user_id, request.body.reason))),
    );
    app.post<{ Body: UserAction }>(USERS_DESK_PATHS.unfreeze, { config: operator, schema: actionBody }, async (request) =>
      okWith(request.lang, 'usersDeskUnfrozen', unwrap(await actions.unfreeze(who(request), request.body.user_id, request.body.reason))),
    );
    app.post<{ Body: UserAction }>(USERS_DESK_PATHS.endSessions, { config: operator, schema: actionBody }, async (request) =>
      okWith(request.lang, 'usersDeskSessionsEnded', unwrap(await actions.endSessions(who(request), request.body.user_id, request.body.reason))),
    );
    app.post<{ Body: UserAction }>(USERS_DESK_PATHS.suspendKeys, { config: operator, schema: actionBody }, async (request) =>
      okWith(request.lang, 'usersDeskKeysSuspended', unwrap(await actions.suspendKeys(who(request), request.body.user_id, request.body.reason))),
    );
    app.post<{ Body: UserAction }>(TWO_FACTOR_PATHS.operatorReset, { config: operator, schema: actionBody }, async (request) =>
      okWith(request.lang, 'twoFactorResetDone', unwrap(await actions.resetTwoFactor(who(request), request.body.user_id, request.body.reason))),
    );
    app.post<{ Body: IdentityChange }>(
      USERS_DESK_PATHS.identity,
      { config: operator, schema: { body: strictObject(['user_id', 'reason', 'name_status'], { ...action, name_status: nameStatus }) } },
      async (request) =>
        okWith(request.lang, 'usersDeskIdentitySet', unwrap(await actions.identity(who(request), request.body.user_id, request.body.reason, request.body.name_status as NameStatus))),
    );
    app.post<{ Body: NoteAdd }>(
      USERS_DESK_PATHS.note,
      { config: operator, schema: { body: strictObject(['user_id', 'body'], { user_id: rowId, body: text(USER_NOTE_MAX) }) } },
      async (request) => okWith(request.lang, 'usersDeskNoteAdded', unwrap(await actions.note({ operator: request.operator, lang: request.lang }, request.body.user_id, request.body.body))),
    );
  };
}

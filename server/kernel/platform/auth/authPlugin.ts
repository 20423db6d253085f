import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import type { Queryable } from '../db/database.js';
import { ApiFailure } from '../http/envelope.js';
import fp from '../http/plugin.js';
import type { Principal } from './sessionCache.js';
import { principalForToken } from './sessions.js';
import { authoriseOperator, type OperatorActor } from './operators/access.js';

/** Who may call a route: a signed-in user, an operator, either, or anyone (the default). */
export type RouteAuth = 'user' | 'operator' | 'userOrOperator';

export interface SignedIn {
  id: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that need a session say so here; the kernel checks the token before the body is read. */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The signed-in user of a route with `config.auth` 'user' (or 'userOrOperator'); reading it otherwise answers 403. */
    readonly user: SignedIn;
    /**
     * The signed-in operator of a route with `config.auth` 'operator' (or 'userOrOperator'), with
     * the roles and client address the audit log records; reading it otherwise answers 403.
     */
    readonly operator: OperatorActor;
    /** Whatever principal the token names, if the route asked for one. */
    principal: Principal | undefined;
  }
}

const notLoggedIn = () => new ApiFailure(ResultCode.forbidden, 'notLoggedIn');

function signedInAs(request: FastifyRequest, kind: Principal['kind']): SignedIn {
  const principal = request.principal;
  if (!principal || principal.kind !== kind) throw notLoggedIn();
  return { id: principal.id };
}

/** The operator each request's permission check admitted (kept off the request object, so no handler can set it). */
const operators = new WeakMap<FastifyRequest, OperatorActor>();

/**
 * The one authentication hook. A route declares `config: { auth: 'user' }` (or 'operator', or
 * 'userOrOperator'); before its body is parsed, the `token` header is resolved through the session
 * cache and a missing, expired or wrong-kind token answers body code 403. Handlers then read
 * `request.user.id` / `request.operator.id`. A user token never opens an operator route, nor the
 * other way round. An operator's call is also checked against the route's permission
 * (operators/access.ts, issue 51): refused, audited and answered 403 before the body is read, so
 * the check is the same whatever the body and wherever the route lives.
 */
export function authentication(db: Queryable) {
  return fp((app: FastifyInstance) => {
    app.decorateRequest('principal', undefined);
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        return signedInAs(this, 'user');
      },
    });
    app.decorateRequest('operator', {
      getter(this: FastifyRequest) {
        const actor = operators.get(this);
        if (!actor || this.principal?.kind !== 'operator') throw notLoggedIn();
        return actor;
      },
    });
    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth;
      if (!auth) return;
      const principal = await principalForToken(db, request.token);
      const allowed = principal && (auth === 'userOrOperator' || principal.kind === auth);
      if (!allowed) throw notLoggedIn();
      if (principal.kind === 'operator') {
        const url = request.routeOptions.url ?? request.url;
        operators.set(request, await authoriseOperator(db, { method: request.method, url, client: request.ip }, principal.id, principal.session));
      }
      request.principal = principal;
    });
  });
}

/**
 * Marks every route registered after it in this plugin's scope as needing `auth` (a route may still
 * say otherwise in its own config). For products whose every call is signed in, such as the wallet.
 */
export function requireAuthForAll(app: FastifyInstance, auth: RouteAuth): void {
  app.addHook('onRoute', (route) => {
    route.config = { auth, ...(route.config ?? {}) } as typeof route.config;
  });
}

import type { OperatorPermission } from '../../../../../domain/operators.js';

/**
 * What each operator route needs (issue 51 §1), keyed "METHOD url" as fastify registers the route
 * (path parameters as `:name`). The auth hook reads it for every route with `config.auth`
 * 'operator', and for an operator calling a 'userOrOperator' route. The kernel names no product's
 * route: the table is declared by the operator product (server/products/operator/permissions.ts,
 * loaded with its code, as a product's messages are), in one place an admin or auditor can read.
 * A route nobody declared is refused to every operator (fail-closed), so a process that never
 * loaded the table refuses rather than allows; tests/server/operatorRoles.test.ts fails when a
 * registered operator route has no line or a line names no route.
 */
const declared = new Map<string, OperatorPermission>();

/** Adds routes to the table; a route declared twice with two permissions is a programming error. */
export function declareOperatorRoutes(routes: Readonly<Record<string, OperatorPermission>>): void {
  for (const [route, permission] of Object.entries(routes)) {
    const before = declared.get(route);
    if (before !== undefined && before !== permission) throw new Error(`Operator route ${route} is declared twice: ${before} and ${permission}`);
    declared.set(route, permission);
  }
}

/** What the route needs, or undefined (then nobody may call it). HEAD is answered by its GET route. */
export function permissionForRoute(method: string, url: string): OperatorPermission | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return declared.get(`${verb} ${url}`);
}

/** The whole table, for the tests and the docs. */
export function declaredOperatorRoutes(): ReadonlyMap<string, OperatorPermission> {
  return declared;
}

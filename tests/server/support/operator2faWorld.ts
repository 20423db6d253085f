import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { OPERATOR_PATHS, type OperatorEnrolment, type OperatorRole, type OperatorView } from '../../../domain/operators.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../../server/kernel/platform/http/app.js';
import { ensureOperator } from '../../../server/products/operator/operators.js';
import { operatorRoutes } from '../../../server/products/operator/routes.js';
import { call, expectOk, type Answer } from '../http.js';
import { openTestDatabase } from '../testDb.js';
import { auditMark, auditRowsAfter, DESK_INITIAL_PASSWORD, DESK_PASSWORD, OPERATOR_SECRET, operatorCode } from './operators.js';

/**
 * The test world of tests/server/operator2fa*.test.ts: the operator product's routes over a
 * database of their own, with a clock the tests move (TOTP steps are 30 s: `tick()` moves to the
 * next one, so each code below is new), the environment's admin pre-enrolled with OPERATOR_SECRET.
 */
export const CHIEF = { account: 'chief@openex.test', password: 'Operator2026', secret: OPERATOR_SECRET };

export function useOperator2faWorld() {
  const state = {} as { db: Database; app: FastifyInstance; clock: number; made: number };
  state.clock = Date.now();
  state.made = 0;
  beforeAll(async () => {
    state.db = await openTestDatabase();
    await ensureOperator(state.db, CHIEF.account, CHIEF.password, CHIEF.secret);
    state.app = await buildHttp({ db: state.db, routes: [operatorRoutes(state.db, { operatorLogin: 10_000 }, () => state.clock)] });
    await state.app.ready();
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.close();
  });

  /** A POST from `ip`, with `headers` (a token), in `lang`. */
  const from = <T = unknown>(ip: string, url: string, payload: object, headers: Record<string, string> = {}, lang = 'en_US'): Promise<Answer<T>> =>
    call<T>(state.app, { method: 'POST', url, payload, remoteAddress: ip, headers: { lang, 'user-agent': 'Mozilla/5.0 Test', ...headers } });

  const world = {
    get db() {
      return state.db;
    },
    get app() {
      return state.app;
    },
    now: () => state.clock,
    /** The next TOTP step: a code made after this is one the server has not seen. */
    tick(steps = 1) {
      state.clock += 30_000 * steps;
    },
    from,
    /** The audit rows `act` wrote (operator2fa's "each attempt is one audit row"). */
    async auditRowsOf(act: () => Promise<unknown>) {
      const mark = await auditMark(state.db);
      await act();
      return auditRowsAfter(state.db, mark);
    },
    /** `secret`'s code at the world's clock. */
    code: (secret: string) => operatorCode(secret, state.clock),
    /** The chief signed in (password and code), from `ip`; moves to the next step first. */
    async chief(ip = '10.41.0.1'): Promise<Record<string, string>> {
      world.tick();
      const grant = expectOk(await from<{ token: string }>(ip, OPERATOR_PATHS.login, { account: CHIEF.account, password: CHIEF.password, code: world.code(CHIEF.secret) }));
      return { token: grant.token };
    },
    /** The chief's next code (the operators desk asks it); moves to the next step first. */
    chiefCode(): string {
      world.tick();
      return world.code(CHIEF.secret);
    },
    /** A new operator made by the chief: its first sign-in's enrolment answer, not yet confirmed. */
    async newOperator(roles: OperatorRole[], ip = '10.41.1.1'): Promise<{ id: number; account: string; enrolment: OperatorEnrolment; ip: string }> {
      const admin = await world.chief();
      const account = `op-${++state.made}@openex.test`;
      const view = expectOk(await from<OperatorView>(ip, OPERATOR_PATHS.create, { account, password: DESK_INITIAL_PASSWORD, roles, code: world.chiefCode() }, admin));
      const enrolment = expectOk(await from<OperatorEnrolment>(ip, OPERATOR_PATHS.login, { account, password: DESK_INITIAL_PASSWORD }));
      return { id: view.id, account, enrolment, ip };
    },
    /** A new operator, enrolled (choosing DESK_PASSWORD for itself): its secret, recovery codes and session. */
    async enrolled(roles: OperatorRole[], ip = '10.41.1.1') {
      const op = await world.newOperator(roles, ip);
      world.tick();
      const done = expectOk(await from<{ token: string; recovery_codes: string[] }>(ip, OPERATOR_PATHS.loginEnrol, { ticket: op.enrolment.ticket, code: world.code(op.enrolment.secret), new_password: DESK_PASSWORD }));
      return { ...op, secret: op.enrolment.secret, recovery: done.recovery_codes, headers: { token: done.token } };
    },
  };
  return world;
}

import { describe, expect, it } from 'vitest';
import { FEE_PATHS } from '../../../../domain/fees.js';
import { OPERATOR_PATHS } from '../../../../domain/operators.js';
import { TWO_FACTOR_PATHS } from '../../../../domain/twoFactor.js';
import { USERS_DESK_PATHS } from '../../../../domain/usersDesk.js';
import { WALLET_PATHS } from '../../../../domain/wallet.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { useFuzzApp } from '../../fuzz/fuzzApp.js';
import { expectRefusal, post } from '../../http.js';
import { deskOperator, operatorCode, type TestOperator } from '../../support/operators.js';
import { createTestUser } from '../../support/users.js';

/**
 * The operator routes that move money or access and ask the operator's own 2FA code (docs/OPERATOR.md
 * "What each call needs"), on the server's whole composition: each refuses no code, a wrong one and
 * a code already used once by another such action (in its own 30-second step, so only the "once"
 * rule can refuse it), writes each refusal to the audit log as refused with the reason, and takes a
 * fresh code (then answers for what it acts on: here an object that is not there). The others that
 * ask it (a withdrawal's approval, a P2P ruling, identity review, the operators desk) have their
 * files in audit/operatorCodes/.
 */
const t = useFuzzApp();
const EN = MESSAGES.en_US;
const STEP_MS = 30_000;
const NOBODY = 987_654_321;
const CODE_REFUSALS = [EN.twoFactorRequired, EN.twoFactorWrong, EN.twoFactorLocked];

/** The operator's next unused step's code (the server keeps the last used step), waiting for the clock when the window is spent. */
async function nextCode(op: TestOperator): Promise<string> {
  const [row] = await t.db.query<{ last_step: string }>('select last_step from user_two_factor where user_id = $1', [op.id]);
  const step = Number(row!.last_step) + 1;
  const now = Date.now();
  if (step > Math.floor(now / STEP_MS) + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - now + 200));
  return operatorCode(op.secret, step * STEP_MS + STEP_MS / 2);
}

interface CodeRoute {
  name: string;
  path: string;
  field: 'code' | 'totp_code';
  body: object;
  kind: string;
}

const desk = (name: string, path: string, kind: string): CodeRoute => ({ name, path, field: 'code', body: { user_id: NOBODY, reason: 'guards audit' }, kind });
const ROUTES: CodeRoute[] = [
  desk('freeze a user', USERS_DESK_PATHS.freeze, 'users.freeze'),
  desk('unfreeze a user', USERS_DESK_PATHS.unfreeze, 'users.unfreeze'),
  desk("end a user's sessions", USERS_DESK_PATHS.endSessions, 'users.end_sessions'),
  desk("suspend a user's API keys", USERS_DESK_PATHS.suspendKeys, 'users.suspend_keys'),
  desk("reset a user's 2FA", TWO_FACTOR_PATHS.operatorReset, 'users.reset_2fa'),
  { ...desk("change a user's identity level", USERS_DESK_PATHS.identity, 'users.identity'), body: { user_id: NOBODY, reason: 'guards audit', name_status: 3 } },
  { name: 'credit a held deposit', path: WALLET_PATHS.operatorCreditHeldDeposit, field: 'totp_code', body: { id: NOBODY }, kind: 'deposit.credit' },
  {
    name: "set a user's fee override",
    path: FEE_PATHS.operatorOverride,
    field: 'totp_code',
    body: { user_id: NOBODY, product: 'spot', market: 'BTC_USDT', maker: '0', taker: '0.0001', note: 'guards audit' },
    kind: 'fees.override',
  },
];

const refusedRows = async (op: TestOperator, kind: string) =>
  (await t.db.query<{ detail: string }>(`select detail from operator_audit_log where operator_id = $1 and kind = $2 and outcome = 'refused' order by id`, [op.id, kind])).map((r) => r.detail);

describe.each(ROUTES)('$name ($path)', (route) => {
  it('refuses no code, a wrong code and a code used once already, each audited as refused; takes a fresh one', async () => {
    const op = await deskOperator(t.app, t.operator, ['admin', 'compliance', 'finance']);
    const send = (code?: string) => post(t.app, route.path, { ...route.body, ...(code === undefined ? {} : { [route.field]: code }) }, op.headers);

    expectRefusal(await send(), 400, EN.twoFactorRequired);
    expectRefusal(await send('000000'), 400, EN.twoFactorWrong);
    // Used once by another action that asks it (ending the sessions of a real user), then replayed here.
    const used = await nextCode(op);
    const victim = await createTestUser(t.db, { tag: 'guards-op' });
    expect((await post(t.app, USERS_DESK_PATHS.endSessions, { user_id: victim.id, reason: 'guards audit', code: used }, op.headers)).body.code).toBe(200);
    expectRefusal(await send(used), 400, EN.twoFactorWrong);
    expect(await refusedRows(op, route.kind)).toEqual(['twoFactorRequired', 'twoFactorWrong', 'twoFactorWrong']);

    const fresh = await send(await nextCode(op));
    expect(CODE_REFUSALS).not.toContain(fresh.body.msg);
  });
});

describe("an admin's reset of another operator's 2FA", () => {
  it('refuses a code used once already', async () => {
    const op = await deskOperator(t.app, t.operator, ['admin', 'compliance']);
    const used = await nextCode(op);
    const victim = await createTestUser(t.db, { tag: 'guards-op' });
    expect((await post(t.app, USERS_DESK_PATHS.endSessions, { user_id: victim.id, reason: 'guards audit', code: used }, op.headers)).body.code).toBe(200);
    expectRefusal(await post(t.app, OPERATOR_PATHS.resetTwoFactor, { id: NOBODY, code: used }, op.headers), 400, EN.twoFactorWrong);
    const fresh = await post(t.app, OPERATOR_PATHS.resetTwoFactor, { id: NOBODY, code: await nextCode(op) }, op.headers);
    expect(CODE_REFUSALS).not.toContain(fresh.body.msg);
  });
});

import { describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, type OperatorRole, type OperatorView } from '../../../../domain/operators.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { adminCode, DESK_INITIAL_PASSWORD, deskOperator } from '../../support/operators.js';
import { productTestbed, signInOperator } from '../../support/productTestbed.js';

/**
 * The operators desk gives and takes access, so creating an operator, disabling or enabling one
 * and setting its roles ask the admin's own 2FA code (the house rule; docs/OPERATOR.md "What each
 * call needs"): no code, a wrong one and a code used once already are each refused, written to the
 * audit log as refused, and change nothing; an admin without 2FA is refused in the desk's words; a
 * fresh code acts. Each case's admin is one of its own (its own budget of wrong codes).
 */
const t = productTestbed({
  products: () => ({}),
  parts: () => ({ routes: [] }),
  operator: 'desk-codes@openex.test',
});
const EN = MESSAGES.en_US;
let made = 0;

interface Standing {
  roles: OperatorRole[];
  disabled: boolean;
}
const standingOf = async (id: number): Promise<Standing | undefined> =>
  (await t.db.query<Standing>('select roles, disabled_at is not null as disabled from operator_account where user_id = $1', [id]))[0];
const accountOf = async (account: string) => (await t.db.query<{ id: number }>('select id from app_user where account = $1', [account]))[0];

/** The audit rows of `kind` on operator `id` (a creation's: on the account it asked for), oldest first. */
const audit = async (kind: string, id: number | string) =>
  (
    await t.db.query<{ outcome: string; detail: string }>(
      `select outcome, detail from operator_audit_log where kind = $1 and (object_id = $2 or (object_id = '' and after->>'account' = $2)) order by id`,
      [kind, String(id)],
    )
  ).map((r) => [r.outcome, r.detail]);

/** One of the desk's changes: its path, its body for a target, and how a target of it is made and stands. */
interface DeskChange {
  name: string;
  kind: string;
  path: string;
  /** A target the change may act on: an operator's id, or a new account's name. */
  target(): Promise<number | string>;
  body(target: number | string): object;
  /** What the target is as long as nothing changed it. */
  unchanged(target: number | string): Promise<unknown>;
}

const operator = async (disabled = false): Promise<number> => {
  const op = await deskOperator(t.app, t.operator, ['support']);
  if (disabled) expectOk(await t.post(t.operator, OPERATOR_PATHS.disable, { id: op.id, code: await adminCode(t.operator) }));
  return op.id;
};
const standing = (id: number | string) => standingOf(Number(id));

const CHANGES: DeskChange[] = [
  {
    name: 'create',
    kind: 'operator.create',
    path: OPERATOR_PATHS.create,
    target: async () => `desk-codes-new-${++made}-${process.pid}@openex.test`,
    body: (account) => ({ account, password: DESK_INITIAL_PASSWORD, roles: ['finance'] }),
    unchanged: async (account) => accountOf(String(account)),
  },
  { name: 'disable', kind: 'operator.disable', path: OPERATOR_PATHS.disable, target: () => operator(), body: (id) => ({ id }), unchanged: standing },
  { name: 'enable', kind: 'operator.enable', path: OPERATOR_PATHS.enable, target: () => operator(true), body: (id) => ({ id }), unchanged: standing },
  { name: 'set roles', kind: 'operator.set_roles', path: OPERATOR_PATHS.setRoles, target: () => operator(), body: (id) => ({ id, roles: ['finance', 'admin'] }), unchanged: standing },
];

describe.each(CHANGES)('the operators desk ($name) asks the admin’s 2FA code', (change) => {
  it('refuses no code, a wrong one and one used already, each audited as refused and changing nothing; a fresh one acts', async () => {
    // The environment's operator, who gives access alone: an admin's grant is only asked for
    // (operatorAccessRequests.test.ts), and the approval asks the approver's code the same way.
    const admin = { headers: t.operator };
    await adminCode(t.operator); // its 2FA on (support/operators.ts recoveryCodesOf)
    const target = await change.target();
    const other = await change.target();
    const send = (to: number | string, code?: string) => t.post<OperatorView>(admin.headers, change.path, { ...change.body(to), ...(code === undefined ? {} : { code }) });
    const before = await change.unchanged(target);

    expectRefusal(await send(target), 400, EN.twoFactorRequired);
    expectRefusal(await send(target, '000000'), 400, EN.twoFactorWrong);
    const used = await adminCode(admin.headers);
    expectOk(await send(other, used));
    expectRefusal(await send(target, used), 400, EN.twoFactorWrong);
    expect(await change.unchanged(target)).toEqual(before);
    expect(await audit(change.kind, target)).toEqual([
      ['refused', 'twoFactorRequired'],
      ['refused', 'twoFactorWrong'],
      ['refused', 'twoFactorWrong'],
    ]);

    expectOk(await send(target, await adminCode(admin.headers)));
    expect(await change.unchanged(target)).not.toEqual(before);
    const created = typeof target === 'string' ? (await accountOf(target))!.id : target;
    expect((await audit(change.kind, created)).at(-1)).toEqual(['done', '']);
  });
});

describe('an admin without 2FA on', () => {
  it('is refused every change in the desk’s words, audited, before any code is looked at', async () => {
    // Made before `bare`, which takes over being the environment's operator (and giving access alone).
    const target = await operator();
    // Made as the environment's operator is (every role, no 2FA); a session opened some other way.
    const bare = { token: await signInOperator(t.db, 'desk-codes-bare@openex.test') };
    const before = await standingOf(target);
    for (const change of CHANGES) {
      const to = change.name === 'create' ? await change.target() : target;
      expectRefusal(await t.post(bare, change.path, { ...change.body(to), code: '123456' }), 400, EN.operatorDeskTwoFactorRequired);
      expect(await audit(change.kind, to)).toEqual([['refused', 'operatorDeskTwoFactorRequired']]);
    }
    expect(await standingOf(target)).toEqual(before);
  });
});

import { describe, expect, it, beforeAll } from 'vitest';
import { OPERATOR_PATHS, type OperatorAccessPending, type OperatorAuditExport, type OperatorAuditPage, type OperatorView } from '../../domain/operators.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { writeOperatorAudit } from '../../server/kernel/platform/auth/operators/auditLog.js';
import { auditBooks } from '../../server/products/audit.js';
import { kyc } from '../../server/products/kyc/kyc.js';
import { kycOperatorRoutes } from '../../server/products/kyc/operatorRoutes.js';
import { expectOk, expectRefusal } from './http.js';
import { productTestbed } from './support/productTestbed.js';
import { adminCode, auditMark, auditRowsAfter, DESK_INITIAL_PASSWORD, DESK_PASSWORD, deskOperator, signInAnswer, type TestOperator } from './support/operators.js';

/**
 * Issue 51 §1–§2 on the server: the admin's operators desk (each call one audit row, in its
 * transaction), sign-ins in the log, a disabled operator out at once, the log append-only in the
 * database and its hash chain checked by the ledger audit, the auditor's search and CSV export,
 * and an identity review audited with its change.
 */
const EN = MESSAGES.en_US;
const CHIEF = 'chief@openex.test';
const t = productTestbed({
  products: ({ db, now }) => kyc({ db, dataDir: '/nonexistent', now }),
  parts: (k) => ({ routes: [kycOperatorRoutes(k)] }),
  operator: CHIEF,
  users: { tag: 'audit' },
});

let admin: TestOperator;
/** The second admin, whose approval a change that gives access waits for (accessRequests.ts). */
let second: TestOperator;
let chiefId: number;
beforeAll(async () => {
  admin = await deskOperator(t.app, t.operator, ['admin']);
  second = await deskOperator(t.app, t.operator, ['admin']);
  chiefId = Number((await t.db.query<{ id: number }>('select id from app_user where account = $1', [CHIEF]))[0]!.id);
});

/** Password and code, as the console sends them (a new operator enrols at its first sign-in). */
const signIn = (account: string, password: string, remoteAddress = '10.9.0.1') => signInAnswer(t.app, account, password, remoteAddress);

/** Runs `act` and answers the audit rows it wrote. */
async function rowsOf(act: () => Promise<unknown>) {
  const mark = await auditMark(t.db);
  await act();
  return auditRowsAfter(t.db, mark);
}

describe('the operators desk: every action, one audit row', () => {
  it('create, set roles, disable and enable each write exactly one row with the values before and after', async () => {
    /** What `admin` asks for, then the second admin's approval: one row each, the approval's naming the request and its asker. */
    const askedThenApproved = async (path: string, body: object) => {
      let request = 0;
      const asked = await rowsOf(async () => {
        request = expectOk(await t.post<OperatorAccessPending>(admin.headers, path, { ...body, code: await adminCode(admin.headers) })).request.id;
      });
      expect(asked).toEqual([expect.objectContaining({ operator_id: admin.id, kind: 'operator.access_request', outcome: 'done' })]);
      let view: OperatorView | undefined;
      const approved = await rowsOf(async () => {
        view = expectOk(await t.post<OperatorView>(second.headers, OPERATOR_PATHS.approveAccess, { id: request, code: await adminCode(second.headers) }));
      });
      expect(approved).toHaveLength(1);
      expect(approved[0]).toMatchObject({ operator_id: second.id, outcome: 'done', after: { request, requested_by: admin.account } });
      return { view: view!, row: approved[0]! };
    };
    const created = await askedThenApproved(OPERATOR_PATHS.create, { account: ' New.Hand@OpenEx.test ', password: DESK_INITIAL_PASSWORD, roles: ['support', 'finance'] });
    const made = created.view;
    expect(made).toMatchObject({ account: 'new.hand@openex.test', roles: ['finance', 'support'], disabled: false, from_environment: false });
    expect(created.row).toMatchObject({ kind: 'operator.create', object_type: 'operator', object_id: String(made.id), roles: ['admin'], after: { account: 'new.hand@openex.test', roles: ['finance', 'support'] } });
    expect(created.row.client).toBeTruthy();
    expect(expectOk(await t.post<OperatorView[]>(t.operator, OPERATOR_PATHS.operators, {})).map((o) => o.account)).toContain('new.hand@openex.test');

    const roles = await askedThenApproved(OPERATOR_PATHS.setRoles, { id: made.id, roles: ['auditor'] });
    expect(roles.row).toMatchObject({ kind: 'operator.set_roles', before: { roles: ['finance', 'support'] }, after: { roles: ['auditor'] } });

    const hand = await signIn('new.hand@openex.test', DESK_INITIAL_PASSWORD);
    expect(hand.data!.operator.roles).toEqual(['auditor']);
    // Taking access away is one admin's, at once.
    const disabled = await rowsOf(async () => expectOk(await t.post(admin.headers, OPERATOR_PATHS.disable, { id: made.id, code: await adminCode(admin.headers) })));
    expect(disabled).toEqual([expect.objectContaining({ kind: 'operator.disable', before: { disabled: false }, after: { disabled: true } })]);
    // Its session ended with the disable, and it cannot sign in (audited too).
    expectRefusal(await t.post({ token: hand.data!.token }, OPERATOR_PATHS.audit, { page: 1 }), 403, EN.notLoggedIn);
    const refusedSignIn = await rowsOf(async () => expect(await signIn('new.hand@openex.test', DESK_PASSWORD)).toMatchObject({ code: 400, msg: EN.operatorDisabled }));
    expect(refusedSignIn).toEqual([expect.objectContaining({ operator_id: made.id, kind: 'operator.sign_in', outcome: 'refused', detail: 'operatorDisabled' })]);

    const enabled = await askedThenApproved(OPERATOR_PATHS.enable, { id: made.id });
    expect(enabled.row).toMatchObject({ kind: 'operator.enable', before: { disabled: true }, after: { disabled: false } });
    expect((await signIn('new.hand@openex.test', DESK_PASSWORD)).code).toBe(200);
  });

  it('each refused action also writes exactly one row, refused, with its reason', async () => {
    const other = await deskOperator(t.app, t.operator, ['risk']);
    const cases: Array<[string, object, string]> = [
      [OPERATOR_PATHS.disable, { id: admin.id }, 'operatorNotYourself'],
      [OPERATOR_PATHS.setRoles, { id: admin.id, roles: ['auditor'] }, 'operatorNotYourself'],
      [OPERATOR_PATHS.disable, { id: chiefId }, 'operatorFromEnvironment'],
      [OPERATOR_PATHS.setRoles, { id: chiefId, roles: ['support'] }, 'operatorFromEnvironment'],
      [OPERATOR_PATHS.enable, { id: 99_999_999 }, 'operatorNotFound'],
      [OPERATOR_PATHS.create, { account: other.account, password: DESK_PASSWORD, roles: ['risk'] }, 'operatorAccountTaken'],
      [OPERATOR_PATHS.create, { account: 'weak@openex.test', password: 'password1', roles: ['risk'] }, 'operatorPasswordWeak'],
      [OPERATOR_PATHS.create, { account: 'two words', password: DESK_PASSWORD, roles: ['risk'] }, 'operatorAccountInvalid'],
      // A zero-width space or a look-alike letter would read in the log as another operator's name.
      [OPERATOR_PATHS.create, { account: `${other.account}\u200b`, password: DESK_PASSWORD, roles: ['risk'] }, 'operatorAccountInvalid'],
      [OPERATOR_PATHS.create, { account: 'оp_finance', password: DESK_PASSWORD, roles: ['risk'] }, 'operatorAccountInvalid'],
      // The environment's operator is changed only there: not its 2FA either (a reset signed it out and left its enrolment to its password's holder).
      [OPERATOR_PATHS.resetTwoFactor, { id: chiefId }, 'operatorFromEnvironment'],
    ];
    for (const [path, body, key] of cases) {
      const rows = await rowsOf(async () => expectRefusal(await t.post(admin.headers, path, { ...body, code: await adminCode(admin.headers) }), 400, EN[key as keyof typeof EN]));
      expect([path, rows]).toEqual([path, [expect.objectContaining({ operator_id: admin.id, outcome: 'refused', detail: key })]]);
    }
    // Giving oneself more roles is not a lockout: it is asked for, as any grant (a second admin approves).
    expect(expectOk(await t.post<OperatorAccessPending>(admin.headers, OPERATOR_PATHS.setRoles, { id: admin.id, roles: ['admin', 'auditor'], code: await adminCode(admin.headers) })).request).toMatchObject({ kind: 'operator.set_roles', state: 'pending' });
  });

  it('a body its schema refuses changes nothing and writes nothing', async () => {
    for (const body of [{ account: 'x@openex.test', password: DESK_PASSWORD }, { account: 'x@openex.test', password: DESK_PASSWORD, roles: [] }, { account: 'x@openex.test', password: DESK_PASSWORD, roles: ['root'] }]) {
      expect(await rowsOf(async () => expectRefusal(await t.post(admin.headers, OPERATOR_PATHS.create, body), 400))).toEqual([]);
    }
    expect(await rowsOf(async () => expectRefusal(await t.post(admin.headers, OPERATOR_PATHS.disable, { id: '1' }), 400))).toEqual([]);
  });
});

describe('sign-ins in the log', () => {
  it('a success with the client address, a wrong password, and an unknown account (no operator id, the name typed)', async () => {
    const ok = await rowsOf(async () => expect((await signIn(admin.account, DESK_PASSWORD, '10.9.1.1')).code).toBe(200));
    expect(ok).toEqual([expect.objectContaining({ operator_id: admin.id, kind: 'operator.sign_in', outcome: 'done', client: '10.9.1.1' })]);
    const wrong = await rowsOf(async () => expect((await signIn(admin.account, 'Not-the-password-1', '10.9.1.2')).msg).toBe(EN.loginFailed));
    expect(wrong).toEqual([expect.objectContaining({ operator_id: admin.id, outcome: 'refused', detail: 'loginFailed' })]);
    const unknown = await rowsOf(() => signIn('=Nobody@OpenEx.test', 'Not-the-password-1', '10.9.1.3'));
    expect(unknown).toEqual([expect.objectContaining({ operator_id: null, outcome: 'refused', roles: [] })]);
  });
});

describe('identity review is audited in its transaction', () => {
  it('approve and reject each write one row; a second review changes nothing and is one refused row', async () => {
    const submit = async () => {
      const user = await t.user();
      const [row] = await t.db.query<{ id: number }>(`insert into kyc_submission (user_id, real_name, id_number, front_photo, back_photo) values ($1, 'Ada', 'X1', 'f', 'b') returning id`, [user.id]);
      await t.db.query('update app_user set name_status = 2 where id = $1', [user.id]);
      return { id: Number(row!.id), user };
    };
    const compliance = await deskOperator(t.app, t.operator, ['compliance']);
    const first = await submit();
    const approved = await rowsOf(async () => expectOk(await t.post(compliance.headers, '/api/operator/kyc/approve', { id: first.id, code: t.operatorCode(compliance) })));
    expect(approved).toEqual([expect.objectContaining({ operator_id: compliance.id, roles: ['compliance'], kind: 'kyc.approve', object_type: 'kyc_submission', object_id: String(first.id), before: { status: 2 }, after: { status: 3, user_id: first.user.id } })]);
    // Every attempt is in the log (docs/OPERATOR.md "The audit log"): the repeat as refused, with why, and no before/after.
    expect(await rowsOf(async () => expectRefusal(await t.post(compliance.headers, '/api/operator/kyc/approve', { id: first.id, code: t.operatorCode(compliance) }), 400))).toEqual([
      expect.objectContaining({ operator_id: compliance.id, kind: 'kyc.approve', object_id: String(first.id), outcome: 'refused', detail: 'kycNotPending', before: null, after: null }),
    ]);
    const second = await submit();
    const rejected = await rowsOf(async () => expectOk(await t.post(compliance.headers, '/api/operator/kyc/reject', { id: second.id, reason: 'Blurred photo', code: t.operatorCode(compliance) })));
    expect(rejected).toEqual([expect.objectContaining({ kind: 'kyc.reject', after: { status: 4, user_id: second.user.id, reason: 'Blurred photo' } })]);
  });
});

describe('the audit desk', () => {
  it('searches by operator, kind, object, outcome and dates, newest first and paged', async () => {
    const search = async (body: object) => expectOk(await t.post<OperatorAuditPage>(t.operator, OPERATOR_PATHS.audit, { page: 1, ...body }));
    const mine = await search({ operator_id: admin.id, kind: 'operator.create', size: 100 });
    expect(mine.total).toBeGreaterThan(4);
    expect(mine.list.every((r) => r.operator_id === admin.id && r.kind === 'operator.create')).toBe(true);
    expect(mine.list.map((r) => r.id)).toEqual([...mine.list.map((r) => r.id)].sort((a, b) => b - a));
    const paged = await search({ operator_id: admin.id, kind: 'operator.create', size: 2, page: 2 });
    expect(paged).toMatchObject({ total: mine.total, page: 2, size: 2, list: mine.list.slice(2, 4) });
    expect((await search({ object_type: 'operator', object_id: String(admin.id), outcome: 'refused' })).list.every((r) => r.outcome === 'refused' && r.object_id === String(admin.id))).toBe(true);
    const latest = mine.list[0]!;
    expect((await search({ from: latest.at + 60_000 })).total).toBe(0);
    expect((await search({ to: latest.at + 1, from: latest.at - 1, operator_id: admin.id })).list.map((r) => r.id)).toContain(latest.id);
    expect(latest.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('exports CSV in chain order, safe for spreadsheets, and writes the export itself to the log', async () => {
    let exported: OperatorAuditExport | undefined;
    const rows = await rowsOf(async () => {
      exported = expectOk(await t.post<OperatorAuditExport>(t.operator, OPERATOR_PATHS.auditExport, { kind: 'operator.sign_in', outcome: 'refused' }));
    });
    const lines = exported!.csv.trimEnd().split('\r\n');
    expect(exported!.rows).toBe(lines.length - 1);
    expect(lines[0]).toBe('id,at,operator_id,operator_account,roles,client,kind,object_type,object_id,outcome,detail,before,after,prev_hash,hash');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((l) => l.includes(',operator.sign_in,') && l.includes(',refused,'))).toBe(true);
    // The name typed at a sign-in is the sender's text: a formula is defused with an apostrophe.
    expect(lines.some((l) => l.includes(",'=nobody@openex.test,"))).toBe(true);
    expect(rows).toEqual([expect.objectContaining({ kind: 'audit.export', after: { filters: { kind: 'operator.sign_in', outcome: 'refused' }, rows: lines.length - 1 } })]);
  });
});

describe('the audit desk: the kind filter is one of the kinds the server writes', () => {
  const search = (body: object, lang = 'en_US') => t.post<OperatorAuditPage>(t.operator, OPERATOR_PATHS.audit, { page: 1, size: 100, ...body }, { lang });

  it('finds exactly that kind: fees.override, not fees.override_end beside it', async () => {
    // Written as the fees desk writes them: one kind is the other's prefix, so a prefix match would mix them.
    const actor = { id: admin.id, client: '10.9.0.7' };
    await t.db.transaction((tx) => writeOperatorAudit(tx, { operator: actor, kind: 'fees.override', object: { type: 'fee_override', id: 'kind-filter' } }));
    await t.db.transaction((tx) => writeOperatorAudit(tx, { operator: actor, kind: 'fees.override_end', object: { type: 'fee_override', id: 'kind-filter' } }));
    const found = expectOk(await search({ kind: 'fees.override', object_id: 'kind-filter' }));
    expect(found.list.map((r) => r.kind)).toEqual(['fees.override']);
    expect(expectOk(await search({ kind: 'fees.override_end', object_id: 'kind-filter' })).list.map((r) => r.kind)).toEqual(['fees.override_end']);
    expect(expectOk(await search({ object_id: 'kind-filter' })).total).toBe(2);
  });

  it('refuses a kind not in the list (a prefix, an unknown name), translated, in the envelope, for the search and the export alike', async () => {
    for (const kind of ['fees.', 'operator.', 'no.such_kind', '']) {
      const mark = await auditMark(t.db);
      expectRefusal(await search({ kind }), 400, MESSAGES.en_US.invalidFieldNamed.replace('{label}', MESSAGES.en_US.fieldKind).replace('{field}', 'kind'));
      expectRefusal(await t.post(t.operator, OPERATOR_PATHS.auditExport, { kind }), 400, MESSAGES.en_US.invalidFieldNamed.replace('{label}', MESSAGES.en_US.fieldKind).replace('{field}', 'kind'));
      // Nothing left the building, so the refused export wrote no row.
      expect(await auditMark(t.db)).toBe(mark);
    }
    expectRefusal(await search({ kind: 'no.such_kind' }, 'de_DE'), 400, MESSAGES.de_DE.invalidFieldNamed.replace('{label}', MESSAGES.de_DE.fieldKind).replace('{field}', 'kind'));
  });
});

describe('append-only, and the chain the ledger audit checks', () => {
  const refusedBy = async (sql: string) => {
    const error = await t.db.query(sql).then(() => undefined, (e: unknown) => e as { code?: string });
    return error?.code;
  };

  it('the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await auditMark(t.db);
    expect(await refusedBy(`update operator_audit_log set detail = 'rewritten' where id = 1`)).toBe('OXA01');
    expect(await refusedBy('delete from operator_audit_log where id = 1')).toBe('OXA01');
    expect(await refusedBy('truncate operator_audit_log')).toBe('OXA01');
    expect(await auditMark(t.db)).toBe(before);
  });

  it('writers at once still make one chain: 20 refusals and 20 refused sign-ins in parallel, no fork, no gap', async () => {
    const risk = await deskOperator(t.app, t.operator, ['risk']);
    const mark = await auditMark(t.db);
    await Promise.all([
      ...Array.from({ length: 20 }, () => t.post(risk.headers, OPERATOR_PATHS.operators, {})),
      // Wrong passwords from 20 addresses: each attempt is a row (a right one without its code is not yet a sign-in).
      // Sent without a code, as the password is refused before any code is read: 20 codes of one
      // secret would need 20 steps of 30 s.
      ...Array.from({ length: 20 }, (_, i) => t.app.inject({ method: 'POST', url: OPERATOR_PATHS.login, payload: { account: risk.account, password: 'Not-the-password-1' }, remoteAddress: `10.9.2.${i + 1}` })),
    ]);
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 40 }, (_, i) => mark + i + 1));
    expect(await auditBooks(t.db)).toEqual([]);
  });

  it('catches an edited row, a deleted row and a re-hashed edit (the triggers switched off to simulate them)', async () => {
    expect(await auditBooks(t.db)).toEqual([]);
    const [victim] = await t.db.query<{ id: number; detail: string }>('select id, detail from operator_audit_log where id = 2');
    await t.db.query('alter table operator_audit_log disable trigger user');
    try {
      await t.db.query(`update operator_audit_log set detail = 'nothing to see' where id = 2`);
      expect(await auditBooks(t.db)).toEqual(['operator audit log broken at row 2: its content does not give its hash (edited)']);
      // Re-hashing the edited row moves the break to the next row's link.
      await t.db.query('update operator_audit_log l set hash = operator_audit_hash(l) where id = 2');
      expect(await auditBooks(t.db)).toEqual(["operator audit log broken at row 3: its prev_hash is not the previous row's hash"]);
      await t.db.query('update operator_audit_log set detail = $1 where id = 2', [victim!.detail]);
      await t.db.query('update operator_audit_log l set hash = operator_audit_hash(l) where id = 2');
      expect(await auditBooks(t.db)).toEqual([]);
      // Kept as jsonb, so the time goes back to the microsecond its hash covers.
      const [kept] = await t.db.query<{ row: string }>('select to_jsonb(l)::text as row from operator_audit_log l where id = 4');
      await t.db.query('delete from operator_audit_log where id = 4');
      expect(await auditBooks(t.db)).toEqual(['operator audit log broken at row 5: rows are missing before it']);
      await t.db.query('insert into operator_audit_log select * from jsonb_populate_record(null::operator_audit_log, $1::jsonb)', [kept!.row]);
    } finally {
      await t.db.query('alter table operator_audit_log enable trigger user');
    }
    await t.expectAuditClean();
  });
});

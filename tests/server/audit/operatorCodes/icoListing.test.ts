import { describe, expect, it } from 'vitest';
import { ICO_PATHS, type IcoProject, type IcoProjectInput } from '../../../../domain/ico.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { HOUR, useIco } from '../../ico/harness.js';
import { adminCode, auditMark, auditRowsAfter } from '../../support/operators.js';

/**
 * An ICO project saved as listed opens a spot market (at once if settled, else at its settlement),
 * as a market listing does (wallet/listing), so the save that lists it asks the operator's own 2FA
 * code (the house rule; docs/OPERATOR.md "What each call needs"): without 2FA on, no code, a wrong
 * one and a code used once already are each refused, written to the audit log as refused, and
 * change nothing; a fresh code lists it. A save that lists nothing (unlisted, or listed already)
 * asks none.
 */
const t = useIco();
const EN = MESSAGES.en_US;

const send = (body: IcoProjectInput & { totp_code?: string }) => t.post<IcoProject>(t.operator, ICO_PATHS.operatorSave, body as object);
const fresh = (): IcoProjectInput => t.projectInput({ name: 'Coded token', description: { en_US: 'A project listed with a code' }, max_quantity: '1000', release_period_ms: HOUR });
const listedOf = async (id: number) => (await t.db.query<{ listed: boolean }>('select listed from ico_project where id = $1', [id]))[0]?.listed;
const projectCount = async () => Number((await t.db.query<{ n: number }>('select count(*)::int as n from ico_project'))[0]!.n);

describe('an ICO project’s listing asks the operator’s 2FA code', () => {
  it('refuses a listed new project and a listing edit without a valid code, audited as refused and changing nothing; a fresh code lists', async () => {
    const mark = await auditMark(t.db);
    const created = await projectCount();
    // The test bed's operator has no 2FA on until its first code is asked of it.
    expectRefusal(await send({ ...fresh(), listed: true }), 400, EN.icoTwoFactorRequired);
    const used = await adminCode(t.operator);
    expectRefusal(await send({ ...fresh(), listed: true }), 400, EN.twoFactorRequired);
    expect(await projectCount()).toBe(created);

    // An unlisted project is saved without a code; listing it asks one.
    const p = expectOk(await send(fresh()));
    expectRefusal(await send({ id: p.id, listed: true }), 400, EN.twoFactorRequired);
    expectRefusal(await send({ id: p.id, listed: true, totp_code: '000000' }), 400, EN.twoFactorWrong);
    expectOk(await send({ ...fresh(), listed: true, totp_code: used }));
    expectRefusal(await send({ id: p.id, listed: true, totp_code: used }), 400, EN.twoFactorWrong);
    expect(await listedOf(p.id)).toBe(false);
    expectOk(await send({ id: p.id, listed: true, totp_code: await adminCode(t.operator) }));
    expect(await listedOf(p.id)).toBe(true);
    // Listed already: an edit keeping it listed lists nothing new and asks no code.
    expectOk(await send({ id: p.id, name: 'Coded token renamed', listed: true }));

    const rows = (await auditRowsAfter(t.db, mark)).map((r) => [r.kind, r.object_id, r.outcome, r.detail]);
    expect(rows).toEqual([
      ['ico.project_create', 'new', 'refused', 'icoTwoFactorRequired'],
      ['ico.project_create', 'new', 'refused', 'twoFactorRequired'],
      ['ico.project_create', String(p.id), 'done', ''],
      ['ico.project_save', String(p.id), 'refused', 'twoFactorRequired'],
      ['ico.project_save', String(p.id), 'refused', 'twoFactorWrong'],
      ['ico.project_create', expect.any(String), 'done', ''],
      ['ico.project_save', String(p.id), 'refused', 'twoFactorWrong'],
      ['ico.project_save', String(p.id), 'done', ''],
      ['ico.project_save', String(p.id), 'done', ''],
    ]);
  });

  it('writes a refused save as a refused row too: a project that does not pass its checks changes nothing and is in the log', async () => {
    const mark = await auditMark(t.db);
    const created = await projectCount();
    expectRefusal(await send({ ...fresh(), symbol: 'bad symbol' }), 400, EN.icoProjectInvalid.replace('{field}', 'symbol'));
    const p = expectOk(await send(fresh()));
    expectRefusal(await send({ id: p.id, end_at: p.start_at - 1 } as IcoProjectInput), 400, EN.icoProjectInvalid.replace('{field}', 'end_at'));
    expect(await projectCount()).toBe(created + 1);
    expect((await auditRowsAfter(t.db, mark)).map((r) => [r.kind, r.object_id, r.outcome, r.detail])).toEqual([
      ['ico.project_create', 'new', 'refused', 'icoProjectInvalid'],
      ['ico.project_create', String(p.id), 'done', ''],
      ['ico.project_save', String(p.id), 'refused', 'icoProjectInvalid'],
    ]);
  });
});

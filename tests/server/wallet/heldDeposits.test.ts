import { describe, expect, it } from 'vitest';
import { addDecimal } from '../../../domain/decimal.js';
import { DepositStatus, WALLET_PATHS, type DepositRecord, type HeldDeposit, type HeldDepositResolution, type Page } from '../../../domain/wallet.js';
import { STEP_UP_MS } from '../../../server/kernel/platform/auth/operators/stepUp.js';
import { MESSAGES, translate } from '../../../server/kernel/platform/i18n/messages.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { SimulatedChain } from '../../../server/products/wallet/chain/simulatedChain.js';
import { wallet } from '../../../server/products/wallet/wallet.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { testAppRoutes } from '../buildApp.js';
import { expectOk, expectRefusal } from '../http.js';
import { auditMark, auditRowsAfter, deskOperator, type TestOperator } from '../support/operators.js';
import { productTestbed } from '../support/productTestbed.js';
import { productAccountRules } from '../support/walletAccounts.js';
import type { TestUser } from '../support/users.js';
import { expectLedgerConsistent, expectTotalsMatchChain, recordingFeed } from './harness.js';

/**
 * Held deposits resolved by a finance operator (issue 52 leftover; docs/OPERATOR.md "Held
 * deposits"): a below-minimum one credited once, as a confirmed deposit is (the deposit kind, the
 * network's deposit fee, the notice, the pushes); a second credit refused as already resolved; a
 * delisted currency's refused on credit and returned on the chain (status 5, nothing moves); other
 * roles refused with 403; a wrong 2FA code refused and audited; within the operator session's
 * step-up window (audit/operatorCodes/stepUp.test.ts) credit and return need no code, their audit
 * rows saying until when, and outside it no code is refused; the ledger audit clean throughout.
 */
const EN = MESSAGES.en_US;
const t = productTestbed({
  products: ({ db, now }) => {
    const chain = new SimulatedChain({ blockMs: 60_000 });
    const feed = recordingFeed();
    const walletProduct = wallet({ db, chain, feed, now, accounts: productAccountRules() });
    chain.connect(walletProduct.chainEvents);
    return { chain, feed, wallet: walletProduct };
  },
  parts: (p, db) => ({ routes: testAppRoutes({ db, rates: databaseFiatRates(db), wallet: p.wallet, chainSimulator: p.chain }), stop: () => p.chain.stop() }),
  operator: 'held-deposits-chief@openex.test',
  users: { tag: 'held' },
});

const list = (op: TestOperator) => t.post<Page<HeldDeposit>>(op.headers, WALLET_PATHS.operatorHeldDeposits, { page: 1 });
const creditHeld = (op: TestOperator, id: number, totp_code?: string) =>
  t.post<HeldDepositResolution>(op.headers, WALLET_PATHS.operatorCreditHeldDeposit, { id, ...(totp_code === undefined ? {} : { totp_code }) });
const returnHeld = (op: TestOperator, id: number, address: string, totp_code?: string, lang = 'en_US') =>
  t.post<HeldDepositResolution>({ ...op.headers, lang }, WALLET_PATHS.operatorReturnHeldDeposit, { id, address, ...(totp_code === undefined ? {} : { totp_code }) });

/** A transfer from outside to the user's deposit address on `network`, as the chain reports it. */
async function arrive(user: TestUser, currency: string, network: string, quantity: string): Promise<DepositRecord> {
  const { address } = expectOk(await t.post<{ address: string }>(user, WALLET_PATHS.depositAddress, { currency, network }));
  return expectOk(await t.post<DepositRecord>(undefined, WALLET_PATHS.simulateDeposit, { address, currency, network, quantity }));
}

/** Runs `act`; answers its result and the audit rows it wrote. */
async function audited<T>(act: () => Promise<T>) {
  const mark = await auditMark(t.db);
  const result = await act();
  return { result, rows: await auditRowsAfter(t.db, mark) };
}

/** What a refusal must leave as it was: every balance, ledger row and notice, and the deposit's row. */
async function snapshot(id: number) {
  const balances = await t.db.query('select user_id, currency, account, available::text, frozen::text from balance order by 1, 2, 3');
  const [entries] = await t.db.query<{ n: number }>('select count(*)::int as n from ledger_entry');
  const [notices] = await t.db.query<{ n: number }>('select count(*)::int as n from notification');
  const [row] = await t.db.query('select status, held_reason, return_address, return_tx_hash, resolved_by from deposit where id = $1', [id]);
  return { balances, entries: entries!.n, notices: notices!.n, row };
}

const RETURN_TO = '0x52908400098527886e0f7030069857d2e4169ee7';
const ops = t.deskOperators({ fiona: ['finance'], frank: ['finance'] });

describe('held deposits on the operator desk', () => {
  it('a below-minimum deposit is listed, credited once with the network fee and the notice; a second credit is refused', async () => {
    const user = await t.user();
    const held = await arrive(user, 'USDT', 'ERC20', '9.99');
    expect(held).toMatchObject({ status: DepositStatus.held, held_reason: 'below_minimum', fee: '0' });
    // The fee the credit takes is the network's at the credit.
    await t.db.query(`update currency_network set deposit_fee = 0.5 where currency = 'USDT' and network = 'ERC20'`);

    const page = expectOk(await list(ops.fiona));
    const [{ account }] = (await t.db.query<{ account: string }>('select account from app_user where id = $1', [user.id])) as [{ account: string }];
    expect(page.list[0]).toEqual({ id: held.id, user_id: user.id, account, currency: 'USDT', network: 'ERC20', quantity: '9.99', tx_hash: held.tx_hash, held_reason: 'below_minimum', created_at: held.created_at });

    // Two finance operators at once: one credits it, the other finds it resolved.
    const fees = await systemAccountId(t.db, 'fees');
    const feesBefore = (await readBalance(t.db, fees, 'USDT')).available;
    const mark = await auditMark(t.db);
    const [a, b] = await Promise.all([creditHeld(ops.fiona, held.id, t.operatorCode(ops.fiona)), creditHeld(ops.frank, held.id, t.operatorCode(ops.frank))]);
    const [done, refused] = a.body.code === 200 ? [a, b] : [b, a];
    expect(done.body.msg).toBe(EN.walletHeldDepositCredited);
    expect(expectOk(done)).toEqual({ id: held.id, status: DepositStatus.success, fee: '0.5', credited: '9.49' });
    expectRefusal(refused, 400, EN.walletHeldDepositResolved);
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows.map((r) => [r.kind, r.outcome, r.object_type, r.object_id]).sort()).toEqual([
      ['deposit.credit', 'done', 'deposit', String(held.id)],
      ['deposit.credit', 'refused', 'deposit', String(held.id)],
    ]);
    expect(rows.find((r) => r.outcome === 'done')).toMatchObject({
      before: { status: 4, held_reason: 'below_minimum', user_id: user.id, currency: 'USDT', network: 'ERC20', quantity: '9.99', tx_hash: held.tx_hash },
      after: { status: 3, fee: '0.5', credited: '9.49' },
    });
    expect(rows.find((r) => r.outcome === 'refused')).toMatchObject({ detail: 'walletHeldDepositResolved' });

    // Credited as a confirmed deposit is: the whole quantity in (kind deposit), the fee on to the fee account.
    expect(await readBalance(t.db, user.id, 'USDT')).toEqual({ available: '9.49', frozen: '0' });
    expect((await readBalance(t.db, fees, 'USDT')).available).toBe(addDecimal(feesBefore, '0.5'));
    const entries = await t.db.query(`select kind, trim_scale(available_change)::text as change from ledger_entry where user_id = $1 and ref_type = 'deposit' and ref_id = $2 order by id`, [user.id, held.id]);
    expect(entries).toEqual([
      { kind: 'deposit', change: '9.99' },
      { kind: 'deposit_fee', change: '-0.5' },
    ]);
    expect(await t.db.query('select kind, params from notification where user_id = $1', [user.id])).toEqual([
      { kind: 'deposit_credited', params: { currency: 'USDT', quantity: '9.49', network: 'ERC20' } },
    ]);
    expect(t.products.feed.pushes).toContainEqual({ userId: user.id, rows: [{ currency: 'USDT', account: 'spot' }] });
    expect(t.products.feed.messages).toContainEqual({ userId: user.id, message: expect.objectContaining({ kind: 'wallet', record: 'deposit', id: held.id, status: 3, notice: true }) });
    // The user's history: success, and the fee taken; no longer on the desk.
    const history = expectOk(await t.post<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 3, page: 1 }));
    expect(history.list[0]).toMatchObject({ id: held.id, status: DepositStatus.success, fee: '0.5' });
    expect(expectOk(await list(ops.fiona)).list.map((d) => d.id)).not.toContain(held.id);

    // Once credited, nothing credits it again, and it cannot be returned either.
    const after = await snapshot(held.id);
    expectRefusal(await creditHeld(ops.fiona, held.id, t.operatorCode(ops.fiona)), 400, EN.walletHeldDepositResolved);
    expectRefusal(await returnHeld(ops.fiona, held.id, RETURN_TO, t.operatorCode(ops.fiona)), 400, EN.walletHeldDepositResolved);
    expect(await snapshot(held.id)).toEqual(after);
    await t.db.query(`update currency_network set deposit_fee = 0 where currency = 'USDT' and network = 'ERC20'`);
    // A deposit of the minimum still goes pending → confirming → success on its own (migration 062's check holds for it).
    const normal = await arrive(user, 'USDT', 'TRC20', '5');
    for (let i = 0; i < 10 && (await t.products.wallet.chainEvents.inFlight()).length > 0; i++) await t.products.chain.tick();
    expect(await t.db.query('select status, held_reason, resolved_by from deposit where id = $1', [normal.id])).toEqual([{ status: DepositStatus.success, held_reason: null, resolved_by: null }]);
    expect(await readBalance(t.db, user.id, 'USDT')).toEqual({ available: '14.49', frozen: '0' });
    await expectLedgerConsistent(t.db);
    await expectTotalsMatchChain(t.db);
    await t.expectAuditClean();
  });

  it("a delisted currency's held deposit is refused on credit and returned on the chain: status 5, no balance moves", async () => {
    const user = await t.user();
    const { address } = expectOk(await t.post<{ address: string }>(user, WALLET_PATHS.depositAddress, { currency: 'BNB', network: 'BEP20' }));
    await t.db.query(`update currency set delist_announced_ms = $1, delist_at_ms = $2, delist_reason = 'Project discontinued' where symbol = 'BNB'`, [t.now(), t.now() + 3_600_000]);
    const held = expectOk(await t.post<DepositRecord>(undefined, WALLET_PATHS.simulateDeposit, { address, currency: 'BNB', network: 'BEP20', quantity: '3' }));
    expect(held).toMatchObject({ status: DepositStatus.held, held_reason: 'delisted' });
    const before = await snapshot(held.id);

    const credit = await audited(() => creditHeld(ops.fiona, held.id, t.operatorCode(ops.fiona)));
    expectRefusal(credit.result, 400, EN.walletHeldDepositDelisted.replace('{currency}', 'BNB'));
    expect(credit.rows).toEqual([expect.objectContaining({ operator_id: ops.fiona.id, kind: 'deposit.credit', object_id: String(held.id), outcome: 'refused', detail: 'walletHeldDepositDelisted' })]);
    expect(await snapshot(held.id)).toEqual(before);

    // An address not of the network is refused (as a withdrawal's is), translated, audited.
    const wrong = await audited(() => returnHeld(ops.fiona, held.id, 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', t.operatorCode(ops.fiona), 'de_DE'));
    expectRefusal(wrong.result, 400, translate('de_DE', 'walletAddressInvalid'));
    expect(wrong.rows).toEqual([expect.objectContaining({ kind: 'deposit.return', outcome: 'refused', detail: 'walletAddressInvalid' })]);

    const returned = await audited(() => returnHeld(ops.frank, held.id, ` ${RETURN_TO} `, t.operatorCode(ops.frank)));
    expect(returned.result.body.msg).toBe(EN.walletHeldDepositReturned);
    const resolution = expectOk(returned.result);
    expect(resolution).toEqual({ id: held.id, status: DepositStatus.returned, return_address: RETURN_TO, return_tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(returned.rows).toEqual([
      expect.objectContaining({ operator_id: ops.frank.id, kind: 'deposit.return', object_type: 'deposit', object_id: String(held.id), outcome: 'done', after: { status: 5, return_address: RETURN_TO, return_tx_hash: resolution.return_tx_hash } }),
    ]);
    const after = await snapshot(held.id);
    // No balance or ledger row moves; the user is told, with the address it went to.
    expect(after).toEqual({ ...before, notices: before.notices + 1, row: { status: 5, held_reason: 'delisted', return_address: RETURN_TO, return_tx_hash: resolution.return_tx_hash, resolved_by: expect.anything() } });
    expect(await t.db.query('select kind, params from notification where user_id = $1', [user.id])).toEqual([
      { kind: 'deposit_returned', params: { currency: 'BNB', quantity: '3', network: 'BEP20', address: RETURN_TO } },
    ]);
    expect(Number((after.row as { resolved_by: number }).resolved_by)).toBe(ops.frank.id);
    expect(t.products.feed.messages).toContainEqual({ userId: user.id, message: expect.objectContaining({ record: 'deposit', id: held.id, status: 5, notice: true }) });
    const history = expectOk(await t.post<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 3, page: 1 }));
    expect(history.list[0]).toMatchObject({ id: held.id, status: DepositStatus.returned });

    // Returned once: a second return is refused.
    expectRefusal(await returnHeld(ops.fiona, held.id, RETURN_TO, t.operatorCode(ops.fiona)), 400, EN.walletHeldDepositResolved);
    await expectLedgerConsistent(t.db);
    await expectTotalsMatchChain(t.db);
    await t.expectAuditClean();
  });

  it('a role without the permission gets 403; a wrong or missing 2FA code is refused, audited, and changes nothing', async () => {
    const user = await t.user();
    const held = await arrive(user, 'USDT', 'ERC20', '2');
    const before = await snapshot(held.id);
    const support = await deskOperator(t.app, t.operator, ['support']);
    const auditor = await deskOperator(t.app, t.operator, ['auditor']);
    const forbidden = (answer: { status: number; body: { code: number; data: unknown } }) => expect([answer.status, answer.body.code, answer.body.data]).toEqual([200, 403, { permission: 'deposits.review' }]);
    for (const op of [support, auditor]) {
      forbidden(await creditHeld(op, held.id, t.operatorCode(op)));
      forbidden(await returnHeld(op, held.id, RETURN_TO, t.operatorCode(op)));
    }
    // The auditor reads the desk; support does not.
    expect(expectOk(await list(auditor)).list.map((d) => d.id)).toContain(held.id);
    expect((await list(support)).body).toMatchObject({ code: 403, data: { permission: 'deposits.read' } });

    const wrongCode = t.operatorCode(ops.fiona) === '000000' ? '111111' : '000000';
    const wrong = await audited(() => creditHeld(ops.fiona, held.id, wrongCode));
    expect(wrong.result.body.code).toBe(400);
    expect(wrong.rows).toEqual([expect.objectContaining({ operator_id: ops.fiona.id, kind: 'deposit.credit', object_id: String(held.id), outcome: 'refused' })]);
    // Past the step-up window fiona's last code opened (audit/operatorCodes/stepUp.test.ts): no code is then refused.
    t.advance(STEP_UP_MS);
    const missing = await audited(() => returnHeld(ops.fiona, held.id, RETURN_TO));
    expect(missing.result.body.code).toBe(400);
    expect(missing.rows).toEqual([expect.objectContaining({ kind: 'deposit.return', outcome: 'refused' })]);
    expectRefusal(await creditHeld(ops.fiona, 999_999_999, t.operatorCode(ops.fiona)), 400, EN.walletHeldDepositNotFound);
    expect(await snapshot(held.id)).toEqual(before);
    await t.expectAuditClean();
  });

  it('within the step-up window a credit and a return need no code, each audited with the window’s end; outside it no code is refused', async () => {
    const user = await t.user();
    const [opener, credited, returned, late] = [await arrive(user, 'USDT', 'ERC20', '1'), await arrive(user, 'USDT', 'ERC20', '2'), await arrive(user, 'USDT', 'ERC20', '3'), await arrive(user, 'USDT', 'ERC20', '4')];
    // Past any window an earlier test opened.
    t.advance(STEP_UP_MS);
    const mark = await auditMark(t.db);
    expectRefusal(await creditHeld(ops.frank, credited.id), 400, EN.twoFactorRequired);
    expectRefusal(await returnHeld(ops.frank, returned.id, RETURN_TO), 400, EN.twoFactorRequired);
    expectOk(await creditHeld(ops.frank, opener.id, t.operatorCode(ops.frank)));
    const until = t.now() + STEP_UP_MS;

    t.advance(STEP_UP_MS - 1000);
    expectOk(await creditHeld(ops.frank, credited.id));
    expectOk(await returnHeld(ops.frank, returned.id, RETURN_TO));
    // Another operator's session is not stepped up by frank's code.
    expectRefusal(await creditHeld(ops.fiona, late.id), 400, EN.twoFactorRequired);
    // The window does not slide: at its end no code is refused again, and nothing moves.
    t.advance(1000);
    const before = await snapshot(late.id);
    expectRefusal(await creditHeld(ops.frank, late.id), 400, EN.twoFactorRequired);
    expectRefusal(await returnHeld(ops.frank, late.id, RETURN_TO), 400, EN.twoFactorRequired);
    expect(await snapshot(late.id)).toEqual(before);

    const rows = (await auditRowsAfter(t.db, mark)).map((r) => [r.operator_id, r.kind, Number(r.object_id), r.outcome, r.detail, (r.after as { step_up_until?: number } | null)?.step_up_until]);
    const [frank, fiona] = [ops.frank.id, ops.fiona.id];
    expect(rows).toEqual([
      [frank, 'deposit.credit', credited.id, 'refused', 'twoFactorRequired', undefined],
      [frank, 'deposit.return', returned.id, 'refused', 'twoFactorRequired', undefined],
      [frank, 'deposit.credit', opener.id, 'done', '', undefined],
      [frank, 'deposit.credit', credited.id, 'done', '', until],
      [frank, 'deposit.return', returned.id, 'done', '', until],
      [fiona, 'deposit.credit', late.id, 'refused', 'twoFactorRequired', undefined],
      [frank, 'deposit.credit', late.id, 'refused', 'twoFactorRequired', undefined],
      [frank, 'deposit.return', late.id, 'refused', 'twoFactorRequired', undefined],
    ]);
    await expectLedgerConsistent(t.db);
    await expectTotalsMatchChain(t.db);
    await t.expectAuditClean();
  });
});

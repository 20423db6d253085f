import { beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_PATHS, CORRECTION_TTL_MS, type CorrectionView, type CorrectionsAccountRow } from '../../../domain/corrections.js';
import { WALLET_PATHS, type LedgerRecord, type Page, type WalletOverview } from '../../../domain/wallet.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { CORRECTIONS_ACCOUNT } from '../../../server/products/wallet/corrections/account.js';
import { corrections, type Corrections } from '../../../server/products/wallet/corrections/corrections.js';
import { correctionRoutes } from '../../../server/products/wallet/corrections/routes.js';
import { SimulatedChain } from '../../../server/products/wallet/chain/simulatedChain.js';
import { wallet } from '../../../server/products/wallet/wallet.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { auditBooks } from '../../../server/products/audit.js';
import { userPage } from '../../../server/products/accounts/operatorDesk/userPage.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { testAppRoutes } from '../buildApp.js';
import { expectOk, expectRefusal, type Answer } from '../http.js';
import { auditMark, auditRowsAfter, deskOperator, type TestOperator } from '../support/operators.js';
import { productTestbed, signInOperator } from '../support/productTestbed.js';
import { recordingFeed } from './harness.js';
import { productAccountRules } from '../support/walletAccounts.js';

/**
 * Issue 51 §4 on the server: a correction moves nothing until a different finance operator approves
 * it with their own 2FA code; then one double-entry posting against the "operator corrections"
 * account, the user's ledger row with the reason, a notice, and exactly one audit row, all in one
 * transaction. Refusals (the proposer, a wrong code, an expired or decided proposal, a debit beyond
 * the available balance) change nothing and are audited once; other roles get 403; 20 concurrent
 * approvals execute once; the ledger audit stays clean.
 */
const EN = MESSAGES.en_US;
const t = productTestbed({
  products: ({ db, now }) => {
    const chain = new SimulatedChain({ blockMs: 60_000 });
    const feed = recordingFeed();
    return { chain, feed, wallet: wallet({ db, chain, feed, now, accounts: productAccountRules() }), corrections: corrections({ db, feed, now, accounts: productAccountRules() }) };
  },
  parts: (p, db) => ({
    routes: [...testAppRoutes({ db, rates: databaseFiatRates(db), wallet: p.wallet, chainSimulator: p.chain }), correctionRoutes({ service: p.corrections })],
    stop: () => p.chain.stop(),
  }),
  operator: 'corrections-chief@openex.test',
  users: { tag: 'corrections' },
});

/** An operator made through the admin's desk and enrolled in 2FA at its first sign-in (support/operators.ts). */
type Desk = TestOperator;
const finance = (roles: Parameters<typeof deskOperator>[2] = ['finance']): Promise<Desk> => deskOperator(t.app, t.operator, roles);

const service = (): Corrections => t.products.corrections;
const propose = (op: Desk, body: object) => t.post<CorrectionView>(op.headers, CORRECTION_PATHS.propose, body);
/** The approver's code as every operator call names it, `code` (`totp_code`, its former name here, is still taken: see below). */
const approve = (op: Desk, id: number, code?: string) => t.post<CorrectionView>(op.headers, CORRECTION_PATHS.approve, { id, ...(code === undefined ? {} : { code }) });
const house = () => systemAccountId(t.db, CORRECTIONS_ACCOUNT);

/** What a refusal must leave as it was: every balance and ledger row, and the correction's state. */
async function snapshot(id?: number) {
  const balances = await t.db.query('select user_id, currency, account, available::text, frozen::text from balance order by 1, 2, 3');
  const [entries] = await t.db.query<{ n: number }>('select count(*)::int as n from ledger_entry');
  const [notices] = await t.db.query<{ n: number }>('select count(*)::int as n from notification');
  const state = id === undefined ? undefined : (await t.db.query<{ state: string }>('select state from balance_correction where id = $1', [id]))[0]?.state;
  return { balances, entries: entries!.n, notices: notices!.n, state };
}

/** Runs `act`; answers its result and the audit rows it wrote. */
async function audited<T>(act: () => Promise<T>) {
  const mark = await auditMark(t.db);
  const result = await act();
  return { result, rows: await auditRowsAfter(t.db, mark) };
}

let alice: Desk;
let bob: Desk;
beforeAll(async () => {
  alice = await finance();
  bob = await finance();
});

describe('the approval code’s name', () => {
  it('`totp_code`, the former name, is still taken for one release; `code` wins when both come', async () => {
    const user = await t.user({ funded: { USDT: '10' } });
    const proposal = async () => expectOk(await propose(alice, { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '1', reason: 'Old client' })).id;
    const old = await proposal();
    expect(expectOk(await t.post<CorrectionView>(bob.headers, CORRECTION_PATHS.approve, { id: old, totp_code: t.operatorCode(bob) }))).toMatchObject({ state: 'executed' });
    const both = await proposal();
    expectRefusal(await t.post(bob.headers, CORRECTION_PATHS.approve, { id: both, code: '000000', totp_code: t.operatorCode(bob) }), 400);
    expect(expectOk(await t.post<CorrectionView>(bob.headers, CORRECTION_PATHS.approve, { id: both, code: t.operatorCode(bob), totp_code: '000000' }))).toMatchObject({ state: 'executed' });
  });
});

describe('four eyes', () => {
  it('a proposal moves nothing; its proposer cannot approve it; a second finance operator with 2FA executes it once', async () => {
    const user = await t.user({ funded: { USDT: '100' } });
    const before = await snapshot();
    const proposed = await audited(() => propose(alice, { user_id: user.id, currency: 'usdt', account: 'spot', direction: 'credit', quantity: '25.5000', reason: 'Deposit 0xabc missed by the chain adapter', reference: '0xabc' }));
    const c = expectOk(proposed.result);
    expect(proposed.result.body.msg).toBe(EN.correctionProposed);
    expect(c).toMatchObject({ user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '25.5', state: 'proposed', proposed_by: alice.id, reference: '0xabc', decided_by: null });
    expect(c.expires_at - c.proposed_at).toBe(CORRECTION_TTL_MS);
    expect(proposed.rows).toEqual([expect.objectContaining({ operator_id: alice.id, kind: 'correction.propose', object_type: 'balance_correction', object_id: String(c.id), outcome: 'done' })]);
    expect(await snapshot()).toMatchObject({ balances: before.balances, entries: before.entries, notices: before.notices });

    // The proposer, with a right code: refused, audited once, nothing moves.
    const own = await audited(() => approve(alice, c.id, t.operatorCode(alice)));
    expectRefusal(own.result, 400, EN.correctionOwnProposal);
    expect(own.rows).toEqual([expect.objectContaining({ operator_id: alice.id, kind: 'correction.approve', object_id: String(c.id), outcome: 'refused', detail: 'correctionOwnProposal' })]);
    expect(await snapshot(c.id)).toEqual({ ...before, state: 'proposed' });

    const pnl = async () => expectOk(await t.post<WalletOverview>(user, WALLET_PATHS.overview, {})).today_pnl_usdt;
    const pnlBefore = await pnl();
    const done = await audited(() => approve(bob, c.id, t.operatorCode(bob)));
    // Money an operator credits is value in from outside, not a trading gain: today's P&L stays.
    expect(await pnl()).toBe(pnlBefore);
    expect(done.result.body.msg).toBe(EN.correctionExecuted);
    expect(expectOk(done.result)).toMatchObject({ state: 'executed', decided_by: bob.id, decided_by_account: bob.account });
    expect(done.rows).toEqual([expect.objectContaining({ operator_id: bob.id, kind: 'correction.approve', outcome: 'done', before: { state: 'proposed' }, after: expect.objectContaining({ state: 'executed', quantity: '25.5' }) })]);
    expect(await readBalance(t.db, user.id, 'USDT')).toEqual({ available: '125.5', frozen: '0' });
    // The corrections account held nothing yet: the credit was brought in from outside the books (kind deposit), then paid out.
    expect(await readBalance(t.db, await house(), 'USDT')).toEqual({ available: '0', frozen: '0' });
    const houseEntries = await t.db.query<{ kind: string; ref_type: string; change: string }>(
      `select kind, ref_type, trim_scale(available_change)::text as change from ledger_entry where user_id = $1 and ref_id = $2 order by id`,
      [await house(), c.id],
    );
    expect(houseEntries).toEqual([
      { kind: 'deposit', ref_type: 'correction_funding', change: '25.5' },
      { kind: 'correction_credit', ref_type: 'correction', change: '-25.5' },
    ]);

    // The user's ledger shows it with its reason; the bell has the notice.
    const ledger = expectOk(await t.post<Page<LedgerRecord>>(user, WALLET_PATHS.ledger, { days: 3, page: 1 }));
    expect(ledger.list[0]).toMatchObject({ kind: 'correction_credit', account: 'spot', quantity: '25.5', before: '100', after: '125.5', ref_type: 'correction', ref_id: c.id, note: 'Deposit 0xabc missed by the chain adapter' });
    expect(ledger.list[1]).toMatchObject({ kind: 'deposit', note: null });
    // The users desk's page of the user: the correction's entry with its reason, and who proposed and approved it.
    const desk = (await userPage(t.db, user.id))!.sections.ledger;
    expect(desk[0]).toMatchObject({ kind: 'correction_credit', ref_type: 'correction', ref_id: String(c.id), correction_reason: 'Deposit 0xabc missed by the chain adapter', correction_reference: '0xabc', correction_proposed_by: alice.account, correction_approved_by: bob.account });
    expect(desk[1]).toMatchObject({ kind: 'deposit', correction_reason: null, correction_approved_by: null });
    const notices = await t.db.query<{ kind: string; params: Record<string, string> }>('select kind, params from notification where user_id = $1', [user.id]);
    expect(notices).toEqual([{ kind: 'balance_correction_credit', params: { quantity: '25.5', currency: 'USDT', reason: 'Deposit 0xabc missed by the chain adapter' } }]);
    expect(t.products.feed.pushes).toContainEqual({ userId: user.id, rows: [{ currency: 'USDT', account: 'spot' }] });

    // Once executed, a second approval is refused and changes nothing.
    const after = await snapshot(c.id);
    const again = await audited(() => t.post(t.operator, CORRECTION_PATHS.approve, { id: c.id }));
    expectRefusal(again.result, 400, EN.correctionNotProposed);
    expect(again.rows).toHaveLength(1);
    expect(await snapshot(c.id)).toEqual(after);
    await t.expectAuditClean();
  });

  it('a debit moves the quantity into the corrections account; one beyond the available balance is refused and changes nothing', async () => {
    const user = await t.user({ funded: [['BTC', '2', 'contract']] });
    const c = expectOk(await propose(alice, { user_id: user.id, currency: 'BTC', account: 'contract', direction: 'debit', quantity: '0.5', reason: 'Double credit of deposit 0xdef' }));
    const houseBefore = await readBalance(t.db, await house(), 'BTC');
    expectOk(await approve(bob, c.id, t.operatorCode(bob)));
    expect(await readBalance(t.db, user.id, 'BTC', 'contract')).toEqual({ available: '1.5', frozen: '0' });
    expect(Number((await readBalance(t.db, await house(), 'BTC')).available) - Number(houseBefore.available)).toBeCloseTo(0.5, 12);
    const [notice] = await t.db.query<{ kind: string }>('select kind from notification where user_id = $1', [user.id]);
    expect(notice?.kind).toBe('balance_correction_debit');

    const big = expectOk(await propose(bob, { user_id: user.id, currency: 'BTC', account: 'contract', direction: 'debit', quantity: '1.50000001', reason: 'Too much' }));
    const before = await snapshot(big.id);
    const refused = await audited(() => approve(alice, big.id, t.operatorCode(alice)));
    expectRefusal(refused.result, 400, EN.correctionInsufficient.replace('{currency}', 'BTC'));
    expect(refused.rows).toEqual([expect.objectContaining({ kind: 'correction.approve', outcome: 'refused', detail: 'correctionInsufficient' })]);
    expect(await snapshot(big.id)).toEqual(before);
    expect(before.state).toBe('proposed');
    await t.expectAuditClean();
  });

  it('a wrong 2FA code, no code, or an approver without 2FA is refused, audited, and changes nothing', async () => {
    const user = await t.user({ funded: { USDT: '10' } });
    const c = expectOk(await propose(alice, { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '1', reason: 'Goodwill' }));
    const before = await snapshot(c.id);
    const right = t.operatorCode(bob);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await audited(() => approve(bob, c.id, wrong));
    expectRefusal(refused.result, 400);
    expect(refused.rows).toEqual([expect.objectContaining({ operator_id: bob.id, kind: 'correction.approve', outcome: 'refused', detail: 'twoFactorWrong' })]);
    const none = await audited(() => approve(bob, c.id));
    expectRefusal(none.result, 400);
    expect(none.rows).toEqual([expect.objectContaining({ outcome: 'refused', detail: 'twoFactorRequired' })]);
    // An operator holding finance with no 2FA on (made as the environment's is; the file's admin has
    // 2FA since it created the desk operators): refused before any code is looked at.
    const bareOperator = { token: await signInOperator(t.db, 'corrections-bare@openex.test') };
    const bare = await audited(() => t.post(bareOperator, CORRECTION_PATHS.approve, { id: c.id, totp_code: right }));
    expectRefusal(bare.result, 400, EN.correctionTwoFactorRequired);
    expect(bare.rows).toEqual([expect.objectContaining({ outcome: 'refused', detail: 'correctionTwoFactorRequired' })]);
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('a proposal expires 24 hours after it was made: approval and rejection are refused, and the list says expired', async () => {
    const user = await t.user();
    const c = expectOk(await propose(alice, { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '3', reason: 'Late' }));
    t.advance(CORRECTION_TTL_MS);
    const before = await snapshot(c.id);
    const refused = await audited(() => approve(bob, c.id, t.operatorCode(bob)));
    expectRefusal(refused.result, 400, EN.correctionExpired);
    expect(refused.rows).toEqual([expect.objectContaining({ kind: 'correction.approve', outcome: 'refused', detail: 'correctionExpired' })]);
    expectRefusal(await t.post(bob.headers, CORRECTION_PATHS.reject, { id: c.id, reason: 'too late' }), 400, EN.correctionExpired);
    expect(await snapshot(c.id)).toEqual(before);
    const expired = expectOk(await t.post<Page<CorrectionView>>(bob.headers, CORRECTION_PATHS.list, { state: 'expired', page: 1 }));
    expect(expired.list.map((r) => r.id)).toContain(c.id);
    expect(expectOk(await t.post<Page<CorrectionView>>(bob.headers, CORRECTION_PATHS.list, { state: 'proposed', page: 1 })).list.map((r) => r.id)).not.toContain(c.id);
  });
});

describe('concurrency', () => {
  it('20 concurrent approvals of one proposal (same right code) execute it exactly once', async () => {
    const user = await t.user({ funded: { USDT: '50' } });
    const c = expectOk(await propose(alice, { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'debit', quantity: '2', reason: 'Fee refund reversed' }));
    // An approver of its own: the 19 replays of the code count against its wrong-code budget (and lock its checks).
    const carol = await finance();
    const totp = t.operatorCode(carol);
    const mark = await auditMark(t.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(carol, c.id, totp)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 && (a.body.code === 200 || a.body.code === 400))).toBe(true);
    expect(await readBalance(t.db, user.id, 'USDT')).toEqual({ available: '48', frozen: '0' });
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows.filter((r) => r.outcome === 'done')).toHaveLength(1);
    expect(rows).toHaveLength(20);
    await t.expectAuditClean();
  });

  it('20 concurrent executions past the 2FA step (the guarded update alone) post once', async () => {
    const user = await t.user({ funded: { USDT: '50' } });
    const c = expectOk(await propose(alice, { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '7', reason: 'Promotion owed' }));
    const actor = { id: bob.id, account: bob.account, roles: ['finance' as const], client: '10.0.0.9' };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => service().execute(c.id, actor)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.key)).toEqual(Array(19).fill('correctionNotProposed'));
    expect(await readBalance(t.db, user.id, 'USDT')).toEqual({ available: '57', frozen: '0' });
    const [entries] = await t.db.query<{ n: number }>(`select count(*)::int as n from ledger_entry where ref_type = 'correction' and ref_id = $1`, [c.id]);
    expect(entries!.n).toBe(2);
    await t.expectAuditClean();
  });
});

describe('reject, withdraw, read', () => {
  it('another operator rejects with a reason; the proposer withdraws their own; each one audit row, nothing moves', async () => {
    const user = await t.user({ funded: { USDT: '5' } });
    const a = expectOk(await propose(alice, { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '1', reason: 'r1' }));
    const b = expectOk(await propose(alice, { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '2', reason: 'r2' }));
    const before = await snapshot();
    expectRefusal(await t.post(bob.headers, CORRECTION_PATHS.reject, { id: a.id, reason: '   ' }), 400, EN.correctionReasonRequired);
    const rejected = await audited(() => t.post<CorrectionView>(bob.headers, CORRECTION_PATHS.reject, { id: a.id, reason: 'No evidence' }));
    expect(rejected.result.body.msg).toBe(EN.correctionRejected);
    expect(expectOk(rejected.result)).toMatchObject({ state: 'rejected', decided_by: bob.id, decision_reason: 'No evidence' });
    expect(rejected.rows).toEqual([expect.objectContaining({ kind: 'correction.reject', outcome: 'done', after: { state: 'rejected' }, detail: 'No evidence' })]);
    const withdrawn = await audited(() => t.post<CorrectionView>(alice.headers, CORRECTION_PATHS.reject, { id: b.id, reason: 'Typo in the quantity' }));
    expect(withdrawn.result.body.msg).toBe(EN.correctionWithdrawn);
    expect(expectOk(withdrawn.result)).toMatchObject({ state: 'withdrawn', decided_by: alice.id });
    expect(withdrawn.rows).toEqual([expect.objectContaining({ kind: 'correction.withdraw', outcome: 'done' })]);
    expectRefusal(await approve(bob, a.id, t.operatorCode(bob)), 400, EN.correctionNotProposed);
    const after = await snapshot();
    expect(after.balances).toEqual(before.balances);
    expect(after.entries).toBe(before.entries);
  });

  it('bad input is a translated 400 that changes nothing (never a 500)', async () => {
    const user = await t.user();
    const base = { user_id: user.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '1', reason: 'ok' };
    const [{ n: before }] = (await t.db.query<{ n: number }>('select count(*)::int as n from balance_correction')) as [{ n: number }];
    for (const [change, key] of [
      [{ quantity: '0' }, 'correctionQuantityInvalid'],
      [{ quantity: '0.000000001' }, 'correctionQuantityInvalid'],
      [{ quantity: '01.5' }, 'correctionQuantityInvalid'],
      [{ quantity: '1e3' }, 'correctionQuantityInvalid'],
      [{ quantity: '1000000000000000' }, 'correctionQuantityInvalid'],
      [{ reason: '  ' }, 'correctionReasonRequired'],
      [{ currency: 'NOPE' }, 'correctionCurrencyUnknown'],
      [{ user_id: 999_999_999 }, 'correctionUserUnknown'],
    ] as const) {
      const answer = await propose(alice, { ...base, ...change });
      expectRefusal(answer, 400);
      expect(answer.body.msg.startsWith(EN[key].split('{')[0]!)).toBe(true);
    }
    for (const change of [{ account: 'savings' }, { direction: 'mint' }, { quantity: 5 }, { extra: 1 }]) expectRefusal(await propose(alice, { ...base, ...change }), 400);
    // An operator is not a user whose balance can be corrected.
    expectRefusal(await propose(alice, { ...base, user_id: alice.id }), 400);
    expectRefusal(await t.post(bob.headers, CORRECTION_PATHS.approve, { id: 999_999_999, totp_code: '123456' }), 400, EN.correctionNotFound);
    const [{ n: after }] = (await t.db.query<{ n: number }>('select count(*)::int as n from balance_correction')) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('the list filters by state and the corrections account is readable per currency', async () => {
    const page = expectOk(await t.post<Page<CorrectionView>>(bob.headers, CORRECTION_PATHS.list, { state: 'executed', page: 1, size: 50 }));
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r) => r.state === 'executed')).toBe(true);
    expect(page.total).toBe(page.list.length);
    const account = expectOk(await t.post<CorrectionsAccountRow[]>(bob.headers, CORRECTION_PATHS.account, {}));
    const usdt = account.find((r) => r.currency === 'USDT')!;
    // balance = funded − net credited, for every currency.
    for (const row of account) expect(Number(row.balance)).toBeCloseTo(Number(row.funded) - Number(row.net_credited), 12);
    expect(Number(usdt.net_credited)).toBeGreaterThan(0);
    await t.expectAuditClean();
  });
});

describe('the ledger audit', () => {
  it('checks every correction against its entries: an executed correction without its posting is a finding', async () => {
    await t.expectAuditClean();
    const user = await t.user();
    const [row] = await t.db.query<{ id: number }>(
      `insert into balance_correction (user_id, currency, account, direction, quantity, reason, state, proposed_by, proposed_ms, expires_ms, decided_by, decided_ms)
       values ($1, 'USDT', 'spot', 'credit', 5, 'forged', 'executed', $2, 0, 1, $3, 0) returning id`,
      [user.id, alice.id, bob.id],
    );
    expect(await auditBooks(t.db)).toEqual([`balance correction ${row!.id} (executed): its ledger entries do not match it`]);
    await t.db.query('delete from balance_correction where id = $1', [row!.id]);
    await t.expectAuditClean();
  });
});

describe('roles', () => {
  it('support and risk are refused every corrections route with 403 and the permission named; the auditor reads but cannot act', async () => {
    const support = await finance(['support']);
    const risk = await finance(['risk']);
    const auditor = await finance(['auditor']);
    const calls: Array<[string, object, string]> = [
      [CORRECTION_PATHS.list, { page: 1 }, 'corrections.read'],
      [CORRECTION_PATHS.account, {}, 'corrections.read'],
      [CORRECTION_PATHS.propose, { user_id: 1, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '1', reason: 'x' }, 'corrections.propose'],
      [CORRECTION_PATHS.approve, { id: 1, totp_code: '123456' }, 'corrections.approve'],
      [CORRECTION_PATHS.reject, { id: 1, reason: 'x' }, 'corrections.approve'],
    ];
    for (const op of [support, risk]) {
      for (const [path, body, permission] of calls) {
        const answer: Answer<{ permission: string }> = await t.post(op.headers, path, body);
        expect(answer.body.code, path).toBe(403);
        expect(answer.body.data).toEqual({ permission });
      }
    }
    expectOk(await t.post(auditor.headers, CORRECTION_PATHS.list, { page: 1 }));
    expect((await t.post(auditor.headers, CORRECTION_PATHS.propose, calls[2]![1])).body.code).toBe(403);
  });
});

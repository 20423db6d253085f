import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIABILITIES_PATHS, verifyProof, type LiabilitiesLatest, type LiabilityProof, type LiabilityProofAnswer, type LiabilitySnapshot, type LiabilitySnapshotList } from '../../domain/liabilities.js';
import { OPERATOR_PATHS, type OperatorRole, type OperatorView } from '../../domain/operators.js';
import { openSession } from '../../server/kernel/platform/auth/sessions.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { changeBalance } from '../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../server/kernel/platform/ledger/systemAccounts.js';
import { createLiabilities, DAILY_CHECK_MS } from '../../server/products/liabilities/product.js';
import { DAY_MS, liabilitiesService } from '../../server/products/liabilities/liabilities.js';
import { expectOk, expectRefusal, get, post } from './http.js';
import { adminCode, auditKindsAfter, auditMark, auditRowsAfter, DESK_INITIAL_PASSWORD } from './support/operators.js';
import { productTestbed } from './support/productTestbed.js';

/**
 * Issue 52 §4: the proof of liabilities. The root is recomputed here from the balances in the
 * database with this file's own SHA-256 (node:crypto) and BigInt sums, not the product's code;
 * changing any one balance changes it; a user's path verifies and a tampered one does not; a user
 * gets only their own leaf; the totals are the users' balances (system accounts, market makers and
 * operators are not users: app_user.kind = 'user' only); the operator build is audited and only
 * finance may run it; the daily build runs once a UTC day.
 */
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const t = productTestbed({
  startAt: START,
  products: ({ db, now }) => createLiabilities({ db, now }),
  operator: 'liabilities-admin@openex.test',
});

/** Operators made so far: an account is taken once, and a role's operator is made by more than one test. */
let made = 0;
async function roleOperator(roles: OperatorRole[]) {
  const view = expectOk(await post<OperatorView>(t.app, OPERATOR_PATHS.create, { account: `liab-${roles.join('-')}-${process.pid}-${++made}@openex.test`, password: DESK_INITIAL_PASSWORD, roles, code: await adminCode(t.operator) }, t.operator));
  return { headers: { token: await openSession(t.db, view.id, 1) } };
}

// ---- The independent recomputation, written plainly. ----
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** An exact decimal as integer units of 10^-18 (the ledger's scale). */
const units = (value: string) => {
  const [int, frac = ''] = value.split('.');
  return BigInt(int!) * 10n ** 18n + BigInt((frac + '0'.repeat(18)).slice(0, 18));
};
const text = (u: bigint) => {
  const int = u / 10n ** 18n;
  const frac = (u % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
};
type Sums = Map<string, bigint>;
const line = (currencies: string[], sums: Sums) => currencies.map((c) => `${c}:${text(sums.get(c) ?? 0n)}`).join(',');

function plainRoot(currencies: string[], leaves: Array<{ salt: string; sums: Sums }>) {
  let level = leaves.map((l) => ({ hash: sha(`leaf|${l.salt}|${line(currencies, l.sums)}`), sums: l.sums }));
  while (level.length > 1) {
    const up: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const [a, b] = [level[i]!, level[i + 1]];
      if (!b) {
        up.push(a);
        continue;
      }
      const sums: Sums = new Map(currencies.map((c) => [c, (a.sums.get(c) ?? 0n) + (b.sums.get(c) ?? 0n)]));
      up.push({ hash: sha(`node|${line(currencies, a.sums)}|${line(currencies, b.sums)}|${a.hash}|${b.hash}`), sums });
    }
    level = up;
  }
  return level[0]!;
}

/** Every user's balances from the database, and the snapshot's salts and order: the leaves, as a reader would rebuild them. */
async function leavesFromDatabase(snapshotId: number) {
  const balances = await t.db.query<{ user_id: string; currency: string; available: string; frozen: string }>(
    `select b.user_id, b.currency, b.available::text, b.frozen::text from balance b join app_user u on u.id = b.user_id where u.kind = 'user'`,
  );
  const byUser = new Map<number, Sums>();
  for (const b of balances) {
    const sums = byUser.get(Number(b.user_id)) ?? new Map<string, bigint>();
    sums.set(b.currency, (sums.get(b.currency) ?? 0n) + units(b.available) + units(b.frozen));
    byUser.set(Number(b.user_id), sums);
  }
  const leaves = await t.db.query<{ user_id: string; pos: number; salt: string }>('select user_id, pos, salt from liability_leaf where snapshot_id = $1 order by pos', [snapshotId]);
  return { byUser, leaves: leaves.map((l) => ({ userId: Number(l.user_id), salt: l.salt, sums: byUser.get(Number(l.user_id)) ?? new Map<string, bigint>() })) };
}

const build = async (who = finance) => expectOk(await t.post<LiabilitySnapshot>(who, LIABILITIES_PATHS.operatorBuild, {}));
const proofOf = async (who: { headers: Record<string, string> }, body: object = {}) => expectOk(await t.post<LiabilityProofAnswer>(who, LIABILITIES_PATHS.proof, body)).proof;

let finance: { headers: Record<string, string> };

describe('proof of liabilities', () => {
  let alice: Awaited<ReturnType<typeof t.user>>;
  let bob: Awaited<ReturnType<typeof t.user>>;
  let snapshot: LiabilitySnapshot;

  it('is built by finance: its root is what the balances give, recomputed independently', async () => {
    finance = await roleOperator(['finance']);
    alice = await t.user({ tag: 'alice', funded: [['BTC', '1.5', 'spot'], ['BTC', '0.25', 'contract'], ['USDT', '1000.123456789', 'legal']] });
    bob = await t.user({ tag: 'bob', funded: [['USDT', '20', 'spot'], ['ETH', '3', 'ico']] });
    await t.user({ tag: 'empty' });
    // Part of Alice's BTC frozen (an open order would hold it): still hers, so still in her leaf.
    await t.db.transaction((tx) => changeBalance(tx, { userId: alice.id, currency: 'BTC', account: 'spot', available: '-0.5', frozen: '0.5', kind: 'test', refType: 'test', refId: null }));
    // The exchange's own funds: a market maker and the fees account are not liabilities.
    await t.user({ tag: 'maker', kind: 'market_maker', funded: { BTC: '100', USDT: '5000000' } });
    const fees = await systemAccountId(t.db, 'fees');
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: '777', frozen: '0', kind: 'test', refType: 'test', refId: null }));

    snapshot = await build();
    expect(snapshot.source).toBe('operator');
    const { byUser, leaves } = await leavesFromDatabase(snapshot.id);
    const [users] = await t.db.query<{ n: number }>(`select count(*)::int as n from app_user where kind = 'user'`);
    expect(snapshot.leaf_count).toBe(users!.n);
    expect(leaves).toHaveLength(users!.n);
    const root = plainRoot(snapshot.currencies, leaves);
    expect(snapshot.root).toBe(root.hash);
    expect(snapshot.root).toMatch(/^[0-9a-f]{64}$/);

    // Totals: the users' balances per currency, added up here, and nothing of the maker's or the fees'.
    const totals = new Map<string, bigint>();
    for (const sums of byUser.values()) for (const [c, v] of sums) totals.set(c, (totals.get(c) ?? 0n) + v);
    for (const c of snapshot.currencies) expect(snapshot.totals[c]).toBe(text(totals.get(c) ?? 0n));
    expect(byUser.get(alice.id)!.get('BTC')).toBe(units('1.75'));
    expect(await get<LiabilitiesLatest>(t.app, LIABILITIES_PATHS.latest).then(expectOk)).toEqual({ snapshot });
  });

  it('changes its root when any one balance changes', async () => {
    const { leaves } = await leavesFromDatabase(snapshot.id);
    const roots = new Set([plainRoot(snapshot.currencies, leaves).hash]);
    let changed = 0;
    for (const [i, leaf] of leaves.entries()) {
      for (const currency of snapshot.currencies) {
        const sums = new Map(leaf.sums);
        sums.set(currency, (sums.get(currency) ?? 0n) + 1n); // one unit of 10^-18 more
        roots.add(plainRoot(snapshot.currencies, leaves.map((l, j) => (j === i ? { ...l, sums } : l))).hash);
        changed++;
      }
    }
    expect(roots.size).toBe(changed + 1);
    // And a balance changed in the database gives a new root at the next build (new salts too).
    await t.db.transaction((tx) => changeBalance(tx, { userId: bob.id, currency: 'USDT', account: 'spot', available: '0.00000001', frozen: '0', kind: 'test', refType: 'test', refId: null }));
    const next = await build();
    expect(next.root).not.toBe(snapshot.root);
    expect(next.totals.USDT).not.toBe(snapshot.totals.USDT);
    const again = await leavesFromDatabase(next.id);
    expect(plainRoot(next.currencies, again.leaves).hash).toBe(next.root);
    snapshot = next;
  });

  it("gives a user their own leaf and path, which verify against the published root; a tampered one does not", async () => {
    const proof = (await proofOf(alice))!;
    expect(proof.snapshot).toEqual(snapshot);
    const [mine] = await t.db.query<{ pos: number; salt: string }>('select pos, salt from liability_leaf where snapshot_id = $1 and user_id = $2', [snapshot.id, alice.id]);
    expect(proof.leaf.index).toBe(mine!.pos);
    expect(proof.leaf.salt).toBe(mine!.salt);
    expect(proof.leaf.balances).toMatchObject({ BTC: '1.75', USDT: '1000.123456789', ETH: '0' });
    expect(proof.path.length).toBeGreaterThan(0);
    expect(verifyProof(proof, snapshot)).toEqual({ ok: true, root: snapshot.root, totals: snapshot.totals, problems: [] });

    const tampered = (change: (p: LiabilityProof) => void) => {
      const copy = structuredClone(proof);
      change(copy);
      return verifyProof(copy, snapshot);
    };
    expect(tampered((p) => void ((p.leaf.balances as Record<string, string>).BTC = '2')).problems).toContain('root');
    expect(tampered((p) => void (p.leaf.salt = `${p.leaf.salt.slice(1)}0`)).ok).toBe(false);
    expect(tampered((p) => void (p.path[0]!.hash = '0'.repeat(64))).problems).toContain('root');
    expect(tampered((p) => void (p.path[0]!.side = p.path[0]!.side === 'left' ? 'right' : 'left')).problems).toContain('root');
    // A sibling with a negative sum is refused even if the root were right.
    expect(tampered((p) => void ((p.path[0]!.sums as Record<string, string>).BTC = '-1')).problems).toContain('negative');
    expect(verifyProof(proof, { ...snapshot, root: '1'.repeat(64) }).problems).toEqual(['root']);
  });

  it('verifies offline with scripts/verify-liabilities.mjs against the published root, and not a tampered proof', async () => {
    const script = fileURLToPath(new URL('../../scripts/verify-liabilities.mjs', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'liabilities-'));
    const proof = (await proofOf(bob))!;
    writeFileSync(join(dir, 'proof.json'), JSON.stringify(proof));
    const published = expectOk(await get<LiabilitiesLatest>(t.app, LIABILITIES_PATHS.latest)).snapshot!;
    const out = execFileSync(process.execPath, [script, join(dir, 'proof.json'), '--root', published.root], { encoding: 'utf8' });
    expect(out).toContain(`recomputed root ${published.root}`);
    expect(out).toContain('VERIFIED');
    const tampered = structuredClone(proof);
    (tampered.leaf.balances as Record<string, string>).USDT = '2000';
    writeFileSync(join(dir, 'tampered.json'), JSON.stringify(tampered));
    let status = 0;
    try {
      execFileSync(process.execPath, [script, join(dir, 'tampered.json'), '--root', published.root], { encoding: 'utf8' });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(1);
  });

  it("never gives a user anyone else's leaf", async () => {
    const answer = await t.post<LiabilityProofAnswer>(alice, LIABILITIES_PATHS.proof, {});
    const body = JSON.stringify(answer.body);
    const salts = await t.db.query<{ user_id: string; salt: string }>('select user_id, salt from liability_leaf where snapshot_id = $1', [snapshot.id]);
    for (const s of salts) expect(body.includes(s.salt)).toBe(Number(s.user_id) === alice.id);
    expect(body).not.toContain(`"user_id"`);
    expect((await proofOf(bob))!.leaf.balances).toMatchObject({ USDT: '20.00000001', ETH: '3', BTC: '0' });
    // There is no way to name another user: the body admits only a snapshot id.
    expectRefusal(await t.post(alice, LIABILITIES_PATHS.proof, { user_id: bob.id }), 400);
    // Signed out: the latest root is public, a proof is not.
    expect((await post(t.app, LIABILITIES_PATHS.proof, {})).body.code).toBe(403);
  });

  it('answers null for a user who joined after the snapshot, and refuses bad or unknown snapshot ids translated', async () => {
    const late = await t.user({ tag: 'late', funded: { USDT: '5' } });
    expect(await proofOf(late)).toBeNull();
    expectRefusal(await t.post(alice, LIABILITIES_PATHS.proof, { snapshot_id: 'x' }), 400);
    expectRefusal(await get(t.app, `${LIABILITIES_PATHS.latest}?user_id=1`), 400);
    expectRefusal(await t.post(alice, LIABILITIES_PATHS.proof, { snapshot_id: 999_999 }, { lang: 'ja_JP' }), 400, MESSAGES.ja_JP.liabilitiesSnapshotNotFound);
    // An earlier snapshot's proof, by its id.
    const first = (await proofOf(alice, { snapshot_id: snapshot.id - 1 }))!;
    expect(first.snapshot.id).toBe(snapshot.id - 1);
    expect(verifyProof(first, first.snapshot).ok).toBe(true);
  });

  it('audits the operator build in its transaction, and refuses every role but finance 403 naming liabilities.build', async () => {
    const mark = await auditMark(t.db);
    const built = await build();
    expect((await auditRowsAfter(t.db, mark)).map((r) => [r.kind, r.object_type, r.object_id, r.outcome])).toEqual([['liabilities.build', 'liability_snapshot', String(built.id), 'done']]);
    const [row] = await auditRowsAfter(t.db, mark);
    expect(row!.after).toEqual({ root: built.root, leaf_count: built.leaf_count, totals: built.totals });
    for (const role of ['admin', 'compliance', 'risk', 'support', 'auditor'] as const) {
      const op = await roleOperator([role]);
      const before = await t.db.query('select id from liability_snapshot order by id');
      const at = await auditMark(t.db);
      const answer = await t.post(op, LIABILITIES_PATHS.operatorBuild, {}, { lang: 'de_DE' });
      expect(answer.body.code).toBe(403);
      expect(answer.body.data).toEqual({ permission: 'liabilities.build' });
      expect(answer.body.msg).toBe(MESSAGES.de_DE.operatorPermissionRefused.replace('{permission}', 'liabilities.build'));
      expect(await auditKindsAfter(t.db, at)).toEqual([['access.refused', 'refused']]);
      expect(await t.db.query('select id from liability_snapshot order by id')).toEqual(before);
    }
    // A user's token cannot build either.
    expect((await t.post(alice, LIABILITIES_PATHS.operatorBuild, {})).body.code).toBe(403);
    expectRefusal(await t.post(finance, LIABILITIES_PATHS.operatorBuild, { now: true }), 400);
  });

  it('lists the snapshots built, newest first, to finance and the auditor (liabilities.read), and to no other role', async () => {
    const built = await build();
    const auditor = await roleOperator(['auditor']);
    for (const who of [finance, auditor]) {
      const { snapshots } = expectOk(await t.post<LiabilitySnapshotList>(who, LIABILITIES_PATHS.operatorSnapshots, {}));
      expect(snapshots[0]).toEqual(built);
      expect(snapshots.length).toBeGreaterThan(1);
      expect(snapshots.map((s) => s.built_at)).toEqual([...snapshots.map((s) => s.built_at)].sort((a, b) => b - a));
    }
    // Reading builds nothing, and the auditor still cannot build.
    expect((await t.post(auditor, LIABILITIES_PATHS.operatorBuild, {})).body.data).toEqual({ permission: 'liabilities.build' });
    for (const role of ['admin', 'compliance', 'risk', 'support'] as const) {
      const answer = await t.post(await roleOperator([role]), LIABILITIES_PATHS.operatorSnapshots, {});
      expect([role, answer.body.code, answer.body.data]).toEqual([role, 403, { permission: 'liabilities.read' }]);
    }
    expect((await t.post(alice, LIABILITIES_PATHS.operatorSnapshots, {})).body.code).toBe(403);
  });

  // Two connections are needed to hold the lock while building: PostgreSQL only (PGlite has one).
  it.skipIf(!process.env.DATABASE_URL)('refuses a build while another runs, audited as refused, and the timer skips its turn', async () => {
    const at = await auditMark(t.db);
    const count = async () => (await t.db.query('select id from liability_snapshot')).length;
    const before = await count();
    await t.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(520004, hashtext(current_schema()))');
      expectRefusal(await t.post(finance, LIABILITIES_PATHS.operatorBuild, {}, { lang: 'ko_KR' }), 400, MESSAGES.ko_KR.liabilitiesBuildBusy);
      expect(await t.products.service.runDaily()).toBeUndefined();
    });
    expect((await auditRowsAfter(t.db, at)).map((r) => [r.kind, r.outcome, r.detail])).toEqual([['liabilities.build', 'refused', 'liabilitiesBuildBusy']]);
    expect(await count()).toBe(before);
  });

  it('builds the daily snapshot once per UTC day, whatever the operators built', async () => {
    const service = t.products.service;
    const daily = await service.runDaily();
    expect(daily?.source).toBe('daily');
    t.advance(DAILY_CHECK_MS);
    expect(await service.runDaily()).toBeUndefined();
    t.set(Math.floor(START / DAY_MS) * DAY_MS + DAY_MS + 60_000);
    const tomorrow = await service.runDaily();
    expect(tomorrow?.source).toBe('daily');
    expect(tomorrow!.id).toBeGreaterThan(daily!.id);
    const { leaves } = await leavesFromDatabase(tomorrow!.id);
    expect(plainRoot(tomorrow!.currencies, leaves).hash).toBe(tomorrow!.root);
    expect((await get<LiabilitiesLatest>(t.app, LIABILITIES_PATHS.latest).then(expectOk)).snapshot).toEqual(tomorrow);

    // Only the latest snapshots keep their trees: an older one's proof says so, translated.
    const kept = await liabilitiesService({ db: t.db, now: () => t.now() + DAY_MS, keep: 2 }).runDaily();
    const keptIds = (await t.db.query<{ snapshot_id: string }>('select distinct snapshot_id from liability_leaf')).map((r) => Number(r.snapshot_id)).sort((a, b) => a - b);
    expect(keptIds).toEqual([tomorrow!.id, kept!.id]);
    expectRefusal(await t.post(alice, LIABILITIES_PATHS.proof, { snapshot_id: daily!.id }, { lang: 'fr_FR' }), 400, MESSAGES.fr_FR.liabilitiesSnapshotGone);
    expect((await proofOf(alice))!.snapshot.id).toBe(kept!.id);
  });
});

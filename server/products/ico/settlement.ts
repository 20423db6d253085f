import { addDecimal, compareDecimal, mulDecimal } from '../../../domain/decimal.js';
import { ICO_ACCOUNT, ICO_CURRENCY } from '../../../domain/ico.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { BalanceChange } from '../../kernel/platform/ledger/ledger.js';
import { applyBalanceChanges, lockBalances } from '../../kernel/platform/ledger/ledgerBatch.js';
import type { OpenedPair, PairOpenings } from '../../kernel/platform/catalogue.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { allocate } from './allocation.js';
import { icoProjectAccountId } from './ledger.js';
import { announceListing, listToken } from './listing.js';
import { normaliseRow, PROJECT_COLUMNS, readProjects, type ProjectRow } from './projects.js';
import { SUB_COLUMNS, toSubscription, type SubRow } from './subscriptions.js';

export interface IcoSettleResult {
  /** Projects settled by this call. */
  projects: number[];
}

/**
 * Settles every project whose recruit period has ended and that is not settled yet, each in one
 * transaction (docs/API.md "Settlement"): the project row is locked (`for update skip locked`,
 * so a second server or a second run takes nothing twice), its subscriptions are allocated
 * (`allocate`), and in one ledger batch
 *
 * - the project's account `system:ico:<TOKEN>` issues the quantity for sale (`deposit`, ref `ico_issue`);
 * - each subscriber's paid USDT leaves their frozen balance, the refund comes back to available
 *   (`ico_settle`), and the sold part goes to the project's account (`ico_proceeds`);
 * - each winning quantity moves from the project's account to the subscriber's `ico` account,
 *   frozen (`ico_allocation`); unsold tokens stay with the project.
 *
 * A `listed` project's token pair TOKEN_USDT is opened in the same transaction (`listToken`).
 *
 * The project's update is guarded by `settled_ms is null`; the whole transaction either happens
 * once or not at all (a crash rolls it back and the next run settles it). After the commit each
 * subscriber hears of the settled subscription and the balances on the private channel, and the
 * listed pair is announced so the spot market opens without a restart.
 */
export async function settleDueProjects(deps: { db: Database; feed: UserFeed; clock: () => number; pairs?: PairOpenings }): Promise<IcoSettleResult> {
  const result: IcoSettleResult = { projects: [] };
  for (;;) {
    const done = await settleOne(deps);
    if (!done) return result;
    result.projects.push(done.projectId);
    announceListing(deps.pairs, done.listed);
    for (const userId of done.users) {
      deps.feed.balancesChanged(userId, [
        { currency: ICO_CURRENCY, account: ICO_ACCOUNT },
        { currency: done.symbol, account: ICO_ACCOUNT },
      ]);
    }
    await pushSettled(deps, done.projectId);
  }
}

/** Each subscriber's settled subscription, read from the committed rows (one query for the whole project). */
async function pushSettled(deps: { db: Database; feed: UserFeed; clock: () => number }, projectId: number): Promise<void> {
  if (!deps.feed.message) return;
  const [project] = await readProjects(deps.db, 'id = $1', [projectId]);
  if (!project) return;
  const subs = await deps.db.query<SubRow & { user_id: number }>(`select s.user_id, ${SUB_COLUMNS} from ico_subscription s where s.project_id = $1`, [projectId]);
  const now = deps.clock();
  for (const s of subs) deps.feed.message(Number(s.user_id), { channel: 'user', kind: 'ico', event: 'settled', subscription: toSubscription(project, s, now) });
}

async function settleOne(
  deps: { db: Database; clock: () => number },
): Promise<{ projectId: number; symbol: string; users: number[]; listed: OpenedPair | undefined } | undefined> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const [raw] = await tx.query<ProjectRow>(
      `select ${PROJECT_COLUMNS} from ico_project where settled_ms is null and end_ms <= $1 order by end_ms, id limit 1 for update skip locked`,
      [now],
    );
    if (!raw) return undefined;
    const p = normaliseRow(raw);
    const subs = await tx.query<{ user_id: number; quantity: string; paid: string }>(
      `select user_id, trim_scale(quantity)::text as quantity, trim_scale(paid)::text as paid
       from ico_subscription where project_id = $1 order by user_id for update`,
      [p.id],
    );
    const result = allocate(
      p.total,
      p.price,
      p.token_places,
      subs.map((s) => ({ userId: Number(s.user_id), quantity: s.quantity, paid: s.paid })),
    );
    const project = await icoProjectAccountId(tx, p.symbol);
    const changes: BalanceChange[] = [
      { userId: project, currency: p.symbol, account: ICO_ACCOUNT, available: p.total, frozen: '0', kind: 'deposit', refType: 'ico_issue', refId: p.id },
    ];
    let proceeds = '0';
    for (const a of result.list) {
      changes.push({ userId: a.userId, currency: ICO_CURRENCY, account: ICO_ACCOUNT, available: a.refund, frozen: `-${a.paid}`, kind: 'ico_settle', refType: 'ico_project', refId: p.id });
      proceeds = addDecimal(proceeds, mulDecimal(a.allocated, p.price));
      if (compareDecimal(a.allocated, '0') > 0) {
        changes.push({ userId: a.userId, currency: p.symbol, account: ICO_ACCOUNT, available: '0', frozen: a.allocated, kind: 'ico_allocation', refType: 'ico_project', refId: p.id });
      }
    }
    if (compareDecimal(proceeds, '0') > 0) {
      changes.push({ userId: project, currency: ICO_CURRENCY, account: ICO_ACCOUNT, available: proceeds, frozen: '0', kind: 'ico_proceeds', refType: 'ico_project', refId: p.id });
    }
    if (compareDecimal(result.sold, '0') > 0) {
      changes.push({ userId: project, currency: p.symbol, account: ICO_ACCOUNT, available: `-${result.sold}`, frozen: '0', kind: 'ico_allocation', refType: 'ico_project', refId: p.id });
    }
    const states = await lockBalances(tx, changes.map((c) => ({ userId: c.userId, currency: c.currency, account: c.account })));
    await applyBalanceChanges(tx, states, changes);
    if (result.list.length > 0) {
      await tx.query(
        `update ico_subscription s set allocated = t.allocated, refund = t.refund
         from unnest($2::bigint[], $3::numeric[], $4::numeric[]) as t(user_id, allocated, refund)
         where s.project_id = $1 and s.user_id = t.user_id`,
        [p.id, result.list.map((a) => a.userId), result.list.map((a) => a.allocated), result.list.map((a) => a.refund)],
      );
      const records = result.list.flatMap((a) => [
        { user: a.userId, kind: 'allocation', quantity: a.allocated, amount: mulDecimal(a.allocated, p.price) },
        ...(compareDecimal(a.refund, '0') > 0 ? [{ user: a.userId, kind: 'refund', quantity: '0', amount: a.refund }] : []),
      ]);
      await tx.query(
        `insert into ico_record (project_id, user_id, kind, quantity, amount, created_ms)
         select $1, u, k, q, a, $6 from unnest($2::bigint[], $3::text[], $4::numeric[], $5::numeric[]) as t(u, k, q, a)`,
        [p.id, records.map((r) => r.user), records.map((r) => r.kind), records.map((r) => r.quantity), records.map((r) => r.amount), now],
      );
    }
    const updated = await tx.query(`update ico_project set settled_ms = $2, winning_rate = $3 where id = $1 and settled_ms is null returning id`, [p.id, now, result.winningRate]);
    if (updated.length !== 1) throw new Error(`ico settlement: project ${p.id} was settled meanwhile; rolled back`);
    const listed = await listToken(tx, { ...p, settled_ms: now });
    return { projectId: p.id, symbol: p.symbol, users: result.list.map((a) => a.userId), listed };
  });
}

import { randomBytes, randomInt } from 'node:crypto';
import {
  buildLevels,
  canonicalSums,
  LIABILITY_SNAPSHOTS_LISTED,
  pathPositions,
  type LiabilityBalances,
  type LiabilityNode,
  type LiabilityProof,
  type LiabilitySnapshot,
} from '../../../domain/liabilities.js';
import { FUTURES_CURRENCY } from '../../../domain/futures/api.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { Refusal, type Outcome } from '../../kernel/platform/outcome.js';
import type { LiabilitiesMessageKey } from './messages.js';

export interface LiabilitiesDeps {
  db: Database;
  /** The clock (snapshot times, the daily build's day); tests move it. */
  now?: () => number;
  /** A new leaf's salt (random hex by default; tests may fix it). */
  salt?: () => string;
  /** How many of the latest snapshots keep their nodes and leaves (older ones keep their root and totals). */
  keep?: number;
}

export const DAY_MS = 86_400_000;
/** Snapshots whose paths stay available: a month of daily builds. */
export const KEEP_SNAPSHOTS = 30;
/** One build at a time, on any process (a transaction-scoped advisory lock). */
const BUILD_LOCK = 520_004;
/** Rows per insert statement when storing a tree. */
const CHUNK = 5000;

const refusal = (key: LiabilitiesMessageKey) => new Refusal(key);

interface SnapshotRow {
  id: string | number;
  built_ms: string | number;
  source: 'daily' | 'operator';
  root_hash: string;
  currencies: string[];
  totals: LiabilityBalances | string;
  leaf_count: number;
}

const SNAPSHOT_COLUMNS = 'id, built_ms, source, root_hash, currencies, totals, leaf_count';
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function snapshotOf(row: SnapshotRow): LiabilitySnapshot {
  return {
    id: Number(row.id),
    built_at: Number(row.built_ms),
    source: row.source,
    root: row.root_hash,
    currencies: [...row.currencies],
    totals: json(row.totals),
    leaf_count: Number(row.leaf_count),
  };
}

/** Fisher–Yates with the system's random numbers: a leaf's place says nothing about who it is. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * What each user's open futures positions are worth to them, held in the futures pool: a
 * position's equity at its pair's last published mark (the entry price without one), margin +
 * unrealised PnL = margin − cost + side × quantity × mark, rounded to the ledger's 18 places. The
 * pool holds Σ margin − Σ cost (its audit rule), and the positions' sides cancel out, so at one
 * mark per pair every position's equity together is exactly the pool's balance. The treasury's
 * balance sheet (server/products/treasury/balanceSheet.ts) counts the same (tests/server/futures/liabilities.test.ts).
 */
const FUTURES_EQUITY_SQL = `select p.user_id, '${FUTURES_CURRENCY}'::text as currency,
    round(p.margin - p.cost + coalesce(p.side * p.quantity * m.mark_price, p.cost), 18) as amount
  from futures_position p left join futures_mark m on m.left_symbol = p.left_symbol and m.right_symbol = p.right_symbol
  where p.side <> 0`;

/**
 * Every user's balances per currency, from one statement (so one consistent read): available +
 * frozen over their five wallet accounts, and their futures positions' equity in the pool
 * (FUTURES_EQUITY_SQL). Users only (app_user.kind = 'user'): the platform's system accounts (fees,
 * pools, the house, ICO projects), the market makers and the operators are the exchange's own, not
 * what it owes. A user without a balance row gets a leaf of zeros.
 */
async function userBalances(q: Queryable): Promise<Map<number, Record<string, string>>> {
  const rows = await q.query<{ user_id: string | number; currency: string | null; total: string | null }>(
    `with owed as (
       select b.user_id, b.currency, b.available + b.frozen as amount from balance b
       union all ${FUTURES_EQUITY_SQL})
     select u.id as user_id, o.currency, trim_scale(sum(o.amount))::text as total
     from app_user u left join owed o on o.user_id = u.id
     where u.kind = 'user'
     group by u.id, o.currency`,
  );
  const users = new Map<number, Record<string, string>>();
  for (const row of rows) {
    const id = Number(row.user_id);
    const balances = users.get(id) ?? {};
    if (row.currency !== null && row.total !== null) balances[row.currency] = row.total;
    users.set(id, balances);
  }
  return users;
}

async function insertChunks(tx: Queryable, rows: unknown[][], insert: (columns: unknown[][]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await insert(chunk[0]!.map((_, column) => chunk.map((row) => row[column])));
  }
}

/**
 * The proof of liabilities (issue 52 §4; docs/LIABILITIES.md): builds a snapshot (the daily timer,
 * or a finance operator on demand, audited in the snapshot's own transaction), answers the latest
 * snapshot, and a user's leaf and path.
 */
export function liabilitiesService(deps: LiabilitiesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const newSalt = deps.salt ?? (() => randomBytes(16).toString('hex'));
  const keep = deps.keep ?? KEEP_SNAPSHOTS;

  /** Builds and stores a snapshot in `tx` (which holds the build lock); answers it. */
  async function buildIn(tx: Queryable, source: 'daily' | 'operator', operatorId: number | null): Promise<LiabilitySnapshot> {
    const currencies = (await tx.query<{ symbol: string }>('select symbol from currency order by symbol')).map((r) => r.symbol);
    const users = shuffle([...(await userBalances(tx))].map(([userId, balances]) => ({ userId, salt: newSalt(), balances: canonicalSums(currencies, balances) })));
    const levels = buildLevels(currencies, users);
    const root = levels.at(-1)![0]!;
    const [row] = await tx.query<{ id: string | number }>(
      `insert into liability_snapshot (built_ms, source, operator_id, root_hash, currencies, totals, leaf_count)
       values ($1, $2, $3, $4, $5::text[], $6::jsonb, $7) returning id`,
      [now(), source, operatorId, root.hash, currencies, JSON.stringify(root.sums), users.length],
    );
    const id = Number(row!.id);
    const nodes: unknown[][] = users.length === 0 ? [] : levels.flatMap((level, l) => level.map((node: LiabilityNode, p) => [l, p, node.hash, JSON.stringify(node.sums)]));
    await insertChunks(tx, nodes, ([levelsOf, positions, hashes, sums]) =>
      tx.query(
        `insert into liability_node (snapshot_id, level, pos, hash, sums)
         select $1::bigint, t.level, t.pos, t.hash, t.sums::jsonb from unnest($2::smallint[], $3::int[], $4::text[], $5::text[]) as t(level, pos, hash, sums)`,
        [id, levelsOf, positions, hashes, sums],
      ),
    );
    await insertChunks(tx, users.map((u, p) => [u.userId, p, u.salt]), ([userIds, positions, salts]) =>
      tx.query(
        `insert into liability_leaf (snapshot_id, user_id, pos, salt)
         select $1::bigint, t.user_id, t.pos, t.salt from unnest($2::bigint[], $3::int[], $4::text[]) as t(user_id, pos, salt)`,
        [id, userIds, positions, salts],
      ),
    );
    // Older snapshots keep their root and totals; their trees go.
    const older = `select id from liability_snapshot order by id desc offset $1`;
    await tx.query(`delete from liability_node where snapshot_id in (${older})`, [keep]);
    await tx.query(`delete from liability_leaf where snapshot_id in (${older})`, [keep]);
    return { id, built_at: now(), source, root: root.hash, currencies, totals: root.sums, leaf_count: users.length };
  }

  const takeLock = async (tx: Queryable) => {
    // Keyed by the schema too: test files share one PostgreSQL database, each in a schema of its own.
    const [lock] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1::int, hashtext(current_schema())) as locked', [BUILD_LOCK]);
    return lock?.locked === true;
  };

  return {
    /**
     * A finance operator's build: the snapshot and its one audit row in one transaction (the row
     * last); refused (and audited as refused) while another build runs.
     */
    async buildByOperator(operator: OperatorActor): Promise<Outcome<LiabilitySnapshot>> {
      try {
        const snapshot = await db.transaction(async (tx) => {
          if (!(await takeLock(tx))) throw refusal('liabilitiesBuildBusy');
          const built = await buildIn(tx, 'operator', operator.id);
          await writeOperatorAudit(tx, {
            operator,
            kind: 'liabilities.build',
            object: { type: 'liability_snapshot', id: built.id },
            after: { root: built.root, leaf_count: built.leaf_count, totals: built.totals },
          });
          return built;
        });
        return { ok: true, data: snapshot };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        await writeOperatorAudit(db, { operator, kind: 'liabilities.build', outcome: 'refused', detail: error.key });
        return { ok: false, key: error.key };
      }
    },

    /** The timer's step: builds today's daily snapshot (UTC day) unless it exists or a build runs. Answers it, or undefined. */
    async runDaily(): Promise<LiabilitySnapshot | undefined> {
      const dayStart = Math.floor(now() / DAY_MS) * DAY_MS;
      return db.transaction(async (tx) => {
        if (!(await takeLock(tx))) return undefined;
        const [done] = await tx.query(`select 1 from liability_snapshot where source = 'daily' and built_ms >= $1 limit 1`, [dayStart]);
        return done ? undefined : buildIn(tx, 'daily', null);
      });
    },

    /** The console desk's list (`liabilities.read`): the latest `limit` snapshots, newest first, each as the public API shows one. */
    async recent(limit = LIABILITY_SNAPSHOTS_LISTED): Promise<LiabilitySnapshot[]> {
      const rows = await db.query<SnapshotRow>(`select ${SNAPSHOT_COLUMNS} from liability_snapshot order by built_ms desc, id desc limit $1`, [limit]);
      return rows.map(snapshotOf);
    },

    async latest(): Promise<LiabilitySnapshot | null> {
      const [row] = await db.query<SnapshotRow>(`select ${SNAPSHOT_COLUMNS} from liability_snapshot order by built_ms desc, id desc limit 1`);
      return row ? snapshotOf(row) : null;
    },

    /**
     * `userId`'s leaf and path in the latest snapshot (or `snapshotId`): null when they have no leaf
     * there (signed up after it). Only ever the asking user's own leaf.
     */
    async proof(userId: number, snapshotId?: number): Promise<Outcome<LiabilityProof | null>> {
      const [row] =
        snapshotId === undefined
          ? await db.query<SnapshotRow>(`select ${SNAPSHOT_COLUMNS} from liability_snapshot order by built_ms desc, id desc limit 1`)
          : await db.query<SnapshotRow>(`select ${SNAPSHOT_COLUMNS} from liability_snapshot where id = $1`, [snapshotId]);
      if (!row) return snapshotId === undefined ? { ok: true, data: null } : { ok: false, key: 'liabilitiesSnapshotNotFound' };
      const snapshot = snapshotOf(row);
      const [leaf] = await db.query<{ pos: number; salt: string }>('select pos, salt from liability_leaf where snapshot_id = $1 and user_id = $2', [snapshot.id, userId]);
      if (!leaf) {
        const [kept] = await db.query('select 1 from liability_leaf where snapshot_id = $1 limit 1', [snapshot.id]);
        return !kept && snapshot.leaf_count > 0 ? { ok: false, key: 'liabilitiesSnapshotGone' } : { ok: true, data: null };
      }
      const index = Number(leaf.pos);
      const steps = pathPositions(snapshot.leaf_count, index);
      const wanted = [{ level: 0, position: index }, ...steps];
      const nodes = await db.query<{ level: number; pos: number; hash: string; sums: LiabilityBalances | string }>(
        `select n.level, n.pos, n.hash, n.sums from liability_node n
         join unnest($2::smallint[], $3::int[]) as w(level, pos) on n.level = w.level and n.pos = w.pos
         where n.snapshot_id = $1`,
        [snapshot.id, wanted.map((w) => w.level), wanted.map((w) => w.position)],
      );
      const at = new Map(nodes.map((n) => [`${n.level}:${n.pos}`, { hash: n.hash, sums: json(n.sums) }]));
      const node = (level: number, position: number) => {
        const found = at.get(`${level}:${position}`);
        if (!found) throw new Error(`liability snapshot ${snapshot.id} lacks node ${level}:${position}`);
        return found;
      };
      const own = node(0, index);
      return {
        ok: true,
        data: {
          version: 1,
          snapshot,
          leaf: { index, salt: leaf.salt, balances: own.sums, hash: own.hash },
          path: steps.map((s) => ({ side: s.side, ...node(s.level, s.position) })),
        },
      };
    },
  };
}

export type Liabilities = ReturnType<typeof liabilitiesService>;

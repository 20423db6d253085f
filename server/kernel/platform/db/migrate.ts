import { readFileSync } from 'node:fs';
import type { Database, Queryable } from './database.js';
import { migrationFiles } from './migrationFiles.js';

/** Any constant works: it only has to be the same for every server sharing one PostgreSQL. */
export const MIGRATION_LOCK_KEY = 7_241_001;

/**
 * Applies, in name order, every migration not yet recorded in schema_migrations (up to and including
 * `through`, for tests of a migration's backfill): the kernel's and each product's, one numbered
 * history (migrationFiles.ts).
 */
export async function migrate(db: Database, through?: string): Promise<string[]> {
  const files = migrationFiles(through);
  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL must not both migrate. The history's own table
    // is created under the lock too: PostgreSQL's `if not exists` does not hold against a create
    // running at the same moment (the loser fails on pg_type's unique index), which stopped a
    // cluster node at start in CI (tests/server/migrateTogether.test.ts).
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file.name)) continue;
      for (const statement of splitStatements(readFileSync(file.path, 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('insert into schema_migrations (name) values ($1)', [file.name]);
      applied.push(file.name);
    }
    return applied;
  });
}

/**
 * The row prepared() (open.ts) records once the seed has run after the migrations: with it, a
 * database is ready for the processes that do not prepare it themselves.
 */
export const SEEDED = 'seeded';

/** Records that the seed ran (again): prepared() after seed(). */
export async function markSeeded(db: Queryable): Promise<void> {
  await db.query('insert into schema_migrations (name) values ($1) on conflict (name) do update set applied_at = now()', [SEEDED]);
}

/**
 * What `db` still lacks before the processes that do not migrate may use it: each migration file
 * not yet recorded in schema_migrations (all of them where it has none), then the seed's mark.
 */
export async function pendingPreparation(db: Queryable): Promise<string[]> {
  const done = await db.query<{ name: string }>('select name from schema_migrations').catch((error: unknown) => {
    // No table yet: nothing has migrated this database (42P01, undefined_table).
    if ((error as { code?: unknown } | null)?.code === '42P01') return [];
    throw error;
  });
  const recorded = new Set(done.map((r) => r.name));
  return [...migrationFiles().map((file) => file.name), SEEDED].filter((step) => !recorded.has(step));
}

/**
 * Waits until the database is migrated and seeded: a process that does not prepare it (a market
 * process) started on a fresh database while the node holding the server's lease still prepares
 * it — a market rebuilt before the seed has listed its pair would not run. Answers false if
 * `stopped` says so first. `onWait` is told once, if it waits.
 */
export async function untilPrepared(db: Queryable, options: { stopped?: () => boolean; onWait?: (pending: string[]) => void; pollMs?: number } = {}): Promise<boolean> {
  let told = false;
  for (;;) {
    const pending = await pendingPreparation(db);
    if (pending.length === 0) return true;
    if (options.stopped?.()) return false;
    if (!told) options.onWait?.(pending);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
  }
}

/**
 * Migrations are statements separated by semicolons at line ends; a function's body between `$$`
 * lines (030's lease fence) is one statement with its own semicolons inside.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quoted = false;
  for (const line of sql.split('\n')) {
    current += `${line}\n`;
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      statements.push(current.replace(/;\s*$/, ''));
      current = '';
    }
  }
  statements.push(current);
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter((s) => s.length > 0);
}

import { openPostgres } from '../../server/kernel/platform/db/postgres.js';

/** The busiest moment of a run: connections to the database in all, and by who holds them. */
export interface ConnectionPeak {
  total: number;
  /** By application_name without its instance suffix: openex-server, openex-market, openex-front… */
  byKind: Record<string, number>;
  /** What PostgreSQL lets ordinary roles open: max_connections less the superusers' reserve. */
  limit: number;
}

/**
 * Counts the connections to the database every `everyMs` while a cluster runs (issue 38: every node
 * opens pools of its own, and PostgreSQL refuses connections past max_connections, so nodes that
 * fit in a quiet test can fail under load). Its own connection is not counted.
 */
export async function sampleConnections(databaseUrl: string, everyMs = 250): Promise<{ stop(): Promise<ConnectionPeak> }> {
  const db = await openPostgres(databaseUrl, { pool: 1, planOnce: 1 });
  const [limits] = await db.query<{ limit: number }>(
    `select (current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int) as limit`,
  );
  let peak: ConnectionPeak = { total: 0, byKind: {}, limit: limits!.limit };
  let stopped = false;
  const sample = async () => {
    const rows = await db.query<{ kind: string; n: number }>(
      `select coalesce(nullif(regexp_replace(application_name, '-[0-9a-f]{8}$', ''), ''), 'unnamed') as kind, count(*)::int as n
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() group by 1`,
    );
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    if (total > peak.total) peak = { total, byKind: Object.fromEntries(rows.map((row) => [row.kind, row.n])), limit: peak.limit };
  };
  const running = (async () => {
    while (!stopped) {
      await sample().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      await db.close();
      return peak;
    },
  };
}

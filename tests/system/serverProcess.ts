import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { auditLedger } from '../../server/kernel/ledger/ledgerAudit.js';
import type { Database } from '../../server/kernel/db/database.js';
import { embeddedDatabaseUrl, openEmbeddedPostgres, stopEmbeddedPostgres } from '../../server/kernel/db/embeddedPostgres.js';
import { openPglite } from '../../server/kernel/db/pglite.js';
import { openPostgres } from '../../server/kernel/db/postgres.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from '../server/testDb.js';

const root = join(import.meta.dirname, '..', '..');

export const OPERATOR = { account: 'operator@system.test', password: 'Operator2026' };

export interface ServerProcess {
  url: string;
  /** kill -9: no shutdown hook runs, nothing is flushed on purpose. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the orderly shutdown (the database is closed cleanly). */
  stop(): Promise<void>;
  /** Everything the server printed, for failure messages. */
  output(): string;
}

/**
 * The real server (server/main.ts) as a child process on the embedded database in `dataDir`, as
 * `npm start` runs it — or on PostgreSQL when `databaseUrl` is given — with a fast simulated chain
 * so deposits confirm within a test.
 */
export async function startServerProcess(options: { dataDir: string; port: number; databaseUrl?: string; env?: Record<string, string> }): Promise<ServerProcess> {
  // SERVER_NODE_ARGS: extra node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to profile it under a bench (NODE_OPTIONS refuses --cpu-prof, and would profile the client too).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl ?? '',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      CLIENT_DIR: join(options.dataDir, 'no-client'),
      LOG_LEVEL: 'warn',
      OPERATOR_ACCOUNT: OPERATOR.account,
      OPERATOR_PASSWORD: OPERATOR.password,
      CHAIN_BLOCK_MS: '100',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${printed}`);
    try {
      const answer = await fetch(`${url}/api/pair_list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 120 s:\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => printed,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A market process (server/marketProcess.ts) as a child process, up once it says so. */
export interface MarketProcessChild {
  crash(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

export async function startMarketProcessChild(env: Record<string, string>): Promise<MarketProcessChild> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/marketProcess.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`market process did not start within 60 s:\n${printed}`)), 60_000);
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes(' is up')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`market process exited with ${code}:\n${printed}`));
    });
  });
  return {
    output: () => printed,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A data directory (and, when DATABASE_URL is set, a PostgreSQL schema of its own) for one system
 * test and the server processes run on it: `start` (again after a crash, on the same data), `audit`
 * once the server is stopped (the ledger audit on the database it left), and everything stopped
 * and removed after the file's tests. Both the embedded default (a PostgreSQL server of its own in
 * dataDir) and DATABASE_URL run the server's transactions side by side; EMBEDDED_DB=pglite runs the
 * suite on PGlite's single in-process connection.
 */
export function useScratchServer(tag: string, port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), `openex-${tag}-`));
  let schema: IsolatedSchema | undefined;
  let current: ServerProcess | undefined;
  afterAll(async () => {
    await current?.stop();
    // A test that failed between a crash and the restart leaves the database server running.
    await stopEmbeddedPostgres(join(dataDir, 'postgres'));
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    /** Starts the server on this data; `env` adds to its environment (e.g. MARKET_MAKERS=off). */
    async start(env?: Record<string, string>): Promise<ServerProcess> {
      if (usingPostgres()) schema ??= await createIsolatedSchema();
      current = await startServerProcess({ dataDir, port, databaseUrl: schema?.url, env });
      return current;
    },
    /** The URL another process (a market process, an edge) reaches this server's database by: its schema's, or the embedded one's socket. */
    databaseUrl(): string {
      return schema?.url ?? embeddedDatabaseUrl(join(dataDir, 'postgres'));
    },
    /** The ledger audit on the database the stopped server left. */
    audit(): Promise<string[]> {
      return this.read((db) => auditLedger(db));
    },
    /** Reads the database the stopped server left (the server must be stopped: one process owns the embedded one). */
    async read<T>(work: (db: Database) => Promise<T>): Promise<T> {
      const db = schema
        ? await openPostgres(schema.url)
        : process.env.EMBEDDED_DB === 'pglite'
          ? await openPglite(join(dataDir, 'pglite'))
          : await openEmbeddedPostgres(join(dataDir, 'postgres'));
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
  };
}

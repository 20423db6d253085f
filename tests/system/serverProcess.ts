import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { auditBooks } from '../../server/products/audit.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { embeddedDatabaseUrl, openEmbeddedPostgres, stopEmbeddedPostgres } from '../../server/kernel/platform/db/embeddedPostgres.js';
import { openPglite } from '../../server/kernel/platform/db/pglite.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from '../server/testDb.js';

const root = join(import.meta.dirname, '..', '..');

/** The environment's operator, pre-enrolled in 2FA by OPERATOR_TOTP_SECRET (base32) so the tests can sign it in with codes. */
export const OPERATOR = { account: 'operator@system.test', password: 'Operator2026', totpSecret: 'KRUGKIDTPFZXIZLNEB2GK43UEBXXAZLSMF2G64Q' };

export interface ServerProcess {
  url: string;
  /** kill -9: no shutdown hook runs, nothing is flushed on purpose. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the orderly shutdown (the database is closed cleanly). */
  stop(): Promise<void>;
  /** Everything the server printed, for failure messages. */
  output(): string;
}

/** The environment the system tests start server/main.ts with (`env` added last). */
export function serverEnv(options: { dataDir: string; port: number; databaseUrl?: string; env?: Record<string, string> }): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl ?? '',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    CLIENT_DIR: join(options.dataDir, 'no-client'),
    LOG_LEVEL: 'warn',
    OPERATOR_ACCOUNT: OPERATOR.account,
    OPERATOR_PASSWORD: OPERATOR.password,
    OPERATOR_TOTP_SECRET: OPERATOR.totpSecret,
    CHAIN_BLOCK_MS: '100',
    // Every client of a system test or bench is on this machine: no per-address socket cap.
    SOCKETS_PER_ADDRESS: '0',
    // The single server unless a test gives it a bus (with DATABASE_URL and a bus, a cluster node).
    REALTIME_BUS_URL: '',
    ROLES: '',
    ...options.env,
  };
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
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'scripts/serve.mjs'], {
    cwd: root,
    env: { ...process.env, ...serverEnv(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = controls(child);
  // SERVER_OUTPUT_FILE: also write what the server prints there (e.g. under SERVER_NODE_ARGS="--trace-gc-nvp").
  if (process.env.SERVER_OUTPUT_FILE) {
    const file = createWriteStream(process.env.SERVER_OUTPUT_FILE);
    child.stdout!.pipe(file);
  }
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${started.output()}`);
    try {
      const answer = await fetch(`${url}/api/pair_list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 120 s:\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, output: started.output, crash: started.crash, stop: started.stop };
}

/** A child process of the exchange's: kill -9, SIGTERM, and what it printed. */
export interface ChildControls {
  child: ChildProcess;
  /** kill -9: no shutdown hook runs, nothing is flushed on purpose. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the orderly shutdown. */
  stop(): Promise<void>;
  output(): string;
}

function controls(child: ChildProcess): ChildControls {
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
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
 * The server as `npm start` runs it (a node, pinned with ROLES or not) as a child process, resolved once it
 * prints that it is up (or `until`: what it says when it holds an entry); `env` adds to this process's environment.
 */
export async function startUntilUp(label: string, env: Record<string, string>, until: string | RegExp = ' is up'): Promise<ChildControls> {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: { ...process.env, SOCKETS_PER_ADDRESS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const started = controls(child);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within 60 s:\n${started.output()}`)), 60_000);
    const poll = setInterval(() => {
      if (typeof until === 'string' ? !started.output().includes(until) : !until.test(started.output())) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve();
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${code}:\n${started.output()}`));
    });
  });
  return started;
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
    /** The database a test reaches while the server runs (the operator's recovery codes: operatorCodes.ts); none on PGlite, which the server's process holds alone. */
    liveDatabaseUrl(): string | undefined {
      return schema?.url ?? (process.env.EMBEDDED_DB === 'pglite' ? undefined : embeddedDatabaseUrl(join(dataDir, 'postgres')));
    },
    /** The ledger audit on the database the stopped server left. */
    audit(): Promise<string[]> {
      return this.read((db) => auditBooks(db));
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

/** The machine's Redis, which the scale-out system tests' bus runs on. */
export const REDIS = { host: '127.0.0.1', port: 6379 };

/** Whether Redis answers on REDIS (the scale-out system tests are skipped where it does not). */
export function redisAnswers(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(REDIS.port, REDIS.host);
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

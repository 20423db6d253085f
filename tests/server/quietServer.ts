import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../server/config.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from './testDb.js';

/** A quiet server's settings: a free port, `dataDir`, the schema at `databaseUrl` or PGlite, no makers, no log. */
export function quietServerConfig(dataDir: string, databaseUrl: string | undefined): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    clientDir: join(dataDir, 'no-client'),
    logLevel: 'silent',
    marketMakers: false,
    // PGlite, as the rest of the server suite: no database server to start per test file.
    embeddedDb: 'pglite',
  };
}

/**
 * The whole server (HTTP, socket.io, markets) on a free port, on a fresh PGlite database — or its
 * own schema when DATABASE_URL is set — without market makers, so a suite's own orders and ticks
 * never race real ones. `stop` closes it and removes everything it wrote.
 */
export async function startQuietServer(
  tag: string,
  overrides: Partial<ServerConfig> = {},
): Promise<{ server: RunningServer; schemaUrl: string | undefined; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `openex-${tag}-`));
  const isolated: IsolatedSchema | undefined = usingPostgres() ? await createIsolatedSchema() : undefined;
  const server = await startServer({ ...quietServerConfig(dataDir, isolated?.url), ...overrides });
  return {
    server,
    schemaUrl: isolated?.url,
    async stop() {
      await server.stop();
      await isolated?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A quiet server for the test file (or describe block) that calls this: started before its tests,
 * stopped after them, the sockets in `sockets` (recordSocket's `opened`) closed first.
 */
export function useQuietServer(tag: string, overrides: Partial<ServerConfig> = {}): { readonly server: RunningServer; sockets: Socket[] } {
  let running: Awaited<ReturnType<typeof startQuietServer>> | undefined;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    running = await startQuietServer(tag, overrides);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await running?.stop();
  });
  return {
    get server() {
      return running!.server;
    },
    sockets,
  };
}

import { createHmac, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_PATHS, type ApiKeyCreated } from '../../../domain/apiKeys.js';
import type { ServerConfig } from '../../../server/config.js';
import { KEY_FILE } from '../../../server/products/apikeys/secretBox.js';
import { startServer, type RunningServer } from '../../../server/start.js';
import { quietServerConfig } from '../quietServer.js';
import { createTestUser } from '../support/users.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from '../testDb.js';

/**
 * A takeover onto another machine (issue 53's leftover; docs/DEPLOY.md "API key secrets"): an API
 * key made through a server with API_KEY_SECRET, and a Binance-signed request checked by the next
 * server on the same database but with a DATA_DIR of its own. On PostgreSQL both servers use one
 * schema (the second takes the lease once the first stops, as a standby does); on PGlite the
 * second starts on a copy of the first's database, without its key file.
 */
describe('an API key made through one server', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'openex-keys-node-a-')), mkdtempSync(join(tmpdir(), 'openex-keys-node-b-'))];
  const running: RunningServer[] = [];
  let isolated: IsolatedSchema | undefined;
  afterAll(async () => {
    for (const server of running) await server.stop();
    await isolated?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function signedAccount(server: RunningServer, key: ApiKeyCreated) {
    const query = new URLSearchParams({ timestamp: String(Date.now()) }).toString();
    const signature = createHmac('sha256', key.secret).update(query).digest('hex');
    const answer = await fetch(`${server.url}/api/v3/account?${query}&signature=${signature}`, { headers: { 'x-mbx-apikey': key.api_key } });
    return { status: answer.status, body: (await answer.json()) as { balances?: unknown[] } };
  }

  it('is checked by a server on another machine with the same API_KEY_SECRET', async () => {
    isolated = usingPostgres() ? await createIsolatedSchema() : undefined;
    const shared = randomBytes(32);
    const config = (dataDir: string): ServerConfig => ({ ...quietServerConfig(dataDir, isolated?.url), apiKeySecret: shared });
    const first = await startServer(config(dirs[0]!));
    running.push(first);
    const { token } = await createTestUser(first.db, { tag: 'keys-across', email: true, verified: true, funded: [['USDT', '1000']] });
    const made = await fetch(`${first.url}${API_KEY_PATHS.create}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ label: 'bot', permissions: ['read'], ip_allowlist: [] }),
    });
    const key = ((await made.json()) as { data: ApiKeyCreated }).data;
    expect((await signedAccount(first, key)).status).toBe(200);
    await first.stop();
    running.pop();

    if (!isolated) cpSync(join(dirs[0]!, 'pglite'), join(dirs[1]!, 'pglite'), { recursive: true });
    const second = await startServer(config(dirs[1]!));
    running.push(second);
    const checked = await signedAccount(second, key);
    expect(checked.status).toBe(200);
    expect(checked.body.balances).toContainEqual({ asset: 'USDT', free: '1000', locked: '0' });
    // The setting sealed it: neither server made a key file of its own.
    expect(dirs.map((dir) => existsSync(join(dir, KEY_FILE)))).toEqual([false, false]);
  }, 180_000);
});

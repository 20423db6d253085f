import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { embeddedDatabaseUrl, stopEmbeddedPostgres } from '../../server/kernel/db/embeddedPostgres.js';
import { LANGUAGES } from '../../src/domain/languages';
import { baseCatalogue } from './support/catalogue';
import { startEdgeProxy, type EdgeProxy } from './support/edgeProxy';
import { expectChange, untilAnswers } from './support/waits';

/**
 * The scale-out mode in the browser (docs/ARCHITECTURE.md "Scale-out: realtime edges"): a server
 * of its own on the realtime bus (this machine's Redis), a realtime edge beside it on the same
 * embedded database, and a proxy sending /socket.io to the edge. The page cannot tell: the book
 * and trades move live, in English and in Japanese, and when the server restarts behind the edge
 * the page's socket stays up and the book moves again. Skipped where no Redis answers.
 */
const REDIS = { host: '127.0.0.1', port: 6379 };
const ports = { server: 8184, edge: 8185, proxy: 8186 };
const dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-edge-'));
const bus = { REALTIME_BUS_URL: `redis://${REDIS.host}:${REDIS.port}`, REALTIME_BUS_PREFIX: `openex-e2e:${process.pid}:${Date.now()}` };

function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(REDIS.port, REDIS.host);
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** The labels the test finds things by, from the catalogues the app itself uses. */
function wordsOf(lang: string) {
  const { trade, connection } = baseCatalogue(lang);
  return { book: trade.orderBook, trades: trade.latestTrades, bids: trade.bids, live: connection.connected, connection: connection.label };
}

test.describe('realtime edge', () => {
  let server: ChildProcess | undefined;
  let edge: ChildProcess | undefined;
  let proxy: EdgeProxy | undefined;

  // Each in its own process group, so SIGKILL reaches tsx's node child too.
  const run = (script: string, env: Record<string, string>) =>
    spawn('npx', ['tsx', script], { detached: true, stdio: 'ignore', env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...bus, ...env } });
  const kill = (child: ChildProcess | undefined) => {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  };
  async function startServer() {
    server = run('server/main.ts', { PORT: String(ports.server), DATA_DIR: dataDir });
    await untilAnswers(`http://127.0.0.1:${ports.server}/home`, 200);
  }

  test.beforeAll(async () => {
    test.skip(!(await redisAnswers()), 'no Redis on 127.0.0.1:6379 for the realtime bus');
    test.setTimeout(120_000);
    await startServer();
    edge = run('server/edge.ts', { EDGE_PORT: String(ports.edge), DATABASE_URL: embeddedDatabaseUrl(join(dataDir, 'postgres')) });
    // An edge answers only /socket.io; anything else is its 404.
    await untilAnswers(`http://127.0.0.1:${ports.edge}/`, 404);
    proxy = await startEdgeProxy(ports.proxy, ports.server, ports.edge);
  });

  test.afterAll(async () => {
    await proxy?.close();
    kill(edge);
    kill(server);
    await stopEmbeddedPostgres(join(dataDir, 'postgres'));
  });

  test.beforeEach(async ({ page }) => {
    page.on('pageerror', (error) => {
      throw error;
    });
  });

  async function watchBtc(page: Page, words: ReturnType<typeof wordsOf>) {
    await page.goto(`${proxy!.origin}/markets/kline/BTC_USDT`);
    await expect(page.getByRole('status', { name: words.connection })).toHaveText(words.live);
    const book = page.getByRole('table', { name: words.book });
    await expect(book.getByRole('rowgroup', { name: words.bids }).getByRole('row').first()).toBeVisible();
    await expectChange(() => book.innerText(), 15_000);
    const trades = page.getByRole('table', { name: words.trades });
    await expect.poll(() => trades.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(proxy!.websocketsToEdge()).toBeGreaterThan(0);
    return book;
  }

  test('the kline page is live through the edge, in English', async ({ page }) => {
    await watchBtc(page, wordsOf('en_US'));
  });

  test('and in Japanese, with the same words as without an edge', async ({ page }) => {
    await page.goto(`${proxy!.origin}/home`);
    await page.evaluate((stored) => window.localStorage.setItem('language', JSON.stringify(stored)), LANGUAGES.find((l) => l.lang === 'ja_JP'));
    await watchBtc(page, wordsOf('ja_JP'));
  });

  test('the server restarts behind the edge: the socket stays up and the book moves again', async ({ page }) => {
    test.setTimeout(150_000);
    const book = await watchBtc(page, wordsOf('en_US'));
    const sockets = proxy!.websocketsToEdge();
    kill(server);
    await startServer();
    // The edge hears the new server's hello, syncs, and sends its sockets the rebuilt book.
    await expectChange(() => book.innerText(), 30_000);
    await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Live');
    expect(proxy!.websocketsToEdge()).toBe(sockets);
  });
});

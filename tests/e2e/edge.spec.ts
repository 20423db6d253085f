import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { embeddedDatabaseUrl, stopEmbeddedPostgres } from '../../server/kernel/platform/db/embeddedPostgres.js';
import { LANGUAGES } from '../../domain/languages';
import { baseCatalogue } from './support/catalogue';
import { startEdgeProxy, type EdgeProxy } from './support/edgeProxy';
import { expectChange, failOnPageErrors, untilAnswers } from './support/waits';
import { busFor, kill, redisAnswers, runServer } from './support/scaleOut';

/**
 * The scale-out mode in the browser (docs/ARCHITECTURE.md "Scale-out: identical nodes"): a server of
 * its own on the realtime bus (this machine's Redis), a cluster node's web part beside it on the
 * same embedded database, and a proxy sending /socket.io to that node. The page cannot
 * tell: the book and trades move live, in English and in Japanese, and when the server restarts
 * behind the edge the page's socket stays up and the book moves again. Skipped where no Redis answers.
 */
const ports = { server: 8184, edge: 8185, proxy: 8186 };
const dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-edge-'));
const bus = busFor('edge');

/** The labels the test finds things by, from the catalogues the app itself uses. */
function wordsOf(lang: string) {
  const { trade, connection } = baseCatalogue(lang);
  return { book: trade.orderBook, trades: trade.latestTrades, bids: trade.bids, live: connection.connected, connection: connection.label };
}

test.describe('realtime edge', () => {
  let server: ChildProcess | undefined;
  let edge: ChildProcess | undefined;
  let proxy: EdgeProxy | undefined;

  const run = (env: Record<string, string>) => runServer({ ...bus, ...env });
  async function startServer() {
    server = run({ PORT: String(ports.server), DATA_DIR: dataDir });
    await untilAnswers(`http://127.0.0.1:${ports.server}/home`, 200);
  }

  test.beforeAll(async () => {
    test.skip(!(await redisAnswers()), 'no Redis on 127.0.0.1:6379 for the realtime bus');
    // Two starts, the first on a fresh data directory: see untilAnswers.
    test.setTimeout(240_000);
    await startServer();
    // A cluster node's web part alone (ROLES=web) on the server's embedded database: the proxy sends it the sockets.
    edge = run({ ROLES: 'web', PORT: String(ports.edge), DATA_DIR: dataDir, DATABASE_URL: embeddedDatabaseUrl(join(dataDir, 'postgres')) });
    await untilAnswers(`http://127.0.0.1:${ports.edge}/readyz`, 200);
    proxy = await startEdgeProxy(ports.proxy, ports.server, ports.edge);
  });

  test.afterAll(async () => {
    await proxy?.close();
    kill(edge);
    kill(server);
    await stopEmbeddedPostgres(join(dataDir, 'postgres'));
  });

  failOnPageErrors();

  async function watchBtc(page: Page, words: ReturnType<typeof wordsOf>) {
    await page.goto(`${proxy!.origin}/markets/kline/BTC_USDT`);
    // A cold page through the proxy: more than the default 10 s on a loaded machine.
    await expect(page.getByRole('status', { name: words.connection })).toHaveText(words.live, { timeout: 25_000 });
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
    // The restarted server's markets publish again; the page's market actor takes the new book.
    await expectChange(() => book.innerText(), 30_000);
    await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Live');
    expect(proxy!.websocketsToEdge()).toBe(sockets);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { FUTURES_PATHS, futureDepthChannel } from '../../domain/futures/api.js';
import { SECONDS_PATHS, type SecondsContract } from '../../domain/seconds.js';
import { FIAT_PATHS } from '../../domain/fiat.js';
import { USER_CHANNEL } from '../../domain/spotOrders.js';
import type { ServerConfig } from '../../server/config.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { openSession } from '../../server/kernel/platform/auth/sessions.js';
import { changeBalance, readBalance } from '../../server/kernel/platform/ledger/ledger.js';
import { parseMarketProcesses } from '../../server/kernel/cluster/shards/processes.js';
import type { RunningServer } from '../../server/start.js';
import { startMarketProcess, type RunningMarketProcess } from '../../server/startMarkets.js';
import { networkCalls } from './http.js';
import { recordSocket } from './socketRecorder.js';
import { trader as spotTrader } from './spot/spotApp.js';
import { usingPostgres } from './testDb.js';
import { besideServer, startWebNode, useServerOnBus } from './scaleOutSetup.js';

/**
 * Products in a process of their own (docs/ARCHITECTURE.md "Scale-out: product processes"): futures
 * (engine, books, positions, loops), seconds contracts (scheduler, index) and P2P (sweep, merchants)
 * run in `f1`, and the server (and a cluster node's web part) send their calls there over the bus, through their own routes. Needs PostgreSQL and Redis (CI's
 * PostgreSQL pass of the server suite).
 */
const PROCESSES = parseMarketProcesses('f1=futures,seconds,fiat');
const DEPTH = futureDepthChannel('BTC', 'USDT');

type Payload = Record<string, unknown>;

describe.runIf(usingPostgres())('the futures product in a process of its own', () => {
  let server: RunningServer;
  let f1: RunningMarketProcess | undefined;
  let web: Awaited<ReturnType<typeof startWebNode>> | undefined;
  const w = useServerOnBus('product-process', { marketProcesses: PROCESSES }, async () => {
    await web?.stopAll();
    await f1?.stop();
  });
  const { bus, sockets } = w;
  const viaServer = networkCalls(() => server.url);
  const viaWeb = networkCalls(() => web!.url);

  const config = (): ServerConfig => besideServer(w.schemaUrl, bus, PROCESSES);

  /** A verified trader with USDT in the futures account. */
  async function futuresTrader(funds = '10000'): Promise<{ id: number; token: string }> {
    const [row] = await server.db.query<{ id: number }>(`insert into app_user (account, name_status) values ($1, 3) returning id`, [`f1-${Date.now()}-${Math.random()}@example.org`]);
    const id = Number(row!.id);
    await server.db.transaction((tx) => changeBalance(tx, { userId: id, currency: 'USDT', account: 'contract', available: funds, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    return { id, token: await openSession(server.db, id) };
  }

  beforeAll(async () => {
    server = w.server;
    f1 = await startMarketProcess(config(), ['f1']);
  });

  it("answers the futures calls through the server from the process's engine, and the book reaches the server's sockets", async () => {
    const trader = await futuresTrader();
    const settings = await viaServer.call<{ symbol: string }>(trader, FUTURES_PATHS.config, { symbol: 'btc_usdt' });
    expect(settings.code, settings.msg).toBe(200);
    // With the headers the product's own app gave it (the security headers among them).
    const raw = await fetch(`${server.url}${FUTURES_PATHS.config}`, { method: 'POST', headers: { 'content-type': 'application/json', token: trader.token }, body: '{"symbol":"btc_usdt"}' });
    expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
    expect(raw.headers.get('x-frame-options')).toBe('DENY');

    const watcher = await recordSocket<Payload>(server.url, { opened: sockets });
    expect((await watcher.subscribe(DEPTH)).code).toBe(200);
    const placed = await viaServer.call<{ order: { id: number; status: number } }>(trader, FUTURES_PATHS.order, { symbol: 'btc_usdt', action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' });
    expect(placed.code, placed.msg).toBe(200);
    // The margin and fee it holds are in the database the process wrote.
    expect(Number((await readBalance(server.db, trader.id, 'USDT', 'contract')).frozen)).toBeGreaterThan(0);
    // The server gives its sockets f1's book: the bid appears at 50000.
    await watcher.next((p) => p.channel === DEPTH && ((p.bids as Array<[string, string]> | undefined) ?? []).some(([price]) => price === '50000'));

    const cancelled = await viaServer.call(trader, FUTURES_PATHS.cancel, { order_id: placed.data.order.id });
    expect(cancelled.code, cancelled.msg).toBe(200);
    expect(await readBalance(server.db, trader.id, 'USDT', 'contract')).toMatchObject({ available: '10000', frozen: '0' });

    // The product's own refusals, translated, come back as it gave them.
    const refused = await viaServer.call(trader, FUTURES_PATHS.order, { symbol: 'btc_usdt', action: 'open_long', type: 'limit', price: '50000', quantity: '0.000001' }, { lang: 'ja_JP' });
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it("settles a seconds contract in the process and tells the buyer on the server's socket (the server reports its listeners to the process)", async () => {
    // An index price: a spot trade on BTC_USDT, which the server runs.
    const seller = await spotTrader(server.db, { BTC: '1' });
    const buyer = await spotTrader(server.db, { USDT: '100000' });
    await viaServer.place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '96000', quantity: '0.1' });
    await viaServer.place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '96000', quantity: '0.1' });
    // Depth resting near the price: a seconds contract's exposure is bounded by it (issue 34 §2),
    // and the trade above leaves none of its own.
    await viaServer.place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '96100', quantity: '0.5' });
    await viaServer.place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '95900', quantity: '0.5' });
    // The shortest period the schema allows, so the test waits seconds, not half a minute.
    await server.db.query(
      `insert into seconds_period (left_symbol, right_symbol, period_s, payout_rate, min_stake, max_stake, max_exposure) values ('BTC', 'USDT', 5, 0.8, 1, 1000, 100000)
       on conflict do nothing`,
    );
    const bettor = await futuresTrader('0');
    await server.db.transaction((tx) => changeBalance(tx, { userId: bettor.id, currency: 'USDT', account: 'sec_contract', available: '100', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    const watcher = await recordSocket<Payload>(server.url, { opened: sockets });
    expect((await watcher.subscribe({ channel: USER_CHANNEL, token: bettor.token })).code).toBe(200);
    expect((await viaServer.call(bettor, SECONDS_PATHS.acknowledge, {})).code).toBe(200);

    // The depth bound reads the index sampler's latest sample, which may predate the resting orders
    // above by up to one sampling interval: a refusal for depth is asked again until a sample has seen them.
    const buy = () => viaServer.call<SecondsContract>(bettor, SECONDS_PATHS.buy, { symbol: 'BTC_USDT', direction: 'up', period: 5, quantity: '10' }, { 'idempotency-key': `f1-${Date.now()}-${Math.random().toString(36).slice(2)}` });
    let bought = await buy();
    for (let tries = 0; bought.code !== 200 && /near the price/.test(bought.msg) && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      bought = await buy();
    }
    expect(bought.code, bought.msg).toBe(200);
    // The settlement's push is built only for owners who listen: f1 knows this one does from the server's report.
    const settled = await watcher.next((p) => p.channel === USER_CHANNEL && p.kind === 'seconds' && (p.contract as SecondsContract).id === bought.data.id && (p.contract as { settled_at?: unknown }).settled_at != null, 15_000);
    expect(settled.contract).toMatchObject({ id: bought.data.id, period: 5 });
  }, 30_000);

  it("serves P2P's ads from the process, with the merchants it seeded there", async () => {
    const ads = await viaServer.call<{ list: unknown[] }>(undefined, FIAT_PATHS.ads, { side: 'buy', crypto: 'USDT', fiat: 'USD', page: 1 });
    expect(ads.code, ads.msg).toBe(200);
    expect(ads.data.list.length).toBeGreaterThan(0);
  });

  it("answers them through a cluster node's web part too, straight from the process", async () => {
    web = await startWebNode(w.schemaUrl, bus, PROCESSES);
    const trader = await futuresTrader('500');
    const account = await viaWeb.call<{ available: string }>(trader, FUTURES_PATHS.account, {});
    expect(account.code, account.msg).toBe(200);
    expect(JSON.stringify(account.data)).toContain('500');
  });

  it('lets one process run the product: a second f1 takes nothing while f1 holds the entry', async () => {
    expect(await startMarketProcess(config(), ['f1'])).toBeUndefined();
  });

  it('says, translated, that the product cannot be reached while its process is down; the rest of the server goes on', async () => {
    const trader = await futuresTrader();
    await f1!.stop();
    f1 = undefined;
    const unreached = await viaServer.call(trader, FUTURES_PATHS.account, {}, { lang: 'de_DE' });
    expect(unreached).toEqual({ code: 500, msg: MESSAGES.de_DE.serverUnreachable, data: null });
    expect(await viaServer.call(undefined, FIAT_PATHS.ads, { side: 'buy', crypto: 'USDT', fiat: 'USD', page: 1 }, { lang: 'de_DE' })).toMatchObject({ msg: MESSAGES.de_DE.serverUnreachable });
    expect((await viaServer.call(undefined, '/api/plat_config', {})).code).toBe(200);
    // Started again, it rebuilds from the database and answers.
    f1 = await startMarketProcess(config(), ['f1']);
    expect((await viaServer.call(trader, FUTURES_PATHS.account, {})).code).toBe(200);
  }, 15_000);
});

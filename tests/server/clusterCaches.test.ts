import { describe, expect, it } from 'vitest';
import type { PlatConfig } from '../../domain/api.js';
import { FIAT_PATHS } from '../../domain/fiat.js';
import { FEE_PATHS } from '../../domain/fees.js';
import { MARKET_OPERATOR_PATHS } from '../../domain/marketsDesk.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { cacheChanged } from '../../server/kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../server/kernel/platform/catalogue.js';
import { startNode, type RunningNode } from '../../server/startNode.js';
import { clusterNodes } from './scaleOutSetup.js';
import { recoveryCodesOf } from './support/operators.js';
import { signInOperator } from './support/productTestbed.js';
import { createTestUser } from './support/users.js';
import { createIsolatedSchema, usingPostgres } from './testDb.js';

/**
 * Issue 53 §5: what every node holds in memory of rows an operator changes — a market's halt, the
 * fee schedule, the platform configuration — follows a change made through another node at once
 * (kernel/platform/caches.ts: pg_notify in the change's transaction, a listener on every process),
 * not when its own copy times out or at a restart. Each change is made through node 1 right after
 * node 2 has read (so holds) the old value; node 2 must answer the new one within WITHIN_MS of the
 * change's answer (a request's time on a busy machine included): before the notices, its copy of a
 * pair's halt lived pairStatusMs (1 s) after its last read, and a listing reached no other node
 * before a restart. (The fee rates' global forget reaches node 2's copy in this one process anyway:
 * tests/server/caches.test.ts holds them apart.)
 */
const WITHIN_MS = 800;

async function call<T = unknown>(node: RunningNode, path: string, body: object, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${node.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}), ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** How long after `since` `check` first held (polling), or fails after `limitMs`. */
async function heldWithin(check: () => Promise<boolean>, since: number, limitMs: number): Promise<number> {
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() - since > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(usingPostgres())('caches across cluster nodes', () => {
  it("a halt, a fee change, a plat_config change and a listing made elsewhere are node 2's next answer", async () => {
    const schema = await createIsolatedSchema();
    const cluster = clusterNodes('caches', { DATABASE_URL: schema.url, MARKET_PROCESSES: 'm1=BTC_USDT' });
    const nodes: RunningNode[] = [];
    const db = await openPostgres(schema.url, { pool: 2, planOnce: 1 });
    try {
      const one = await startNode(cluster.config(0));
      nodes.push(one);
      const two = await startNode(cluster.config(1));
      nodes.push(two);
      const operator = await signInOperator(db, 'caches-risk@openex.test');
      // A schedule row's edit asks the operator's own 2FA code: a recovery code each (good once, whatever the clock).
      const deskCode = recoveryCodesOf(db, 'caches-risk@openex.test');
      const trader = await createTestUser(db, { tag: 'caches', funded: { USDT: '10000' } });
      let n = 0;
      const buy = () => call(two, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' }, trader.token, { 'idempotency-key': `caches-${++n}` });

      // A halt: node 2 took an order a moment ago, so it holds the market as trading.
      await heldWithin(async () => (await buy()).code === 200, Date.now(), 30_000);
      expect((await buy()).code).toBe(200);
      expect((await call(one, MARKET_OPERATOR_PATHS.halt, { market: 'spot', symbol: 'BTC_USDT', reason: 'Cache test' }, operator)).code).toBe(200);
      const halted = Date.now();
      const refusedAfter = await heldWithin(async () => {
        const answer = await buy();
        if (answer.code === 200) return false;
        expect(answer.msg).toContain('Cache test');
        return true;
      }, halted, WITHIN_MS);
      expect(refusedAfter).toBeLessThan(WITHIN_MS);

      // A fee schedule row, three times: node 2 holds the old rates each time.
      const rate = async () => JSON.stringify((await call<{ maker: string; taker: string }>(two, SPOT_PATHS.feeRate, { symbol: 'BTC_USDT' }, trader.token)).data);
      for (const [maker, taker] of [['0.0007', '0.0009'], ['0.0006', '0.0008'], ['0.0005', '0.0007']] as const) {
        const wanted = JSON.stringify({ maker, taker });
        expect(await rate()).not.toBe(wanted);
        expect((await call(one, FEE_PATHS.operatorSchedule, { product: 'spot', market: 'BTC_USDT', tier: 0, maker, taker, totp_code: await deskCode() }, operator)).code).toBe(200);
        await heldWithin(async () => (await rate()) === wanted, Date.now(), WITHIN_MS);
      }

      // The platform configuration, which every node answers from memory.
      const payTime = async () => (await call<PlatConfig>(two, '/api/plat_config', {})).data.config.legal_trade.pay_time;
      expect(await payTime()).not.toBe(45);
      // P2P runs as an entry of its own: node 1 passes the change on once it has heard that entry's
      // holder (the pools take their entries one a look, and a node reads the owners once a
      // second), and until then refuses it as not done (CI once got there first). Setting the same
      // pay time again changes nothing.
      await heldWithin(async () => (await call(one, FIAT_PATHS.operatorLegalTrade, { pay_time: 45 }, operator)).code === 200, Date.now(), 10_000);
      await heldWithin(async () => (await payTime()) === 45, Date.now(), WITHIN_MS);

      // A pair listed by another process (as an operator's listing on any node writes it): its market
      // opens where it runs, and node 2 takes its orders, without a restart.
      const listed = Date.now();
      await db.transaction(async (tx) => {
        await tx.query(`insert into pair (left_symbol, right_symbol, price_precision, amount_precision, sort, min_quantity, min_notional, simulated)
          values ('SOL', 'BTC', 6, 3, 900, 0.001, 0.00001, false)`);
        await tx.query(`insert into pair_listing (product, base, quote, status) values ('spot', 'SOL', 'BTC', 1)`);
        await cacheChanged(tx, PAIRS_CACHE);
      });
      const btcHolder = await createTestUser(db, { tag: 'caches-listed', funded: { BTC: '1' } });
      const buyListed = () => call(two, SPOT_PATHS.place, { symbol: 'SOL_BTC', side: 'buy', type: 'limit', price: '0.001', quantity: '1' }, btcHolder.token, { 'idempotency-key': `caches-${++n}` });
      await heldWithin(async () => (await buyListed()).code === 200, listed, 5000);
    } finally {
      for (const node of nodes.reverse()) await node.stop();
      await db.close();
      await schema.drop();
      cluster.removeDirs();
    }
  }, 90_000);
});

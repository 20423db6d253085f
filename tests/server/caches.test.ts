import { describe, expect, it } from 'vitest';
import { cacheChanged, cacheVersion, forgetCache, listenForCacheChanges, remembered } from '../../server/kernel/platform/caches.js';
import { PLATFORM_CONFIG_CACHE, platformConfig } from '../../server/kernel/platform/catalogue.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { openDatabase } from '../../server/kernel/platform/db/open.js';
import { openPostgres, withApplicationName } from '../../server/kernel/platform/db/postgres.js';
import { FEE_RATES_CACHE, feeRateOf } from '../../server/kernel/platform/fees/feeRates.js';
import { PRODUCT_SEEDS } from './productSeeds.js';
import { createIsolatedSchema, openTestDatabase, usingPostgres } from './testDb.js';

/**
 * The kernel's caches of rows any process may change (server/kernel/platform/caches.ts, issue 53
 * §5): held until a change is announced, the announcement sent with the change's commit and heard
 * by every process on the database, nothing trusted while the listener is down and everything
 * forgotten once it listens again.
 */
const until = async (check: () => Promise<boolean> | boolean, limitMs: number, what: string) => {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('a remembered value', () => {
  it('is read once, shared by concurrent callers, and read again after its name is forgotten', async () => {
    const db = await openTestDatabase();
    try {
      await listenForCacheChanges(db);
      let reads = 0;
      let fail = false;
      const value = remembered(db, 'thing', async () => {
        reads += 1;
        if (fail) throw new Error('no');
        return reads;
      });
      expect(await Promise.all([value(), value(), value()])).toEqual([1, 1, 1]);
      expect(await value()).toBe(1);
      forgetCache(db, 'other');
      expect(await value()).toBe(1);
      forgetCache(db, 'thing');
      fail = true;
      await expect(value()).rejects.toThrow('no');
      fail = false;
      // A failed read is not held.
      expect(await value()).toBe(3);
      expect(reads).toBe(3);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(usingPostgres())('caches of two processes on one PostgreSQL', () => {
  it("hear each other's committed changes, not rolled back ones, and trust nothing while deaf", async () => {
    const schema = await createIsolatedSchema();
    const writer = await openDatabase({ databaseUrl: schema.url, productSeeds: PRODUCT_SEEDS });
    const listenerName = `openex-caches-test-${process.pid}-${Date.now()}`;
    const reader: Database = await openPostgres(withApplicationName(schema.url, listenerName), { pool: 2, planOnce: 1 });
    const stops: Array<() => Promise<void>> = [];
    try {
      expect(cacheVersion(reader, PLATFORM_CONFIG_CACHE)).toBeUndefined();
      stops.push(await listenForCacheChanges(reader), await listenForCacheChanges(writer));
      const payTime = async () => (await platformConfig(reader)).config.legal_trade.pay_time;
      const before = await payTime();

      // Held: a change nobody announced is not seen (the plat_config answer costs no query).
      await writer.query(`update platform_config set value = jsonb_set(value, '{pay_time}', '77') where key = 'legal_trade'`);
      expect(await payTime()).toBe(before);

      // Announced in a transaction that rolls back: nothing heard.
      const version = cacheVersion(reader, PLATFORM_CONFIG_CACHE);
      await expect(
        writer.transaction(async (tx) => {
          await cacheChanged(tx, PLATFORM_CONFIG_CACHE);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(cacheVersion(reader, PLATFORM_CONFIG_CACHE)).toBe(version);
      expect(await payTime()).toBe(before);

      // Announced in the writer's transaction: the reader reads again.
      await writer.transaction((tx) => cacheChanged(tx, PLATFORM_CONFIG_CACHE));
      await until(async () => (await payTime()) === 77, 1000, 'the platform configuration heard');

      // Fee rates: the reader's held schedule goes at the writer's announcement, not a second later.
      const [trader] = await writer.query<{ id: number }>(`insert into app_user (account) values ('caches-fees@example.org') returning id`);
      const rate = async () => (await feeRateOf(reader, reader, 'spot', 'BTC_USDT', Number(trader!.id))).maker;
      const oldMaker = await rate();
      await writer.transaction(async (tx) => {
        await tx.query(`insert into fee_schedule (product, market, tier, maker, taker) values ('spot', 'BTC_USDT', 0, 0.00042, 0.0009)
          on conflict (product, market, tier) do update set maker = excluded.maker, taker = excluded.taker`);
        await tx.query('update fee_state set version = version + 1 where id = 1');
        await cacheChanged(tx, FEE_RATES_CACHE);
      });
      await until(async () => (await rate()) === '0.00042', 300, `the fee schedule heard (was ${oldMaker})`);

      // The listening connection is cut: nothing is trusted until it listens again, then all is read afresh.
      const heardBefore = cacheVersion(reader, PLATFORM_CONFIG_CACHE)!;
      await writer.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query ilike 'listen%'`, [listenerName]);
      await until(() => cacheVersion(reader, PLATFORM_CONFIG_CACHE) === undefined, 2000, 'the lost listener noticed');
      // Changed while the reader could not hear (no announcement reaches it): read, not held.
      await writer.query(`update platform_config set value = jsonb_set(value, '{pay_time}', '78') where key = 'legal_trade'`);
      expect(await payTime()).toBe(78);
      await until(() => (cacheVersion(reader, PLATFORM_CONFIG_CACHE) ?? 0) > heardBefore, 3000, 'the listener back');
      expect(await payTime()).toBe(78);
      await writer.query(`update platform_config set value = jsonb_set(value, '{pay_time}', '79') where key = 'legal_trade'`);
      await writer.transaction((tx) => cacheChanged(tx, PLATFORM_CONFIG_CACHE));
      await until(async () => (await payTime()) === 79, 1000, 'heard after the listener came back');
    } finally {
      for (const stop of stops) await stop();
      await reader.close();
      await writer.close();
      await schema.drop();
    }
  }, 60_000);
});

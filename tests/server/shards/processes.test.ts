import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.js';
import { defineProduct } from '../../../server/kernel/platform/product.js';
import { marketsOf, parseMarketProcesses, processOf, productMarket, productsApartOf, productsOf, runsSpot, withDefaultEntries } from '../../../server/kernel/cluster/shards/processes.js';

describe('MARKET_PROCESSES', () => {
  it('names each market process and the spot markets it runs', () => {
    const processes = parseMarketProcesses(' m1 = btc_usdt, ETH_USDT ; m-2=SOL_USDT; ');
    expect([...processes]).toEqual([
      ['m1', ['BTC_USDT', 'ETH_USDT']],
      ['m-2', ['SOL_USDT']],
    ]);
    expect(processOf(processes, 'ETH_USDT')).toBe('m1');
    expect(processOf(processes, 'DOGE_USDT')).toBeUndefined();
    expect(parseMarketProcesses(undefined).size).toBe(0);
    expect(parseMarketProcesses('  ').size).toBe(0);
  });

  it('refuses, saying why, a setting that would leave a market run twice or by nobody it names', () => {
    expect(() => parseMarketProcesses('m1=BTC_USDT;m2=btc_usdt')).toThrow(/BTC_USDT is given to two processes/);
    expect(() => parseMarketProcesses('m1=BTC_USDT;m1=ETH_USDT')).toThrow(/m1 is named twice/);
    expect(() => parseMarketProcesses('m1=')).toThrow(/runs no market/);
    expect(() => parseMarketProcesses('M 1=BTC_USDT')).toThrow(/process name/);
    expect(() => parseMarketProcesses('m1=BTCUSDT')).toThrow(/not a pair symbol/);
    expect(() => parseMarketProcesses('m1=*;m2=*')).toThrow(/\* is given to two processes/);
    expect(() => readConfig({ MARKET_PROCESSES: 'm1=BTC_USDT;m2=BTC_USDT' })).toThrow(/two processes/);
  });

  it('is read by every process, none of which is told from the environment which entry it is (it takes one)', () => {
    const config = readConfig({ MARKET_PROCESSES: 'm1=BTC_USDT', MARKET_PROCESS: 'm1' });
    expect(config.marketProcesses?.get('m1')).toEqual(['BTC_USDT']);
    expect(config.marketProcess).toBeUndefined();
    expect(readConfig({}).marketProcesses?.size).toBe(0);
  });

  it('gives whole products that can run apart to a process, lowercase beside the markets', () => {
    const processes = parseMarketProcesses('m1=BTC_USDT,futures;f2=seconds');
    expect(marketsOf(processes, 'm1')).toEqual(['BTC_USDT']);
    expect(productsOf(processes, 'm1')).toEqual(['futures']);
    expect(processOf(processes, productMarket('futures'))).toBe('m1');
    expect(processOf(processes, productMarket('seconds'))).toBe('f2');
    expect(() => parseMarketProcesses('m1=futures;m2=futures')).toThrow(/futures is given to two processes/);

    const futures = defineProduct({ id: 'futures', apart: { paths: ['/api/futures/'] }, create: () => ({}) });
    const ico = defineProduct({ id: 'ico', create: () => ({}) });
    const config = readConfig({ MARKET_PROCESSES: 'm1=BTC_USDT,futures' });
    expect(productsApartOf(config, [futures, ico])).toEqual([futures]);
    // A product that keeps state the server shares cannot be moved, and the start says which can.
    expect(() => productsApartOf(readConfig({ MARKET_PROCESSES: 'm1=ico' }), [futures, ico])).toThrow(/"ico" is not a product that can run in a process of its own \(futures\)/);
  });
});

describe("a cluster node's entries", () => {
  it('gives every pair no entry names to the entry of `*`, those listed while running too, but never a product', () => {
    const processes = parseMarketProcesses('m1=BTC_USDT;rest=*;f1=futures');
    expect(processOf(processes, 'BTC_USDT')).toBe('m1');
    expect(processOf(processes, 'DOGE_USDT')).toBe('rest');
    expect(processOf(processes, productMarket('futures'))).toBe('f1');
    expect(processOf(processes, productMarket('seconds'))).toBeUndefined();
    expect(marketsOf(processes, 'rest')).toEqual([]);
    expect([runsSpot(processes, 'rest'), runsSpot(processes, 'm1'), runsSpot(processes, 'f1')]).toEqual([true, true, false]);
  });

  it('adds spot=* and an entry for each product that runs apart, unless the setting gives them one', () => {
    expect([...withDefaultEntries(parseMarketProcesses('m1=BTC_USDT'), ['futures', 'seconds', 'fiat'])]).toEqual([
      ['m1', ['BTC_USDT']],
      ['spot', ['*']],
      ['futures', ['futures']],
      ['seconds', ['seconds']],
      ['fiat', ['fiat']],
    ]);
    expect([...withDefaultEntries(parseMarketProcesses('a=*,futures;b=seconds,fiat'), ['futures', 'seconds', 'fiat'])]).toEqual([
      ['a', ['*', 'futures']],
      ['b', ['seconds', 'fiat']],
    ]);
    // The default's name taken by an entry that does not run what the default would.
    expect(() => withDefaultEntries(parseMarketProcesses('futures=BTC_USDT'), ['futures'])).toThrow(/the entry futures is needed for futures/);
  });
});

describe('ROLES', () => {
  const shared = { DATABASE_URL: 'postgres://db/openex', REALTIME_BUS_URL: 'redis://bus:6379' };
  it('makes npm start a whole cluster node with a shared database and bus, and the single server otherwise', () => {
    expect(readConfig({}).roles).toBeUndefined();
    expect(readConfig({ DATABASE_URL: shared.DATABASE_URL }).roles).toBeUndefined();
    expect(readConfig(shared).roles).toEqual(['web', 'markets']);
    expect(readConfig({ ...shared, MARKET_PROCESSES: 'm1=BTC_USDT' }).roles).toEqual(['web', 'markets']);
  });

  it('pins the work an operator names, and refuses, saying why, what cannot run', () => {
    expect(readConfig({ ...shared, ROLES: 'markets, web' }).roles).toEqual(['web', 'markets']);
    expect(readConfig({ ...shared, ROLES: 'markets' }).roles).toEqual(['markets']);
    expect(() => readConfig({ ...shared, ROLES: 'front' })).toThrow(/ROLES must name some of web, markets/);
    expect(() => readConfig({ ROLES: 'web' })).toThrow(/needs DATABASE_URL and REALTIME_BUS_URL/);
    expect(() => readConfig({ ...shared, PORT: 'x' })).toThrow(/PORT must be a port number/);
  });
});

import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.js';
import { defineProduct } from '../../../server/kernel/platform/product.js';
import { marketsOf, parseMarketProcesses, processOf, productMarket, productsOf } from '../../../server/kernel/cluster/shards/processes.js';
import { productRoutes, productsApartOf } from '../../../server/kernel/cluster/shards/productsApart.js';

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
    // The server's own name on the bus, for the HTTP fronts' commands to the markets it runs.
    expect(() => parseMarketProcesses('server=BTC_USDT')).toThrow(/the server's own name/);
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
    expect(productRoutes([futures])).toEqual([{ prefix: '/api/futures/', market: 'product:futures' }]);
    // A product that keeps state the server shares cannot be moved, and the start says which can.
    expect(() => productsApartOf(readConfig({ MARKET_PROCESSES: 'm1=ico' }), [futures, ico])).toThrow(/"ico" is not a product that can run in a process of its own \(futures\)/);
  });
});

describe('ROLES', () => {
  const shared = { DATABASE_URL: 'postgres://db/openex', REALTIME_BUS_URL: 'redis://bus:6379' };
  it('makes npm start a whole cluster node with a shared database and bus, and the server alone otherwise', () => {
    expect(readConfig({}).roles).toEqual(['server']);
    expect(readConfig({ DATABASE_URL: shared.DATABASE_URL }).roles).toEqual(['server']);
    expect(readConfig(shared).roles).toEqual(['server', 'front']);
    expect(readConfig({ ...shared, MARKET_PROCESSES: 'm1=BTC_USDT' }).roles).toEqual(['server', 'front', 'markets']);
    expect(readConfig({ ...shared, PORT: '9000' }).serverPort).toBe(9001);
    expect(readConfig({ ...shared, PORT: '9000', SERVER_PORT: '9100' }).serverPort).toBe(9100);
  });

  it('pins the work an operator names, and refuses, saying why, what cannot run', () => {
    expect(readConfig({ ...shared, MARKET_PROCESSES: 'm1=BTC_USDT', ROLES: 'markets, front' }).roles).toEqual(['front', 'markets']);
    expect(readConfig({ ROLES: 'server' }).roles).toEqual(['server']);
    expect(() => readConfig({ ...shared, ROLES: 'edge' })).toThrow(/ROLES must name some of server, front, markets/);
    expect(() => readConfig({ ROLES: 'front' })).toThrow(/needs DATABASE_URL and REALTIME_BUS_URL/);
    expect(() => readConfig({ ...shared, ROLES: 'markets' })).toThrow(/needs MARKET_PROCESSES/);
    expect(() => readConfig({ ...shared, SERVER_PORT: 'x' })).toThrow(/SERVER_PORT must be a port number/);
  });
});

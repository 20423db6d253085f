import { describe, expect, it } from 'vitest';
import { companionFlows, lazyParts, type ModuleGraph } from './moduleGraph';
import { chartPages, routeChunkGroups } from './routeChunks';

/** A small app shaped like ours: an entry, the shell's home page, three products' pages and flows, a chart library. */
const R = '/app/src';
function graph(): ModuleGraph {
  const g: ModuleGraph = new Map();
  const add = (id: string, imports: string[] = [], dynamic: string[] = [], isEntry = false) => g.set(id, { imports, dynamic, isEntry });
  add(`${R}/main.tsx`, [`${R}/app/ui/Button.tsx`, `${R}/features/spot/feature.tsx`, `${R}/features/markets/feature.tsx`], [`${R}/features/markets/views/home/HomePage.tsx`], true);
  add(`${R}/app/ui/Button.tsx`);
  add(`${R}/features/spot/feature.tsx`, [`${R}/features/markets/withPairMarket.ts`], [`${R}/features/spot/views/SpotTradePage.tsx`, `${R}/features/spot/views/SpotOrdersPage.tsx`, `${R}/features/spot/spot.flows.ts`]);
  add(`${R}/features/markets/feature.tsx`, [], [`${R}/features/markets/views/MarketsPage.tsx`, `${R}/features/markets/markets.flows.ts`, `${R}/features/futures/views/FuturesTradePage.tsx`]);
  add(`${R}/features/markets/withPairMarket.ts`, [], [`${R}/features/markets/markets.flows.ts`]);
  add(`${R}/features/markets/views/home/HomePage.tsx`, [`${R}/app/ui/DataTable.tsx`, `${R}/app/ui/Button.tsx`]);
  add(`${R}/app/ui/DataTable.tsx`);
  add(`${R}/features/spot/views/SpotTradePage.tsx`, [`${R}/kit/trade/TradePage.tsx`, `${R}/features/spot/OrderForm.tsx`, `${R}/app/ui/Dialog.tsx`, `${R}/app/ui/DataTable.tsx`]);
  add(`${R}/features/spot/views/SpotOrdersPage.tsx`, [`${R}/features/spot/orderColumns.tsx`, `${R}/app/ui/Dialog.tsx`]);
  add(`${R}/features/spot/OrderForm.tsx`, [`${R}/features/spot/orderColumns.tsx`]);
  add(`${R}/features/spot/orderColumns.tsx`);
  add(`${R}/features/spot/spot.flows.ts`, [`${R}/features/spot/orderForm.machine.ts`]);
  add(`${R}/features/spot/orderForm.machine.ts`);
  add(`${R}/features/futures/views/FuturesTradePage.tsx`, [`${R}/kit/trade/TradePage.tsx`, `${R}/app/ui/Dialog.tsx`]);
  add(`${R}/kit/trade/TradePage.tsx`, [`/app/node_modules/klinecharts/index.js`, `${R}/kit/trade/pairMarket.machine.ts`, `${R}/kit/trade/liveHalt.ts`]);
  add('/app/node_modules/klinecharts/index.js');
  add(`${R}/features/markets/markets.flows.ts`, [`${R}/kit/trade/pairMarket.machine.ts`, `${R}/features/markets/favourites.ts`]);
  add(`${R}/features/markets/favourites.ts`);
  add(`${R}/kit/trade/pairMarket.machine.ts`);
  add(`${R}/features/markets/views/MarketsPage.tsx`, [`${R}/kit/trade/liveHalt.ts`, `${R}/app/ui/Dialog.tsx`]);
  add(`${R}/kit/trade/liveHalt.ts`);
  add(`${R}/app/ui/Dialog.tsx`);
  return g;
}

describe('the trade page in a few chunks (scripts/vite/routeChunks.ts)', () => {
  const groups = routeChunkGroups(graph(), { pages: ['SpotTradePage'], shell: ['HomePage'] });
  const of = (path: string) => groups.get(`${R}/${path}`);

  it('groups its modules by who else loads them', () => {
    expect(of('features/spot/OrderForm.tsx')).toBe('product-spot');
    // Shared with the order lists, the same product's pages.
    expect(of('features/spot/orderColumns.tsx')).toBe('product-spot');
    expect(of('features/spot/orderForm.machine.ts')).toBe('product-spot');
    // The chart's pages only (spot and futures): never fetched by the markets list.
    expect(of('kit/trade/TradePage.tsx')).toBe('chart');
    // The flows its loader fetches beside it, and what only they and the chart's pages use.
    expect(of('features/markets/favourites.ts')).toBe('trade-flows');
    expect(of('kit/trade/pairMarket.machine.ts')).toBe('trade-flows');
    // Used by pages of other products too.
    expect(of('kit/trade/liveHalt.ts')).toBe('common');
    expect(of('app/ui/Dialog.tsx')).toBe('common');
  });

  it('leaves the entry, the pages, the flows and the libraries where they were, and gathers the home page’s parts', () => {
    for (const path of ['app/ui/Button.tsx', 'features/spot/views/SpotTradePage.tsx', 'features/spot/spot.flows.ts', 'features/markets/markets.flows.ts', 'features/markets/views/home/HomePage.tsx']) expect(of(path), path).toBeUndefined();
    expect(groups.get('/app/node_modules/klinecharts/index.js')).toBeUndefined();
    expect(of('app/ui/DataTable.tsx')).toBe('shell-parts');
  });

  it('finds the flows a page’s loader fetches beside it (withPairMarket)', () => {
    expect(companionFlows(graph(), `${R}/features/spot/views/SpotTradePage.tsx`)).toEqual([`${R}/features/markets/markets.flows.ts`]);
    expect(companionFlows(graph(), `${R}/features/markets/views/MarketsPage.tsx`)).toEqual([]);
  });
});

describe('a chart the trade pages load lazily (ChartPanel.tsx: the price and book before the chart library)', () => {
  /** The same app with the chart behind a dynamic import of the trade kit's page. */
  function lazyChart(): ModuleGraph {
    const g = graph();
    g.set(`${R}/kit/trade/TradePage.tsx`, { imports: [`${R}/kit/trade/pairMarket.machine.ts`, `${R}/kit/trade/liveHalt.ts`, `${R}/kit/trade/trade.hooks.ts`], dynamic: [`${R}/kit/trade/KlineChart.tsx`], isEntry: false });
    g.set(`${R}/kit/trade/KlineChart.tsx`, { imports: ['/app/node_modules/klinecharts/index.js', `${R}/kit/trade/trade.hooks.ts`, `${R}/kit/trade/chartStyles.ts`], dynamic: [], isEntry: false });
    g.set(`${R}/kit/trade/trade.hooks.ts`, { imports: [], dynamic: [], isEntry: false });
    g.set(`${R}/kit/trade/chartStyles.ts`, { imports: [], dynamic: [], isEntry: false });
    // Another page that draws with the chart library, which the entry's feature.tsx imports dynamically
    // as it does every page, and the markets list importing that feature.tsx.
    g.set(`${R}/features/treasury/views/TreasuryPage.tsx`, { imports: ['/app/node_modules/klinecharts/index.js'], dynamic: [], isEntry: false });
    g.get(`${R}/features/markets/feature.tsx`)!.dynamic.push(`${R}/features/treasury/views/TreasuryPage.tsx`);
    g.get(`${R}/features/markets/views/MarketsPage.tsx`)!.imports.push(`${R}/features/markets/feature.tsx`);
    return g;
  }
  const g = lazyChart();
  const groups = routeChunkGroups(g, { pages: ['SpotTradePage'], shell: ['HomePage'] });
  const of = (path: string) => groups.get(`${R}/${path}`);

  it('still counts the pages that draw it as the chart’s, not the markets list', () => {
    const initial = new Set([`${R}/main.tsx`, `${R}/app/ui/Button.tsx`, `${R}/features/spot/feature.tsx`, `${R}/features/markets/feature.tsx`, `${R}/features/markets/withPairMarket.ts`]);
    const entries = new Set([...g.values()].flatMap((m) => m.dynamic));
    const pages = chartPages(g, entries, initial);
    for (const page of ['features/spot/views/SpotTradePage.tsx', 'features/futures/views/FuturesTradePage.tsx', 'kit/trade/KlineChart.tsx']) expect(pages.has(`${R}/${page}`), page).toBe(true);
    expect(pages.has(`${R}/features/treasury/views/TreasuryPage.tsx`)).toBe(true);
    // It reaches the entry's feature.tsx, which imports a chart page dynamically: the entry's, not its own.
    expect(pages.has(`${R}/features/markets/views/MarketsPage.tsx`)).toBe(false);
    expect(pages.has(`${R}/features/spot/views/SpotOrdersPage.tsx`)).toBe(false);
  });

  it('keeps the trade kit’s views in the chart pages’ chunk, and what only the chart uses out of it', () => {
    expect(of('kit/trade/TradePage.tsx')).toBe('chart');
    // Shared by the page and the lazy chart.
    expect(of('kit/trade/trade.hooks.ts')).toBe('chart');
    expect(of('kit/trade/chartStyles.ts')).toBeUndefined();
    expect(of('kit/trade/KlineChart.tsx')).toBeUndefined();
    expect(of('kit/trade/liveHalt.ts')).toBe('common');
  });

  it('finds the lazy chart of the pages that draw it (the route preloads name it)', () => {
    expect(lazyParts(g, `${R}/features/spot/views/SpotTradePage.tsx`, ['KlineChart'])).toEqual([`${R}/kit/trade/KlineChart.tsx`]);
    expect(lazyParts(g, `${R}/features/futures/views/FuturesTradePage.tsx`, ['KlineChart'])).toEqual([`${R}/kit/trade/KlineChart.tsx`]);
    expect(lazyParts(g, `${R}/features/spot/views/SpotOrdersPage.tsx`, ['KlineChart'])).toEqual([]);
  });
});

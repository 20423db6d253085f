import { describe, expect, it } from 'vitest';
import type { Manifest } from '../bundle/report';
import { routePreloads } from './routePreloads';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  'src/features/spot/views/SpotTradePage.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_chart.js', '_common.js', '_framework.js'] },
  '_chart.js': { file: 'assets/chart.js', imports: ['_klinecharts.js'] },
  '_klinecharts.js': { file: 'assets/klinecharts.js' },
  '_common.js': { file: 'assets/common.js' },
  'src/features/spot/spot.flows.ts': { file: 'assets/spot-flows.js', isDynamicEntry: true },
  'src/features/markets/markets.flows.ts': { file: 'assets/markets-flows.js', isDynamicEntry: true, imports: ['_trade-flows.js'] },
  '_trade-flows.js': { file: 'assets/trade-flows.js' },
  'src/locales/catalogueFiles.ts': { file: 'assets/english.js', isDynamicEntry: true },
};
const sizes: Record<string, number> = { 'assets/page.js': 1, 'assets/chart.js': 40, 'assets/klinecharts.js': 400, 'assets/common.js': 20, 'assets/spot-flows.js': 2, 'assets/markets-flows.js': 1, 'assets/trade-flows.js': 15, 'assets/english.js': 100 };
const route = { pattern: '/markets/kline/:symbol', path: '/markets/kline/btc_usdt', pages: ['SpotTradePage'], gated: false, redirect: false, shell: false };

describe("a route's preloads (scripts/vite/routePreloads.ts)", () => {
  it("names the flows the page's loader fetches beside it, the page's chunk first and then the smallest first", () => {
    const companions = (key: string) => (key === 'src/features/spot/views/SpotTradePage.tsx' ? ['src/features/markets/markets.flows.ts'] : []);
    const [trade] = routePreloads(manifest, [route], '/', companions, (file) => sizes[file]!);
    expect(trade!.files).toEqual(['/assets/page.js', '/assets/markets-flows.js', '/assets/spot-flows.js', '/assets/trade-flows.js', '/assets/common.js', '/assets/chart.js', '/assets/english.js', '/assets/klinecharts.js']);
  });

  it('without companions or sizes: the page, its closure, its flows and English, none of the entry’s', () => {
    const [trade] = routePreloads(manifest, [route]);
    expect(trade!.files[0]).toBe('/assets/page.js');
    expect(new Set(trade!.files)).toEqual(new Set(['/assets/page.js', '/assets/chart.js', '/assets/klinecharts.js', '/assets/common.js', '/assets/spot-flows.js', '/assets/english.js']));
  });

  it('names a part the page loads lazily but draws at once after everything the page waits for, smallest first', () => {
    const lazy: Manifest = {
      ...manifest,
      '_chart.js': { file: 'assets/chart.js', imports: ['_common.js'], dynamicImports: ['src/kit/trade/views/chart/KlineChart.tsx'] },
      'src/kit/trade/views/chart/KlineChart.tsx': { file: 'assets/kline.js', isDynamicEntry: true, imports: ['_klinecharts.js', '_chart.js', '_framework.js'] },
    };
    const parts = (key: string) => (key === 'src/features/spot/views/SpotTradePage.tsx' ? ['src/kit/trade/views/chart/KlineChart.tsx'] : []);
    const [trade] = routePreloads(lazy, [route], '/', () => [], (file) => ({ ...sizes, 'assets/kline.js': 3 })[file]!, parts);
    expect(trade!.files).toEqual(['/assets/page.js', '/assets/spot-flows.js', '/assets/common.js', '/assets/chart.js', '/assets/english.js', '/assets/kline.js', '/assets/klinecharts.js']);
    // A page that does not draw it: none of it.
    const [other] = routePreloads(lazy, [route], '/', () => [], (file) => sizes[file] ?? 0);
    expect(other!.files).not.toContain('/assets/kline.js');
    expect(other!.files).not.toContain('/assets/klinecharts.js');
  });
});

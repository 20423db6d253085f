import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { FEATURES } from '../features';
import type { Page } from './feature';
import { preloadPath } from './prefetch';
import { nextPaths } from './prefetchLater';
import { listRoutes } from './routeList';
import { buildRoutes, type RouteHandle } from './routes';

const fakePage = (name: string): Page & { preload: ReturnType<typeof vi.fn> } => ({ name, element: <div />, preload: vi.fn(async () => undefined) });

describe('route pages and prefetch', () => {
  it('every route of the table but redirects shows a page loaded on demand', () => {
    const routes = listRoutes(buildRoutes(FEATURES));
    const home = routes.find((r) => r.path === '/home');
    expect(home?.pages).toEqual(['HomePage']);
    expect(routes.find((r) => r.pattern === '/markets/kline/:symbol')?.path).toBe('/markets/kline/btc_usdt');
    for (const route of routes.filter((r) => !r.redirect)) expect(route.pages.length, route.pattern).toBeGreaterThan(0);
    expect(routes.filter((r) => r.pattern.startsWith('/wallet')).every((r) => r.gated)).toBe(true);
  });

  it('home names the trade page as its likely next step', () => {
    const routes = buildRoutes(FEATURES);
    expect(nextPaths(routes, '/home')).toContain('/markets/kline/btc_usdt');
  });

  it('preloadPath fetches the pages along the match, layouts included, and ignores unknown paths', async () => {
    const layout = fakePage('Layout');
    const leaf = fakePage('Leaf');
    const other = fakePage('Other');
    const routes: RouteObject[] = [
      { path: 'a', handle: { page: layout } satisfies RouteHandle, children: [{ path: ':id', handle: { page: leaf } satisfies RouteHandle }] },
      { path: 'b', handle: { page: other } satisfies RouteHandle },
    ];
    await preloadPath(routes, '/a/7');
    expect(layout.preload).toHaveBeenCalledOnce();
    expect(leaf.preload).toHaveBeenCalledOnce();
    expect(other.preload).not.toHaveBeenCalled();
    await expect(preloadPath(routes, '/nowhere')).resolves.toEqual([]);
  });
});

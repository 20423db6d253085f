import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from './routes';

/** One address of the route table, with what showing it loads. */
export interface RouteEntry {
  /** The route's pattern, e.g. `/markets/kline/:symbol`. */
  pattern: string;
  /** A concrete address for it (parameters filled with samples, optional ones left out). */
  path: string;
  /** The pages (`page(...)` names) along its match, outermost first. */
  pages: string[];
  /** Whether it needs a session. */
  gated: boolean;
  /** Whether it only redirects. */
  redirect: boolean;
}

/** Sample values for route parameters, so every pattern has an address to visit. */
const SAMPLES: Record<string, string> = { symbol: 'btc_usdt', currency: 'USDT', id: '1' };

function concrete(pattern: string): string {
  const path = pattern
    .split('/')
    .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
    .map((segment) => (segment.startsWith(':') ? (SAMPLES[segment.slice(1)] ?? 'x') : segment))
    .join('/');
  return path || '/';
}

/** Every leaf of the route table (the catch-all excepted), for bench:bundle and the responsive e2e suite. */
export function listRoutes(routes: RouteObject[]): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (list: RouteObject[], base: string, pages: string[], gated: boolean) => {
    for (const route of list) {
      const handle = (route.handle ?? {}) as RouteHandle;
      const pattern = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
      const here = handle.page ? [...pages, handle.page.name] : pages;
      const isGated = gated || handle.gated === true;
      if (route.children?.length) walk(route.children, pattern, here, isGated);
      else if (route.path !== '*') out.push({ pattern: pattern || '/', path: concrete(pattern), pages: here, gated: isGated, redirect: !handle.page && !route.children });
    }
  };
  walk(routes, '', [], false);
  return out;
}

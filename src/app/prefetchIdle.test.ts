import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from './feature';
import { installPrefetch } from './prefetch';
import { lineTooThin } from './prefetchLater';
import type { RouteHandle } from './routes';

/** A page whose preload settles only when the test says so, to see one prefetch at a time. */
function slowPage(name: string) {
  const finish: (() => void)[] = [];
  const preload = vi.fn(() => new Promise<void>((resolve) => finish.push(resolve)));
  return { page: { name, element: null as never, preload } satisfies Page, preload, finishAll: () => finish.splice(0).forEach((f) => f()) };
}

/** A window whose idle callbacks and frames run when the test flushes them, with the given connection. */
function fakeWindow(connection?: { saveData?: boolean; effectiveType?: string }) {
  const pending: (() => void)[] = [];
  const win = {
    location: { origin: 'http://x' },
    navigator: { connection },
    document: { addEventListener: vi.fn(), removeEventListener: vi.fn() },
    requestIdleCallback: (work: () => void) => pending.push(work),
    requestAnimationFrame: (work: () => void) => pending.push(work),
    setTimeout: (work: () => void) => pending.push(work),
  } as unknown as Window;
  const flush = async () => {
    for (let round = 0; round < 10; round++) {
      await new Promise((r) => setTimeout(r, 0));
      pending.splice(0).forEach((work) => work());
    }
  };
  return { win, flush };
}

function setup(connection?: { saveData?: boolean; effectiveType?: string }) {
  const home = slowPage('Home');
  const trade = slowPage('Trade');
  const list = slowPage('List');
  const routes: RouteObject[] = [
    { path: 'home', handle: { page: home.page, next: ['/trade', '/list'] } satisfies RouteHandle },
    { path: 'trade', handle: { page: trade.page } satisfies RouteHandle },
    { path: 'list', handle: { page: list.page } satisfies RouteHandle },
  ];
  const router = { routes, state: { location: { pathname: '/home' } }, subscribe: () => () => undefined };
  let shown = () => undefined as void;
  const firstScreen = new Promise<void>((resolve) => (shown = resolve));
  const { win, flush } = fakeWindow(connection);
  installPrefetch(router, firstScreen, win);
  return { home, trade, list, shown, flush };
}

describe('idle prefetch (issue 55: nothing but the first screen before the first price)', () => {
  it('fetches the opened page at once, the next pages only after the first screen, one at a time', async () => {
    const { home, trade, list, shown, flush } = setup({ effectiveType: '3g' });
    expect(home.preload).toHaveBeenCalledOnce();
    await flush();
    expect(trade.preload).not.toHaveBeenCalled();

    shown();
    await flush();
    expect(trade.preload).toHaveBeenCalledOnce();
    expect(list.preload).not.toHaveBeenCalled();

    trade.finishAll();
    await flush();
    expect(list.preload).toHaveBeenCalledOnce();
  });

  it.each([{ saveData: true, effectiveType: '4g' }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }])('prefetches nothing beyond the opened page on a thin line: %o', async (connection) => {
    const { home, trade, list, shown, flush } = setup(connection);
    shown();
    await flush();
    expect(home.preload).toHaveBeenCalledOnce();
    expect(trade.preload).not.toHaveBeenCalled();
    expect(list.preload).not.toHaveBeenCalled();
  });

  it('lineTooThin reads Save-Data and the effective type, and allows a browser that says nothing', () => {
    const line = (connection?: object) => lineTooThin({ navigator: { connection } } as unknown as Window);
    expect(line()).toBe(false);
    expect(line({ effectiveType: '3g', saveData: false })).toBe(false);
    expect(line({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(line({ effectiveType: 'slow-2g' })).toBe(true);
  });
});

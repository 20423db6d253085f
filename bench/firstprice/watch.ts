/**
 * What bench:firstprice watches in the page: a script run before the page's own, checking once per
 * animation frame and recording, as epoch ms (performance.timeOrigin + now, so the Node side can
 * line it up with CDP's network events), when each mark first holds. Strings, not functions: tsx
 * would wrap a function's inner functions in a helper the page does not have.
 */

export type Mark = 'firstPrice' | 'appPrice' | 'firstBook' | 'firstCandle';

/** A shown element (not merely rendered: the app is drawn under the splash, display: none) with a digit in it. */
const HELPERS = `
  const priced = (el) => !!el && el.checkVisibility() && /\\d/.test(el.textContent ?? '');
  const all = (selector) => [...document.querySelectorAll(selector)];
  // A price the server wrote into the HTML (server/kernel/platform/http/firstPaint.ts) before the app runs.
  const painted = () => all('[data-first-price]').some(priced);
`;

/** /home: the first price of any kind, and the first the app itself shows (a hot card or a table row's last price). */
const HOME = `{
  appPrice: () => all('[data-testid^="hot-price-"]').some(priced) || all('table tbody tr').map((row) => row.children[1]).some(priced),
  firstPrice: () => painted() || checks.appPrice(),
}`;

/**
 * The trade page: its last price (stats bar or the book's middle), the first order-book row with
 * a price, and the first candle (the chart has its history: klinecharts reports its visible range
 * on data-newest-shown only once it has bars).
 */
const TRADE = `{
  appPrice: () => priced(document.querySelector('[data-testid="stats-last"]')) || priced(document.querySelector('[data-testid="book-last"]')),
  firstPrice: () => painted() || checks.appPrice(),
  firstBook: () => all('[data-testid="book-asks"] [role="row"], [data-testid="book-bids"] [role="row"], [data-first-book] [role="row"]').some(priced),
  firstCandle: () => all('[data-testid="kline-chart"][data-status="ready"][data-newest-shown]').some((el) => el.checkVisibility() && !!el.querySelector('canvas')),
}`;

export function watchScript(kind: 'home' | 'trade'): string {
  return `(() => {
    ${HELPERS}
    const checks = ${kind === 'home' ? HOME : TRADE};
    const seen = {};
    const check = () => {
      for (const [name, holds] of Object.entries(checks)) if (seen[name] === undefined && holds()) seen[name] = performance.timeOrigin + performance.now();
      // Gives up after 30 s: what never happened is reported as missing.
      if (Object.keys(seen).length < Object.keys(checks).length && performance.now() < 30000) requestAnimationFrame(check);
      else window.__firstPrice = { seen, origin: performance.timeOrigin };
    };
    requestAnimationFrame(check);
  })();`;
}

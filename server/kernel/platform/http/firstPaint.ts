import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Level } from '../../../../domain/market.js';
import { depthChannel } from '../../../../domain/market.js';
import { FIRST_PAINT_COLOURS, firstPaintOf, tradePageSymbol, type FirstPaint } from '../../../../domain/firstPaint.js';
import { STARTUP_ANSWERS_ID } from '../../../../domain/pageIds.js';
import type { LocaleCode } from '../../../../domain/languages.js';
import type { FastifyInstance } from 'fastify';
import { ResultCode, type Currency, type Pair } from '../../../../domain/api.js';
import { readRoutePreloads } from './routePreloads.js';
import { createFirstCandles } from './firstCandles.js';
import { FIRST_CANDLES_ID } from '../../../../domain/firstCandles.js';

/** Where a trade page's book comes from (the prices and the startup answers come from the app's own routes). */
export interface FirstPaintSources {
  /** What a new subscriber to a channel gets first (the depth snapshot), as the socket gateway reads it. */
  snapshot?: (channel: string) => object | undefined | Promise<object | undefined>;
  /** Calls `forget` whenever what the startup answers show (pairs, platform configuration) changes on any process. */
  onChange?: (forget: () => void) => void;
}

/** How old the answers behind a page may be: one read a second (per language) at most, however many visitors arrive. */
const ANSWERS_TTL_MS = 1000;
/** A snapshot or candles that have not come by then (a cluster's Redis read, a busy database) are left out: the page does not wait for them. */
const SNAPSHOT_WAIT_MS = 150;

/** `value`, or undefined when it has not come within `ms`. */
function orNothingAfter<T>(ms: number, value: T | Promise<T>): Promise<T | undefined> {
  // Not cleared: a timer that resolves a promise nobody waits for any more is harmless.
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));
  return Promise.race([Promise.resolve(value), late]);
}

/**
 * The first screen's look: in the page's <head>, so it needs no script, and it stays there when the
 * app's splash puts the same markup back after React mounts (app/views/Root.tsx).
 * Its text colours are the dark theme's (the one index.html paints first) only while it sits in
 * #root as the server wrote it; once the splash holds it, it takes the chosen theme's text colour
 * from the body (app/theme.ts).
 */
const STYLE = `<style>
.fp{height:100vh;display:grid;place-items:center;align-content:center;gap:14px;font:13px Inter,'Segoe UI',Roboto,'Noto Sans',sans-serif}
#root>.fp{color:#9aa4b2}#root>.fp .fp-logo,#root>.fp .fp-price{color:#e8ebef}
.fp-logo{font-size:22px;font-weight:800}.fp-logo span{color:#f0b90b}.fp-status{min-height:1.2em}
.fp-prices{display:flex;flex-wrap:wrap;justify-content:center;gap:10px 22px}.fp-card{display:grid;gap:2px;text-align:center}
.fp-price{font-size:18px;font-weight:700;font-variant-numeric:tabular-nums}
.fp-book{display:grid;gap:6px;min-width:220px;font-variant-numeric:tabular-nums}.fp-book [role=row]{display:flex;justify-content:space-between;gap:24px}
.fp-asks [role=row] span:first-child{color:#f6465d}.fp-bids [role=row] span:first-child{color:#0ecb81}
</style>`;

/** The theme a page is written in: the trader's choice, from the client's cookie (src/services/themeCookie.ts). */
export type PageTheme = 'dark' | 'light';

/** The theme a request's cookie names; the dark theme (index.html's own) for none or anything else. */
export function pageThemeOf(cookie: string | undefined): PageTheme {
  return /(?:^|;\s*)theme=light(?:;|$)/.test(cookie ?? '') ? 'light' : 'dark';
}

/** Each dark colour of index.html's first paint and of STYLE with its light one; replaced only inside <style> elements, so no figure or text can be touched. */
const LIGHT_COLOURS = Object.values(FIRST_PAINT_COLOURS).map((c) => [c.dark, c.light] as const);

function inLightTheme(html: string): string {
  return html.replace(/<style>[^<]*<\/style>/g, (style) => LIGHT_COLOURS.reduce((out, [dark, light]) => out.split(dark).join(light), style));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function levelRows(levels: Level[]): string {
  return levels.map(([price, quantity]) => `<div role="row"><span role="cell">${escapeHtml(price)}</span><span role="cell">${escapeHtml(quantity)}</span></div>`).join('');
}

/** The first screen with its figures; the app's splash keeps it until the app is shown (Root.tsx). */
export function firstPaintMarkup(paint: FirstPaint): string {
  const prices = paint.prices
    .map((p) => `<div class="fp-card"><span>${escapeHtml(p.symbol)}</span><span class="fp-price" data-first-price>${escapeHtml(p.price)}</span></div>`)
    .join('');
  const book = paint.book
    ? `<div class="fp-book" role="table" data-first-book><div class="fp-asks" role="rowgroup">${levelRows(paint.book.asks)}</div><div class="fp-bids" role="rowgroup">${levelRows(paint.book.bids)}</div></div>`
    : '';
  return `<div class="fp" aria-busy="true"><div class="fp-logo"><span aria-hidden="true">◆</span> OpenEx</div><div class="fp-status"></div><div class="fp-prices">${prices}</div>${book}</div>`;
}

/** JSON inside a <script> element: "<" escaped, so no figure or name can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The startup's public reads, answered by the app's own routes so the page carries exactly what they answer. */
const STARTUP_PATHS = ['/api/plat_config', '/api/currency_list', '/api/pair_list'] as const;
type Answers = Record<(typeof STARTUP_PATHS)[number], { code: number; data: unknown }>;

/**
 * index.html for a client route, with the first screen written into it (domain/firstPaint.ts):
 * markup inside #root, which the browser paints before any script has arrived and the app's splash
 * keeps until the app is shown with its live data (src/main.tsx, Root.tsx); and the startup's
 * three public answers, which the app takes instead of asking (src/services/startupRequests.ts), a
 * round trip less before it starts. Figures are never worth a failed page: when a read fails, or
 * for a page without figures, the page goes without them.
 * A trade page also carries its chart's first candles (firstCandles.ts), which the chart takes
 * instead of asking once its code has arrived.
 * The head also names the chunks the opened route needs beyond the entry's (routePreloads.ts): a
 * phone fetches them beside the entry's from the first moment, not a round trip after the entry
 * has run and asked for them. Only the opened route's: what the app would fetch for it anyway.
 */
export function createFirstPaint(app: FastifyInstance, clientDir: string, sources: FirstPaintSources) {
  const dark = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const templates: Record<PageTheme, { html: string; style: string }> = { dark: { html: dark, style: STYLE }, light: { html: inLightTheme(dark), style: inLightTheme(STYLE) } };
  const slot = '<div id="root"></div>';
  const canPaint = dark.includes(slot) && dark.includes('</head>');
  const cache = new Map<LocaleCode, { at: number; read: Promise<Answers> }>();
  const routeChunks = readRoutePreloads(clientDir);
  const readCandles = createFirstCandles(app);
  sources.onChange?.(() => cache.clear());
  const ask = async (path: string, lang: LocaleCode) => {
    const res = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', lang }, payload: '{}' });
    const body = res.json<{ code: number; data: unknown }>();
    if (res.statusCode !== 200 || body.code !== ResultCode.ok) throw new Error(`${path} answered ${res.statusCode} ${body.code}`);
    return body;
  };
  const readAnswers = (lang: LocaleCode) => {
    const cached = cache.get(lang);
    if (cached && Date.now() - cached.at <= ANSWERS_TTL_MS) return cached.read;
    const read = Promise.all(STARTUP_PATHS.map((path) => ask(path, lang))).then((list) => Object.fromEntries(STARTUP_PATHS.map((path, i) => [path, list[i]!])) as Answers);
    // A failed read is not kept: the next page asks again.
    read.catch(() => cache.delete(lang));
    cache.set(lang, { at: Date.now(), read });
    return read;
  };
  const readDepth = async (path: string): Promise<{ asks: Level[]; bids: Level[] } | undefined> => {
    const symbol = tradePageSymbol(path);
    if (!symbol || !sources.snapshot) return undefined;
    const [left, right] = symbol.split('_') as [string, string];
    const snapshot = await orNothingAfter(SNAPSHOT_WAIT_MS, sources.snapshot(depthChannel(left, right)));
    const depth = snapshot as { asks?: unknown; bids?: unknown } | undefined;
    return Array.isArray(depth?.asks) && Array.isArray(depth.bids) ? { asks: depth.asks as Level[], bids: depth.bids as Level[] } : undefined;
  };

  return {
    /** The page for `path` (no query), its first screen in place when there is one; `lang` for the answers' messages, `theme` for its colours. */
    async page(path: string, lang: LocaleCode, theme: PageTheme = 'dark'): Promise<string> {
      const { html: template, style } = templates[theme];
      const preloads = routeChunks(path)
        .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`)
        .join('');
      const built = preloads ? template.replace('</head>', () => `${preloads}</head>`) : template;
      if (!canPaint) return built;
      try {
        const symbol = tradePageSymbol(path);
        const [answers, depth, candles] = await Promise.all([readAnswers(lang), readDepth(path), symbol ? orNothingAfter(SNAPSHOT_WAIT_MS, readCandles(symbol)) : undefined]);
        const head = `<script type="application/json" id="${STARTUP_ANSWERS_ID}">${scriptJson(answers)}</script>`;
        const pairs = answers['/api/pair_list'].data as Pair[];
        const currencies = answers['/api/currency_list'].data as Currency[];
        const paint = firstPaintOf(path, pairs, currencies, depth);
        // The candles (≈9 KB gzip) after the first screen, which the browser can paint before they have arrived.
        const withCandles = candles ? built.replace('</body>', () => `<script type="application/json" id="${FIRST_CANDLES_ID}">${scriptJson(candles)}</script></body>`) : built;
        if (!paint) return withCandles.replace('</head>', () => `${head}</head>`);
        return withCandles
          .replace('</head>', () => `${style}${head}</head>`)
          .replace(slot, () => `<div id="root">${firstPaintMarkup(paint)}</div>`);
      } catch {
        return built;
      }
    },
  };
}

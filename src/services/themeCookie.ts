import type { ThemeName } from '../app/machines/app/app.types';

/** The cookie the server reads to write a page's first screen in the trader's theme (server/kernel/platform/http/firstPaint.ts). */
export const THEME_COOKIE = 'theme';

/**
 * Keeps the theme in a cookie as well as in storage: index.html painted the dark background (and
 * the first prices in the dark theme's colours) before any script could read storage, so a trader
 * who chose the light theme saw every page load flash dark. The server now writes the page in the
 * cookie's theme. Not sensitive: a year, the whole site, sent on top-level navigations only.
 */
export function rememberThemeForFirstPaint(theme: unknown, doc: Pick<Document, 'cookie'> | undefined = globalThis.document): void {
  if (!doc || (theme !== 'light' && theme !== 'dark')) return;
  const name: ThemeName = theme;
  doc.cookie = `${THEME_COOKIE}=${name}; path=/; max-age=31536000; samesite=lax`;
}

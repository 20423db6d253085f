/**
 * Keeps the theme in a cookie as well as in storage: index.html painted the dark background (and
 * the first prices in the dark theme's colours) before any script could read storage, so a trader
 * who chose the light theme saw every page load flash dark. The server writes the page in the
 * cookie's theme (server/kernel/platform/http/firstPaint.ts). Not sensitive: a year, the whole site
 * (browsers default it to SameSite=Lax). Short, since it ships in /home's 150 KB.
 */
export function rememberThemeForFirstPaint(theme: unknown, doc: Pick<Document, 'cookie'> | undefined = globalThis.document): void {
  if (doc && (theme === 'light' || theme === 'dark')) doc.cookie = `theme=${theme};path=/;max-age=31536000`;
}

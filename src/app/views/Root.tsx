import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { ThemeProvider } from 'styled-components';
import type { RouterLink } from '../routerLink';
import { GlobalStyle, themes } from '../theme';
import { Button } from '../ui/Button';
import { AppRouter } from './AppRouter';
import { useAppFlow } from './hooks';
import { Toaster } from './Toaster';

const BOOT_FAILURE_KEYS = {
  config: 'boot.failed.config',
  currencies: 'boot.failed.currencies',
  pairs: 'boot.failed.pairs',
} as const;

const Splash = styled.div`
  height: 100vh;
  display: grid;
  place-items: center;
  align-content: center;
  gap: 14px;
  color: ${({ theme }) => theme.color.textDim};
  .logo { font-size: 22px; font-weight: 800; color: ${({ theme }) => theme.color.text}; }
  .logo span { color: ${({ theme }) => theme.color.accent}; }
`;

/**
 * Shows the splash while the app machine boots, its failure state with a retry, then the routes.
 * `firstPaint`: the first screen the server wrote into the page (server/kernel/platform/http/firstPaint.ts:
 * the latest prices, a trade page's book), which React's first render would replace. It stays the
 * splash until the app is shown with its live data: the same markup the browser already parsed
 * from this page, put back as it was, so the prices never blink away meanwhile.
 */
export function Root(props: { router: RouterLink; firstPaint?: string }) {
  const { t } = useTranslation();
  const app = useAppFlow();
  const theme = useMemo(() => themes[app.theme], [app.theme]);
  // The server's first screen stands in for the splash, unless the boot failed (the splash says so).
  const serverPaint = app.bootFailure ? undefined : props.firstPaint;
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {app.started && (
        // Rendered as soon as the startup loads are in, hidden under the splash until the app is
        // shown: the pages are drawn during spec §9's 500 ms instead of after them.
        <div style={{ display: app.shown ? 'contents' : 'none' }}>
          <AppRouter link={props.router} />
        </div>
      )}
      {!app.shown && serverPaint && <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: serverPaint }} />}
      {!app.shown && !serverPaint && (
        <Splash aria-busy={!app.bootFailure}>
          <div className="logo">
            <span aria-hidden>◆</span> OpenEx
          </div>
          {app.bootFailure ? (
            <>
              <div role="alert">{t(BOOT_FAILURE_KEYS[app.bootFailure])}</div>
              <Button onClick={app.retry}>{t('common.retry')}</Button>
            </>
          ) : (
            <div>{t('common.loading')}</div>
          )}
        </Splash>
      )}
      <Toaster />
    </ThemeProvider>
  );
}

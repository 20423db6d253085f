import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Header } from './Header';
import { SignOutQuestion } from './lazyParts';
import { PHONE } from '../theme';

/**
 * The footer (its links, language picker, app QR dialogs and platform-note popups) is fetched
 * after the page: it sits below the content, so its arrival moves nothing above it, and /home
 * does not wait for it (nor for the support flows its note popups use). An empty footer of the
 * same colour and about its height holds the place meanwhile.
 */
const Footer = lazy(async () => ({ default: (await import('./Footer')).Footer }));

const FooterPlace = styled.footer`
  margin-top: 32px;
  min-height: 240px;
  background: ${({ theme }) => theme.color.panel};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding: 16px;
  min-width: 0;
  ${PHONE} { padding: 10px; }
`;

const Shell = styled.div`
  min-height: 100%;
  display: flex;
  flex-direction: column;
`;

/** The standard header-and-footer layout every route sits in. */
export function SiteLayout() {
  return (
    <Shell>
      <Header />
      <Main>
        <Outlet />
      </Main>
      <Suspense fallback={<FooterPlace />}>
        <Footer />
      </Suspense>
      <SignOutQuestion />
    </Shell>
  );
}

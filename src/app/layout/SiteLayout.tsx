import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Footer } from './Footer';
import { Header } from './Header';
import { SignOutDialog } from './SignOutDialog';
import { PHONE } from '../theme';

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
      <Footer />
      <SignOutDialog />
    </Shell>
  );
}

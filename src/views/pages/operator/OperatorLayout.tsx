import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useOperatorSession } from '../../app/kycHooks';
import { Button } from '../../ui/Button';
import { OperatorLogin } from './OperatorLogin';
import { ReviewQueue } from './ReviewQueue';

const Shell = styled.div`
  min-height: 100vh;
  header {
    display: flex;
    align-items: center;
    gap: 14px;
    padding: 10px 20px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.panel};
  }
  header .title { font-weight: 700; flex: 1; }
  main { padding: 20px; max-width: 1100px; margin: 0 auto; }
`;

/** /operator: its own minimal layout, apart from the trader's header, menus and session. */
export function OperatorLayout() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  return (
    <Shell>
      <header>
        <span className="title">{t('operator.title')}</span>
        {session.signedIn && (
          <>
            <span>{session.operator?.account}</span>
            <Button type="button" $variant="ghost" $small onClick={session.signOut}>
              {t('operator.signOut')}
            </Button>
          </>
        )}
      </header>
      <main>{session.signedIn ? <ReviewQueue /> : <OperatorLogin />}</main>
    </Shell>
  );
}

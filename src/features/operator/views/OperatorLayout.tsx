import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { OperatorDesksContext } from '../../../app/feature';
import { useOperatorSession } from '../operator.hooks';
import { Button } from '../../../app/ui/Button';
import { OperatorLogin } from './OperatorLogin';
import { Segmented } from '../../../app/ui/Segmented';
import { PHONE } from '../../../app/theme';

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
  /* On a phone the desks' tabs take a row of their own and scroll inside it (one desk per product). */
  ${PHONE} {
    header { flex-wrap: wrap; padding: 10px 12px; }
    header [role='tablist'] { order: 3; flex-basis: 100%; max-width: 100%; overflow-x: auto; }
    main { padding: 12px; }
  }
`;

/** /operator: its own minimal layout, apart from the trader's header, menus and session. */
export function OperatorLayout() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  const desks = OperatorDesksContext.use();
  // Which desk is shown is presentation only; each desk's actor lives while it is shown.
  const [deskId, setDesk] = useState(desks[0]?.id);
  const desk = desks.find((d) => d.id === deskId) ?? desks[0];
  return (
    <Shell>
      <header>
        <span className="title">{t('operator.title')}</span>
        {session.signedIn && (
          <>
            <Segmented role="tablist" aria-label={t('operator.title')}>
              {desks.map((d) => (
                <button key={d.id} type="button" role="tab" aria-selected={d === desk} onClick={() => setDesk(d.id)}>
                  {t(d.label)}
                </button>
              ))}
            </Segmented>
            <span>{session.operator?.account}</span>
            <Button type="button" $variant="ghost" $small onClick={session.signOut}>
              {t('operator.signOut')}
            </Button>
          </>
        )}
      </header>
      <main>
        {!session.signedIn ? <OperatorLogin /> : desk?.page.element}
      </main>
    </Shell>
  );
}

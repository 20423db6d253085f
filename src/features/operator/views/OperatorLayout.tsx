import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { OperatorDesksContext } from '../../../app/feature';
import { useOperatorSession } from '../operator.hooks';
import { desksGranted } from '../desks.hooks';
import { Button } from '../../../app/ui/Button';
import { OperatorLogin } from './OperatorLogin';
import { DeskTabs } from './desks/DeskTabs';
import { PHONE } from '../../../app/theme';
import { Muted } from '../../../app/ui/Panel';
import { LanguageSelect, useThemeToggle } from '../../../app/layout/preferenceControls';

// Many desks (an auditor sees every one): the tabs take a row of their own under the title (grouped past seven, desks/DeskTabs.tsx).
// On a phone the desks' tabs take a row of their own and scroll inside it (one desk per product).
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
  header select {
    background: ${({ theme }) => theme.color.panel};
    color: ${({ theme }) => theme.color.text};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: 4px;
    padding: 4px 6px;
  }
  main { padding: 20px; max-width: 1400px; margin: 0 auto; }
  &[data-many] header { flex-wrap: wrap; }
  &[data-many] header [role='tablist'] { order: 3; flex-basis: 100%; max-width: 100%; }
  &[data-many] header [role='tablist']:not([data-grouped]) { overflow-x: auto; scrollbar-width: thin; }
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
  // The console has no trader header: its own language and theme choice, stored as the site's are.
  const themeToggle = useThemeToggle();
  // Only the desks the operator's roles open: a convenience, the server checks every call.
  const desks = desksGranted(OperatorDesksContext.use(), session.operator?.roles);
  // Which desk is shown is presentation only; each desk's actor lives while it is shown.
  const [deskId, setDesk] = useState(desks[0]?.id);
  const desk = desks.find((d) => d.id === deskId) ?? desks[0];
  return (
    <Shell data-many={desks.length > 5 ? '' : undefined}>
      <header>
        <span className="title">{t('operator.title')}</span>
        <LanguageSelect />
        <Button type="button" $variant="ghost" $small {...themeToggle} />
        {session.signedIn && (
          <>
            <DeskTabs desks={desks} current={desk} label={t('operator.title')} onChoose={setDesk} />
            <span>{session.operator?.account}</span>
            <Button type="button" $variant="ghost" $small onClick={session.signOut}>
              {t('operator.signOut')}
            </Button>
          </>
        )}
      </header>
      <main>
        {!session.signedIn ? <OperatorLogin /> : desk ? desk.page.element : <Muted role="status">{t('operatorDesks.noDesk')}</Muted>}
      </main>
    </Shell>
  );
}

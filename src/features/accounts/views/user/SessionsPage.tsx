import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SessionItem } from '../../../../../domain/sessions';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { ConfirmActDialog, type ConfirmTexts } from '../../../../app/ui/ConfirmDialog';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { useSessionsFlow } from '../../sessions.hooks';

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.color.accent};
  white-space: nowrap;
`;

/** /user/s-sessions (issue 35): the live sessions, this one marked; sign out one, or every other. */
export function SessionsPage() {
  const { t } = useTranslation();
  const flow = useSessionsFlow();
  const others = flow.sessions.filter((s) => !s.current).length;
  const oneQuestion = ({ id }: { id: number }): ConfirmTexts => {
    const target = flow.sessions.find((s) => s.id === id);
    return { titleKey: 'sessions.confirmOneTitle', questionKey: 'sessions.confirmOne', params: { device: target?.device ?? '', ip: target?.ip ?? '' }, confirmKey: 'sessions.signOut' };
  };
  const othersQuestion = ({ count }: { count: number }): ConfirmTexts => ({ titleKey: 'sessions.confirmOthersTitle', questionKey: 'sessions.confirmOthers', params: { count: String(count) }, confirmKey: 'sessions.signOut' });
  return (
    <Panel>
      <PanelBody>
        <div style={{ display: 'flex', gap: 12, alignItems: 'baseline', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <PageTitle>{t('menu.user.sessions')}</PageTitle>
          <Button type="button" $variant="danger" $small disabled={others === 0} onClick={flow.revokeOthers} data-testid="sessions-revoke-others">
            {t('sessions.revokeOthers')}
          </Button>
        </div>
        <Muted style={{ marginBottom: 10 }}>
          {t('sessions.intro')} <TextLink to="/user/s-loginhistory">{t('sessions.historyLink')} →</TextLink>
        </Muted>
        <DataTable<SessionItem>
          label={t('menu.user.sessions')}
          rows={flow.sessions}
          emptyKey={flow.loading ? 'sessions.loading' : 'sessions.empty'}
          columns={[
            {
              key: 'sessions.col.device',
              render: (s) => (
                <span data-testid={s.current ? 'session-current' : 'session-other'}>
                  {s.device} {s.current && <Badge $tone="up">{t('sessions.thisOne')}</Badge>}
                </span>
              ),
            },
            { key: 'sessions.col.ip', render: (s) => <code>{s.ip || '—'}</code> },
            { key: 'sessions.col.firstSeen', render: (s) => <DateTime at={s.created_at} /> },
            { key: 'sessions.col.lastSeen', render: (s) => <DateTime at={s.last_seen_at} /> },
            {
              key: 'col.actions',
              align: 'right',
              render: (s) =>
                s.current ? null : (
                  <Button type="button" $variant="ghost" $small onClick={() => flow.revoke(s.id)}>
                    {t('sessions.revoke')}
                  </Button>
                ),
            },
          ]}
        />
        {flow.loadFailed && <RetryButton onRetry={flow.retry} />}
        <ConfirmActDialog actor={flow.revokeOneQuestion} texts={oneQuestion} />
        <ConfirmActDialog actor={flow.revokeOthersQuestion} texts={othersQuestion} />
      </PanelBody>
    </Panel>
  );
}

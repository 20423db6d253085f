import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SessionItem } from '../../../../../domain/sessions';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
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
  const pending = flow.confirming;
  const target = pending?.kind === 'one' ? flow.sessions.find((s) => s.id === pending.id) : undefined;
  return (
    <Panel>
      <PanelBody>
        <div style={{ display: 'flex', gap: 12, alignItems: 'baseline', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <PageTitle>{t('menu.user.sessions')}</PageTitle>
          <Button type="button" $variant="danger" $small disabled={others === 0 || flow.busy} onClick={flow.revokeOthers} data-testid="sessions-revoke-others">
            {t('sessions.revokeOthers')}
          </Button>
        </div>
        <Muted style={{ marginBottom: 10 }}>
          {t('sessions.intro')} <TextLink to="/user/s-loginhistory">{t('sessions.historyLink')} →</TextLink>
        </Muted>
        <DataTable<SessionItem>
          label={t('menu.user.sessions')}
          rows={flow.sessions}
          rowKey={(s) => String(s.id)}
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
                  <Button type="button" $variant="ghost" $small disabled={flow.busy} onClick={() => flow.revoke(s.id)}>
                    {t('sessions.revoke')}
                  </Button>
                ),
            },
          ]}
        />
        {flow.loadFailed && (
          <Button type="button" $variant="ghost" onClick={flow.retry}>
            {t('common.retry')}
          </Button>
        )}
        {pending && (
          <ConfirmDialog
            title={pending.kind === 'one' ? t('sessions.confirmOneTitle') : t('sessions.confirmOthersTitle')}
            cancelLabel={t('common.cancel')}
            confirmLabel={t('sessions.signOut')}
            tone="danger"
            busy={flow.busy}
            onConfirm={flow.confirm}
            onCancel={flow.cancel}
          >
            {pending.kind === 'one' ? t('sessions.confirmOne', { device: target?.device ?? '', ip: target?.ip ?? '' }) : t('sessions.confirmOthers', { count: others })}
          </ConfirmDialog>
        )}
      </PanelBody>
    </Panel>
  );
}

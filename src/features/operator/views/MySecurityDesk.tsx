import { useTranslation } from 'react-i18next';
import type { OperatorSessionView, OperatorSignInView } from '../../../../domain/operators';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { Muted } from '../../../app/ui/Panel';
import { Pager } from '../../../app/ui/RecordFilters';
import { useMySecurity, useOperatorSession } from '../operator.hooks';
import { OwnPasswordForm } from './OwnPasswordForm';
import { DeskTitleBar, ReloadButton } from '../../../app/ui/DeskDialog';

/** A refusal's message key as the history shows it: the common ones in words, any other as it is. */
function Reason(props: { detail: string }) {
  const { t } = useTranslation();
  switch (props.detail) {
    case '':
      return null;
    case 'loginFailed':
      return <>{t('operatorAuth.security.reason.password')}</>;
    case 'twoFactorWrong':
      return <>{t('operatorAuth.security.reason.code')}</>;
    case 'twoFactorLocked':
      return <>{t('operatorAuth.security.reason.locked')}</>;
    case 'operatorDisabled':
      return <>{t('operatorAuth.security.reason.disabled')}</>;
    default:
      return <span className="num">{props.detail}</span>;
  }
}

/**
 * /operator, "My security" (every role): the operator's own live sessions — end one, or all the
 * others, after a question — and their sign-in history (each attempt, done or refused, and why);
 * then their own password (OwnPasswordForm; the environment's operator is told to change it there).
 */
export function MySecurityDesk() {
  const { t } = useTranslation();
  const desk = useMySecurity();
  const { operator } = useOperatorSession();
  const others = desk.sessions.filter((s) => !s.current).length;
  const asked = typeof desk.question === 'number' ? desk.sessions.find((s) => s.id === desk.question) : undefined;
  return (
    <section aria-label={t('operatorAuth.security.title')} style={{ display: 'grid', gap: 16 }}>
      <DeskTitleBar title={t('operatorAuth.security.sessionsTitle')}>
        <ReloadButton onReload={desk.reload} loading={desk.loading} labelKey="operatorAuth.security.reload" />
        <Button type="button" $variant="danger" $small onClick={desk.revokeOthers} disabled={desk.loading || desk.busy || others === 0}>
          {t('operatorAuth.security.revokeOthers')}
        </Button>
      </DeskTitleBar>
      {desk.failed && <Muted role="alert">{t('operatorAuth.security.loadFailed')}</Muted>}
      <DataTable<OperatorSessionView>
        label={t('operatorAuth.security.sessionsTitle')}
        rows={desk.sessions}
        emptyKey="operatorAuth.security.empty"
        columns={[
          { key: 'operatorAuth.security.col.device', render: (s) => <>{s.user_agent || '—'} {s.current && <Badge $tone="up">{t('operatorAuth.security.current')}</Badge>}</> },
          { key: 'operatorAuth.security.col.ip', render: (s) => <span className="num">{s.ip}</span> },
          { key: 'operatorAuth.security.col.signedIn', render: (s) => <DateTime at={s.created_at} /> },
          { key: 'operatorAuth.security.col.lastSeen', render: (s) => <DateTime at={s.last_seen_at} /> },
          {
            key: 'operatorAuth.security.col.action',
            align: 'right',
            render: (s) => (
              <Button type="button" $variant="ghost" $small onClick={() => desk.revoke(s.id)} disabled={desk.busy}>
                {t(s.current ? 'operatorAuth.security.signOutHere' : 'operatorAuth.security.revoke')}
              </Button>
            ),
          },
        ]}
      />
      <h2>{t('operatorAuth.security.historyTitle')}</h2>
      <DataTable<OperatorSignInView>
        label={t('operatorAuth.security.historyTitle')}
        rows={desk.signIns?.list ?? []}
        emptyKey="operatorAuth.security.historyEmpty"
        columns={[
          { key: 'operatorAuth.security.col.at', render: (r) => <DateTime at={r.at} /> },
          { key: 'operatorAuth.security.col.ip', render: (r) => <span className="num">{r.client}</span> },
          { key: 'operatorAuth.security.col.kind', render: (r) => t(r.kind === 'operator.two_factor_enrol' ? 'operatorAuth.security.kind.enrol' : 'operatorAuth.security.kind.signIn') },
          {
            key: 'operatorAuth.security.col.outcome',
            render: (r) => <Badge $tone={r.outcome === 'done' ? 'up' : 'down'}>{t(r.outcome === 'done' ? 'operatorAuth.security.outcome.done' : 'operatorAuth.security.outcome.refused')}</Badge>,
          },
          { key: 'operatorAuth.security.col.reason', render: (r) => <Reason detail={r.detail} /> },
        ]}
      />
      {desk.signIns && <Pager page={desk.signIns.page} size={desk.signIns.size} total={desk.signIns.total} onPage={desk.page} />}
      {operator && !operator.from_environment && <OwnPasswordForm account={operator.account} />}
      {operator?.from_environment && <Muted>{t('operatorAuth.ownPassword.fromEnvironment')}</Muted>}
      {desk.question !== undefined && (
        <ConfirmDialog
          title={t(desk.question === 'others' ? 'operatorAuth.security.confirmOthersTitle' : 'operatorAuth.security.confirmOneTitle')}
          confirmLabel={t(desk.question === 'others' ? 'operatorAuth.security.revokeOthers' : 'operatorAuth.security.revoke')}
          tone="danger"
          busy={desk.busy}
          onConfirm={desk.confirm}
          onCancel={desk.dismiss}
        >
          {desk.question === 'others'
            ? t('operatorAuth.security.confirmOthers', { count: others })
            : t('operatorAuth.security.confirmOne', { device: asked?.user_agent || '—', ip: asked?.ip ?? '' })}
        </ConfirmDialog>
      )}
    </section>
  );
}

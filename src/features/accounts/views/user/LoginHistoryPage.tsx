import { useTranslation } from 'react-i18next';
import type { LoginHistoryItem } from '../../../../../domain/sessions';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { useLoginHistoryFlow } from '../../sessions.hooks';

const TONE = { success: 'up', wrong_password: 'down', locked: 'warn', second_step_failed: 'down' } as const;
const RESULT_KEY = {
  success: 'loginHistory.result.success',
  wrong_password: 'loginHistory.result.wrong_password',
  locked: 'loginHistory.result.locked',
  second_step_failed: 'loginHistory.result.second_step_failed',
} as const;

/** /user/s-loginhistory (issue 35): every sign-in attempt on the account, newest first, a page at a time. */
export function LoginHistoryPage() {
  const { t } = useTranslation();
  const flow = useLoginHistoryFlow();
  const history = flow.history;
  const pages = history ? Math.max(1, Math.ceil(history.total / history.size)) : 1;
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('menu.user.loginHistory')}</PageTitle>
        <Muted style={{ marginBottom: 10 }}>{t('loginHistory.intro')}</Muted>
        <DataTable<LoginHistoryItem>
          label={t('menu.user.loginHistory')}
          rows={history?.list ?? []}
          emptyKey={flow.loading ? 'sessions.loading' : 'loginHistory.empty'}
          columns={[
            { key: 'loginHistory.col.time', render: (r) => <DateTime at={r.at} /> },
            { key: 'sessions.col.ip', render: (r) => <code>{r.ip || '—'}</code> },
            { key: 'sessions.col.device', render: (r) => r.device },
            { key: 'loginHistory.col.result', render: (r) => <Badge $tone={TONE[r.result]}>{t(RESULT_KEY[r.result])}</Badge> },
          ]}
        />
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'flex-end', marginTop: 10 }}>
          <Button type="button" $variant="ghost" $small disabled={flow.loading || flow.page <= 1} onClick={() => flow.goTo(flow.page - 1)}>
            {t('loginHistory.previous')}
          </Button>
          <span data-testid="history-page">{t('loginHistory.page', { page: flow.page, pages })}</span>
          <Button type="button" $variant="ghost" $small disabled={flow.loading || flow.page >= pages} onClick={() => flow.goTo(flow.page + 1)}>
            {t('loginHistory.next')}
          </Button>
        </div>
        {flow.loadFailed && (
          <Button type="button" $variant="ghost" onClick={flow.retry}>
            {t('common.retry')}
          </Button>
        )}
      </PanelBody>
    </Panel>
  );
}

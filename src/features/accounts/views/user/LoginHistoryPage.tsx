import { useTranslation } from 'react-i18next';
import type { LoginHistoryItem } from '../../../../../domain/sessions';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DateTime } from '../../../../app/ui/DateTime';
import { ListPanel } from '../../../../app/ui/RetryButton';
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
    <ListPanel<LoginHistoryItem>
      title={t('menu.user.loginHistory')}
      intro={t('loginHistory.intro')}
      failed={flow.loadFailed}
      onRetry={flow.retry}
      rows={history?.list ?? []}
      emptyKey={flow.loading ? 'sessions.loading' : 'loginHistory.empty'}
      columns={[
        { key: 'loginHistory.col.time', render: (r) => <DateTime at={r.at} /> },
        { key: 'sessions.col.ip', render: (r) => <code>{r.ip || '—'}</code> },
        { key: 'sessions.col.device', render: (r) => r.device },
        { key: 'loginHistory.col.result', render: (r) => <Badge $tone={TONE[r.result]}>{t(RESULT_KEY[r.result])}</Badge> },
      ]}
      after={
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'flex-end', marginTop: 10 }}>
          <Button type="button" $variant="ghost" $small disabled={flow.loading || flow.page <= 1} onClick={() => flow.goTo(flow.page - 1)}>
            {t('loginHistory.previous')}
          </Button>
          <span data-testid="history-page">{t('loginHistory.page', { page: flow.page, pages })}</span>
          <Button type="button" $variant="ghost" $small disabled={flow.loading || flow.page >= pages} onClick={() => flow.goTo(flow.page + 1)}>
            {t('loginHistory.next')}
          </Button>
        </div>
      }
    />
  );
}

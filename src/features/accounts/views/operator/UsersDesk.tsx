import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { ConfirmActDialog } from '../../../../app/ui/ConfirmDialog';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted } from '../../../../app/ui/Panel';
import { Pager } from '../../../../app/ui/RecordFilters';
import type { OperatorUserRow } from '../../../../../domain/twoFactor';
import { useOperatorUsers } from '../../accounts.hooks';
import type { ResetSubject } from '../../machines/operatorUsers/operatorUsers.machine';

/**
 * /operator, "Users": find an account and reset its 2FA after a lost device (issue 35). The reset
 * is confirmed first; it turns 2FA off, leaves an audit entry and holds withdrawals for 24 hours.
 */
export function UsersDesk() {
  const { t } = useTranslation();
  const desk = useOperatorUsers();
  // The search box's text is presentation; the machine searches when the form is sent.
  const [text, setText] = useState('');
  return (
    <section aria-label={t('twoFactor.desk.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <h2 style={{ flex: 1 }}>{t('twoFactor.desk.title')}</h2>
        <form
          role="search"
          style={{ display: 'flex', gap: 8 }}
          onSubmit={(e) => {
            e.preventDefault();
            desk.search(text);
          }}
        >
          <input aria-label={t('twoFactor.desk.search')} placeholder={t('twoFactor.desk.search')} value={text} maxLength={254} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" $small disabled={desk.loading}>
            {t('twoFactor.desk.find')}
          </Button>
        </form>
        <Button type="button" $variant="ghost" $small onClick={desk.reload} disabled={desk.loading}>
          {t('operator.reload')}
        </Button>
      </div>
      <Muted style={{ margin: '6px 0 10px' }}>{t('twoFactor.desk.intro')}</Muted>
      {desk.failed && <Muted>{t('twoFactor.desk.failed')}</Muted>}
      <DataTable<OperatorUserRow>
        label={t('twoFactor.desk.title')}
        rows={desk.list}
        rowKey={(r) => String(r.id)}
        emptyKey="twoFactor.desk.empty"
        columns={[
          { key: 'twoFactor.desk.id', render: (r) => r.id },
          { key: 'operator.user', render: (r) => r.account },
          { key: 'twoFactor.desk.registered', render: (r) => <DateTime at={r.created_at} /> },
          { key: 'twoFactor.desk.state', render: (r) => <Badge $tone={r.two_factor ? 'up' : 'dim'}>{t(r.two_factor ? 'twoFactor.on' : 'twoFactor.off')}</Badge> },
          { key: 'twoFactor.desk.lockedUntil', render: (r) => (r.withdrawals_locked_until > 0 ? <DateTime at={r.withdrawals_locked_until} /> : '—') },
          {
            key: 'col.actions',
            align: 'right',
            render: (r) =>
              r.two_factor ? (
                <Button type="button" $small $variant="ghost" onClick={() => desk.reset(r)}>
                  {t('twoFactor.desk.reset')}
                </Button>
              ) : null,
          },
        ]}
      />
      {desk.total > desk.size && <Pager page={desk.page} size={desk.size} total={desk.total} onPage={desk.setPage} />}
      <ConfirmActDialog<ResetSubject>
        actor={desk.resetQuestion}
        texts={({ user_id }) => ({
          titleKey: 'twoFactor.desk.resetTitle',
          questionKey: 'twoFactor.desk.resetBody',
          params: { account: desk.list.find((u) => u.id === user_id)?.account ?? '' },
          confirmKey: 'twoFactor.desk.reset',
        })}
      />
    </section>
  );
}

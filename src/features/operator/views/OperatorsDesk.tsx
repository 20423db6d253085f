import { useTranslation } from 'react-i18next';
import type { OperatorView } from '../../../../domain/operators';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { DateTime } from '../../../app/ui/DateTime';
import { DeskHead, ReloadButton } from '../../../app/ui/DeskDialog';
import { Muted } from '../../../app/ui/Panel';
import { RetryTable } from '../../../app/ui/RetryButton';
import { operatorMay, useOperatorsDesk } from '../desks.hooks';
import { useOperatorSession } from '../operator.hooks';
import { ROLE_KEYS } from './desks/deskUi';
import { CreateOperatorDialog, ResetTwoFactorDialog, RolesDialog, StandingDialog } from './desks/OperatorForms';
import { AccessRequests, DecideAccessDialog } from './desks/AccessRequests';

/**
 * /operator, "Operators" (admin): who may work in this console and with which roles; a new
 * operator, an operator's roles, and disable or enable (asked first), each with the admin's own
 * 2FA code; another operator's 2FA reset (a lost device), with that code too. The operator from the server's environment is marked and offers nothing: it is changed only there.
 * Below, the access requests another admin's change left waiting for a second admin (AccessRequests).
 */
export function OperatorsDesk() {
  const { t } = useTranslation();
  const desk = useOperatorsDesk();
  const { operator } = useOperatorSession();
  const me = operator?.id;
  // Reading the list takes operators.read (an auditor has it); changing it, operators.manage (an admin).
  const canManage = operatorMay(operator?.roles, 'operators.manage');
  return (
    <>
      <section aria-label={t('operatorDesks.operators.title')}>
        <DeskHead>
          <h2>{t('operatorDesks.operators.title')}</h2>
          {canManage && (
            <Button type="button" $small onClick={desk.create}>
              {t('operatorDesks.operators.create')}
            </Button>
          )}
          <ReloadButton onReload={desk.reload} loading={desk.loading} />
        </DeskHead>
        <Muted style={{ margin: '6px 0 10px' }}>{t('operatorDesks.operators.intro')}</Muted>
        <RetryTable<OperatorView>
          failed={desk.failed}
          onRetry={desk.reload}
          loading={desk.loading}
          label={t('operatorDesks.operators.title')}
          rows={desk.operators}
          emptyKey="operatorDesks.operators.empty"
          columns={[
            { key: 'operatorDesks.col.id', render: (o) => <span className="num">{o.id}</span> },
            {
              key: 'operatorDesks.operators.account',
              render: (o) => (
                <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                  <b>{o.account}</b>
                  {o.id === me && <Badge>{t('operatorDesks.operators.you')}</Badge>}
                  {o.from_environment && (
                    <Badge $tone="warn" title={t('operatorDesks.operators.fromEnvironmentHint')}>
                      {t('operatorDesks.operators.fromEnvironment')}
                    </Badge>
                  )}
                </span>
              ),
            },
            {
              key: 'operatorDesks.operators.roles',
              render: (o) => (
                <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
                  {o.roles.length === 0 ? '—' : o.roles.map((role) => <Badge key={role}>{t(ROLE_KEYS[role].name)}</Badge>)}
                </span>
              ),
            },
            {
              key: 'col.status',
              render: (o) => <Badge $tone={o.disabled ? 'down' : 'up'}>{t(o.disabled ? 'operatorDesks.operators.disabled' : 'operatorDesks.operators.active')}</Badge>,
            },
            { key: 'operatorDesks.col.created', render: (o) => <DateTime at={o.created_at} /> },
            {
              key: 'col.actions',
              align: 'right',
              render: (o) =>
                o.from_environment || !canManage ? null : (
                  <span style={{ display: 'inline-flex', gap: 6 }}>
                    <Button type="button" $small $variant="ghost" onClick={() => desk.editRoles(o.id)}>
                      {t('operatorDesks.operators.editRoles')}
                    </Button>
                    {o.id === me ? null : (
                      <Button type="button" $small $variant="ghost" onClick={() => desk.resetTwoFactor(o)}>
                        {t('operatorDesks.operators.resetTwoFactor')}
                      </Button>
                    )}
                    {o.disabled ? (
                      <Button type="button" $small $variant="ghost" onClick={() => desk.enable(o)}>
                        {t('operatorDesks.operators.enable')}
                      </Button>
                    ) : o.id === me ? null : (
                      <Button type="button" $small $variant="danger" onClick={() => desk.disable(o)}>
                        {t('operatorDesks.operators.disable')}
                      </Button>
                    )}
                  </span>
                ),
            },
          ]}
        />
        {desk.creating && <CreateOperatorDialog key={desk.created} sending={desk.sending} refusal={desk.refusal} onSubmit={desk.submitCreate} onClose={desk.close} />}
        {desk.editingRoles && <RolesDialog operator={desk.editingRoles} sending={desk.sending} refusal={desk.refusal} onSubmit={desk.submitRoles} onClose={desk.close} />}
        {desk.resetting && <ResetTwoFactorDialog subject={desk.resetting} sending={desk.sending} refusal={desk.refusal} onSubmit={desk.submitReset} onClose={desk.close} />}
        {desk.standing && <StandingDialog subject={desk.standing} sending={desk.sending} refusal={desk.refusal} onSubmit={desk.submitStanding} onClose={desk.close} />}
      </section>
      <AccessRequests
        requests={desk.requests}
        loading={desk.requestsLoading}
        failed={desk.requestsFailed}
        me={me}
        canManage={canManage}
        onReload={desk.reload}
        onApprove={desk.approve}
        onReject={desk.reject}
      />
      {desk.deciding && (
        <DecideAccessDialog
          request={desk.deciding.request}
          approve={desk.deciding.approve}
          sending={desk.sending}
          refusal={desk.refusal}
          onApprove={desk.submitApprove}
          onReject={desk.submitReject}
          onClose={desk.close}
        />
      )}
    </>
  );
}

import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { mayApproveAccess, type AccessRequestKind, type OperatorAccessRequest } from '../../../../../domain/operators';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DateTime } from '../../../../app/ui/DateTime';
import { DeskCodeAndRefusal, DeskDialog, DeskHead, DeskRefusal, type DeskDialogProps } from '../../../../app/ui/DeskDialog';
import { Muted } from '../../../../app/ui/Panel';
import { RetryTable } from '../../../../app/ui/RetryButton';
import { ROLE_KEYS, DeskForm } from './deskUi';
import { operatorStandingSchema, type OperatorStandingValues } from './operatorSchemas';

const KIND_KEYS: Readonly<Record<AccessRequestKind, string>> = {
  'operator.create': 'operatorDesks.access.kind.create',
  'operator.set_roles': 'operatorDesks.access.kind.setRoles',
  'operator.enable': 'operatorDesks.access.kind.enable',
};

const STATES = {
  pending: { tone: 'warn', key: 'operatorDesks.access.state.pending' },
  approved: { tone: 'up', key: 'operatorDesks.access.state.approved' },
  rejected: { tone: 'down', key: 'operatorDesks.access.state.rejected' },
} as const;

/** The change a request asks, in words: "New operator", "Roles", "Enable again". */
export function RequestedChange({ request }: { request: OperatorAccessRequest }) {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
      <span>{t(KIND_KEYS[request.kind])}</span>
      {request.kind !== 'operator.enable' && request.roles.map((role) => <Badge key={role}>{t(ROLE_KEYS[role].name)}</Badge>)}
    </span>
  );
}

/**
 * The access requests (docs/OPERATOR.md "Two admins give access"): what admins asked that gives
 * access, waiting for a second admin, then the last decided ones. An admin approves another's
 * request with their own code, or rejects any (their own: a withdrawal). The buttons are a
 * convenience: the server refuses an approval by the asker or by the operator it gives to.
 */
export function AccessRequests(props: {
  requests: OperatorAccessRequest[];
  loading: boolean;
  failed: boolean;
  me: number | undefined;
  canManage: boolean;
  onReload: () => void;
  onApprove: (request: OperatorAccessRequest) => void;
  onReject: (request: OperatorAccessRequest) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('operatorDesks.access.title')} style={{ marginTop: 22 }}>
      <DeskHead>
        <h2>{t('operatorDesks.access.title')}</h2>
      </DeskHead>
      <Muted style={{ margin: '6px 0 10px' }}>{t('operatorDesks.access.intro')}</Muted>
      <RetryTable<OperatorAccessRequest>
        failed={props.failed}
        onRetry={props.onReload}
        loading={props.loading}
        label={t('operatorDesks.access.title')}
        rows={props.requests}
        emptyKey="operatorDesks.access.empty"
        columns={[
          { key: 'operatorDesks.access.col.change', render: (r) => <RequestedChange request={r} /> },
          { key: 'operatorDesks.operators.account', render: (r) => <b>{r.account}</b> },
          { key: 'operatorDesks.access.col.askedBy', render: (r) => r.requested_by },
          { key: 'operatorDesks.access.col.askedAt', render: (r) => <DateTime at={r.requested_at} /> },
          {
            key: 'col.status',
            render: (r) => (
              <Badge $tone={STATES[r.state].tone} title={r.decided_at ? undefined : t('operatorDesks.access.pendingHint')}>
                {t(STATES[r.state].key, { by: r.decided_by ?? '' })}
              </Badge>
            ),
          },
          {
            key: 'col.actions',
            align: 'right',
            render: (r) =>
              r.state !== 'pending' || !props.canManage ? null : (
                <span style={{ display: 'inline-flex', gap: 6 }}>
                  {mayApproveAccess(r, props.me) && (
                    <Button type="button" $small onClick={() => props.onApprove(r)}>
                      {t('operatorDesks.access.approve')}
                    </Button>
                  )}
                  <Button type="button" $small $variant="ghost" onClick={() => props.onReject(r)}>
                    {t(r.requested_by_id === props.me ? 'operatorDesks.access.withdraw' : 'operatorDesks.access.reject')}
                  </Button>
                </span>
              ),
          },
        ]}
      />
    </section>
  );
}

/** "Approve this access?" with the admin's own code, or "Reject this request?" (no code: it gives nothing). */
export function DecideAccessDialog(props: DeskDialogProps & { request: OperatorAccessRequest; approve: boolean; onApprove: (code: string) => void; onReject: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const { request, approve } = props;
  const title = t(approve ? 'operatorDesks.access.approveTitle' : 'operatorDesks.access.rejectTitle');
  const question = (
    <p style={{ margin: 0 }}>
      {t(approve ? 'operatorDesks.access.approveQuestion' : 'operatorDesks.access.rejectQuestion', { asker: request.requested_by, account: request.account })} <RequestedChange request={request} />
    </p>
  );
  return (
    <DeskDialog {...props} title={title} submitKey={approve ? 'operatorDesks.access.approve' : 'operatorDesks.access.reject'} formId={formId} danger={!approve}>
      {approve ? (
        <Formik<OperatorStandingValues> initialValues={{ code: '' }} validationSchema={operatorStandingSchema} onSubmit={(values) => props.onApprove(values.code.trim())}>
          <Form id={formId} noValidate aria-label={title}>
            <DeskForm>
              {question}
              <DeskCodeAndRefusal labelKey="operatorDesks.operators.code" refusal={props.refusal} />
            </DeskForm>
          </Form>
        </Formik>
      ) : (
        <form
          id={formId}
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            props.onReject();
          }}
        >
          <DeskForm>
            {question}
            <DeskRefusal refusal={props.refusal} />
          </DeskForm>
        </form>
      )}
    </DeskDialog>
  );
}

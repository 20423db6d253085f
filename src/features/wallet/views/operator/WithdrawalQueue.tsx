import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_PAGE_SIZE, WithdrawalStatus } from '../../../../../domain/wallet';
import { money } from '../../../../../domain/figures';
import { WITHDRAWAL_STATUS_KEYS } from '../../../../../domain/walletAmounts';
import type { QueuedWithdrawal } from '../../machines/operatorWithdrawals/operatorWithdrawals.machine';
import { useOperatorWithdrawals } from '../../wallet.hooks';
import { Badge } from '../../../../app/ui/Badge';
import { DateTime } from '../../../../app/ui/DateTime';
import { Button } from '../../../../app/ui/Button';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { Segmented } from '../../../../app/ui/Segmented';
import { CardPager } from '../../../../kit/wallet/walletUi';
import { FormProblem } from '../../../../app/ui/FormRows';
import { ReasonInput } from '../../../../app/ui/ReasonInput';
import { StepUpNote } from '../../../../kit/operatorStepUp/StepUpNote';
import { DeskCodeAndRefusal, deskColumns, DeskForm, DeskTable, DeskTitleBar, ReloadButton, type DeskListTexts } from '../../../../app/ui/DeskDialog';
import type { ToastMessage } from '../../../../../domain/errors';

const FILTERS: Array<WithdrawalStatus | undefined> = [WithdrawalStatus.notDisbursed, WithdrawalStatus.pendingConfirmation, WithdrawalStatus.completed, WithdrawalStatus.failed, WithdrawalStatus.cancelled, undefined];

const TEXTS: DeskListTexts = { title: 'wallet.ops.queueTitle', empty: 'wallet.ops.queueEmpty', failed: 'wallet.ops.queueFailed' };

/** What the approve and fail questions say of the withdrawal: its quantity, currency and user. */
const rowSummary = (row: QueuedWithdrawal) => ({ quantity: money(row.quantity, row.currency), currency: row.currency, account: row.account ?? '' });

/**
 * The approve dialog: funds leave, so it asks the operator's own 2FA code — optional while the
 * session is stepped up (`stepUpUntil`, said under the field); the machine judges its shape and
 * says the server's refusal here (the dialog stays open, the code emptied: good once).
 */
function ApproveDialog(props: {
  row: QueuedWithdrawal | undefined;
  busy: boolean;
  refusal: ToastMessage | undefined;
  stepUpUntil: number | null;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { refusal } = props;
  // A refusal empties the code in the machine; the field follows it (a code is good once).
  const [seen, setSeen] = useState(refusal);
  if (seen !== refusal) {
    setSeen(refusal);
    setCode('');
  }
  return (
    <ConfirmDialog title={t('wallet.ops.approveTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('wallet.ops.approve')} tone="primary" busy={props.busy} onConfirm={() => props.onConfirm(code)} onCancel={props.onCancel}>
      {props.row && <p style={{ marginTop: 0 }}>{t('wallet.ops.rowSummary', rowSummary(props.row))}</p>}
      {/* Where the money goes, whole: the row shortens the address, and the approver checks it before it leaves. */}
      {props.row && (
        <p>
          {t('wallet.ops.destination', { network: props.row.network })} <code style={{ wordBreak: 'break-all' }}>{props.row.address}</code>
        </p>
      )}
      <DeskForm>
        <DeskCodeAndRefusal labelKey="wallet.ops.code" refusal={refusal} kept={{ value: code, onChange: setCode }} />
        <StepUpNote until={props.stepUpUntil} />
      </DeskForm>
    </ConfirmDialog>
  );
}

/**
 * The fail dialog: the reason is shown to the user on their record, so the machine requires one and
 * says a missing one (`refusal`) under the field, tied to it, while the dialog stays open.
 */
function FailDialog(props: { row: QueuedWithdrawal | undefined; busy: boolean; refusal: ToastMessage | undefined; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const errorId = useId();
  const { refusal } = props;
  return (
    <ConfirmDialog title={t('wallet.ops.failTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('wallet.ops.fail')} tone="danger" busy={props.busy} onConfirm={() => props.onConfirm(reason)} onCancel={props.onCancel}>
      {props.row && <p style={{ marginTop: 0 }}>{t('wallet.ops.rowSummary', rowSummary(props.row))}</p>}
      <label>
        {t('wallet.ops.reason')}
        <ReasonInput value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} aria-invalid={refusal !== undefined} aria-describedby={refusal ? errorId : undefined} />
      </label>
      {refusal && (
        <FormProblem id={errorId} role="alert" data-testid="withdrawal-fail-refusal">
          {'key' in refusal ? t(refusal.key) : refusal.text}
        </FormProblem>
      )}
    </ConfirmDialog>
  );
}

/** Whether the owner was frozen or locked when the queue was read (the server sends 0 for a lock already over): an approval would be refused; failing stays possible. */
const ownerHeld = (r: QueuedWithdrawal) => (r.owner_frozen ?? null) !== null || (r.owner_locked_until ?? 0) > 0;

/** Why an approval would be refused, said in the row before the approver types a code. */
function OwnerHold({ row }: { row: QueuedWithdrawal }) {
  const { t } = useTranslation();
  if ((row.owner_frozen ?? null) !== null) return <Badge $tone="down" style={{ marginLeft: 6 }}>{t('wallet.ops.ownerFrozen', { reason: row.owner_frozen })}</Badge>;
  if ((row.owner_locked_until ?? 0) > 0) {
    return (
      <Badge $tone="down" style={{ marginLeft: 6 }}>
        {t('wallet.ops.ownerLocked')} <DateTime at={row.owner_locked_until!} className="" />
      </Badge>
    );
  }
  return null;
}

/** /operator: withdrawals waiting for a decision (not disbursed first), approve or fail with a reason. */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const queue = useOperatorWithdrawals();
  return (
    <section aria-label={t(TEXTS.title)}>
      <DeskTitleBar title={t(TEXTS.title)}>
        <Segmented role="group" aria-label={t('col.status')}>
          {FILTERS.map((s) => (
            <button key={s ?? 'all'} type="button" aria-pressed={queue.status === s} onClick={() => queue.setStatus(s)}>
              {s === undefined ? t('wallet.ops.all') : t(WITHDRAWAL_STATUS_KEYS[s])}
            </button>
          ))}
        </Segmented>
        <ReloadButton onReload={queue.reload} loading={queue.loading} />
      </DeskTitleBar>
      <DeskTable<QueuedWithdrawal>
        texts={TEXTS}
        desk={queue}
        columns={[
          ...deskColumns.whenAndWho<QueuedWithdrawal>('col.time', (r) => r.created_at),
          { key: 'col.currency', render: (r) => <b>{r.currency}</b> },
          { key: 'col.quantity', align: 'right', render: (r) => money(r.quantity, r.currency) },
          { key: 'col.fee', align: 'right', render: (r) => money(r.fee, r.currency) },
          { key: 'col.network', render: (r) => r.network },
          { key: 'col.address', render: (r) => <code title={r.address}>{r.address.length > 22 ? `${r.address.slice(0, 10)}…${r.address.slice(-8)}` : r.address}</code> },
          {
            key: 'col.status',
            render: (r) => (
              <>
                <Badge $tone={r.status === WithdrawalStatus.notDisbursed ? 'warn' : 'dim'}>{t(WITHDRAWAL_STATUS_KEYS[r.status])}</Badge>
                {r.status === WithdrawalStatus.notDisbursed && <OwnerHold row={r} />}
              </>
            ),
          },
          {
            key: 'col.actions',
            align: 'right',
            render: (r) =>
              r.status === WithdrawalStatus.notDisbursed ? (
                <span style={{ display: 'inline-flex', gap: 6 }}>
                  <Button type="button" $small disabled={queue.deciding || ownerHeld(r)} onClick={() => queue.approve(r.id)}>
                    {t('wallet.ops.approve')}
                  </Button>
                  <Button type="button" $small $variant="ghost" disabled={queue.deciding} onClick={() => queue.fail(r.id)}>
                    {t('wallet.ops.fail')}
                  </Button>
                </span>
              ) : null,
          },
        ]}
      />
      {queue.total > 0 && <CardPager page={queue.page} size={RECORD_PAGE_SIZE} total={queue.total} onPage={queue.setPage} />}
      {queue.confirmingApprove && (
        <ApproveDialog row={queue.target} busy={queue.deciding} refusal={queue.refusal} stepUpUntil={queue.stepUpUntil} onConfirm={queue.confirmApprove} onCancel={queue.cancel} />
      )}
      {queue.confirmingFail && <FailDialog row={queue.target} busy={queue.deciding} refusal={queue.refusal} onConfirm={queue.confirm} onCancel={queue.cancel} />}
    </section>
  );
}

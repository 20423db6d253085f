import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameStatus } from '../../../../../domain/api';
import { USER_ACTIONS, USER_NOTE_MAX, USER_REASON_MAX } from '../../../../../domain/usersDesk';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { Muted } from '../../../../app/ui/Panel';
import type { OperatorUserFlow } from '../../accounts.hooks';
import { ACTION_KEYS, IdentityOptions } from './userDeskKeys';
import { ReasonInput } from '../../../../app/ui/ReasonInput';

const PROBLEM_KEYS = { reasonRequired: 'usersDesk.problem.reasonRequired', codeRequired: 'usersDesk.problem.codeRequired' } as const;

/**
 * The dialog of an action on a user: the reason (written to the audit log; a note's own text),
 * the operator's own 2FA code for the actions that change money or access, and the new identity
 * level for that action. The machine checks them and sends; the fields' text is presentation.
 */
export function UserActionDialog({ user }: { user: OperatorUserFlow }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [level, setLevel] = useState<NameStatus>(3);
  const action = user.action;
  if (!action) return null;
  const note = action === 'note';
  return (
    <ConfirmDialog
      title={t(ACTION_KEYS[action])}
      cancelLabel={t('common.cancel')}
      confirmLabel={t(ACTION_KEYS[action])}
      tone={action === 'freeze' ? 'danger' : 'primary'}
      busy={user.acting}
      onConfirm={() => {
        user.submit(reason, USER_ACTIONS[action].code ? code : undefined, action === 'identity' ? level : undefined);
        setCode('');
      }}
      onCancel={user.cancel}
    >
      {action === 'freeze' && <p style={{ marginTop: 0 }}>{t('usersDesk.freezeExplained')}</p>}
      {action === 'identity' && (
        <label style={{ display: 'block', marginBottom: 8 }}>
          {t('usersDesk.newLevel')}{' '}
          <select value={level} onChange={(e) => setLevel(Number(e.target.value) as NameStatus)}>
            <IdentityOptions />
          </select>
        </label>
      )}
      <label>
        {t(note ? 'usersDesk.noteText' : 'usersDesk.reason')}
        <ReasonInput value={reason} maxLength={note ? USER_NOTE_MAX : USER_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
      </label>
      {USER_ACTIONS[action].code && (
        <label style={{ display: 'block', marginTop: 8 }}>
          {t('usersDesk.code')}{' '}
          <input value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
        </label>
      )}
      {user.problem && (
        <Muted role="alert" style={{ marginTop: 8 }}>
          {t(PROBLEM_KEYS[user.problem])}
        </Muted>
      )}
    </ConfirmDialog>
  );
}

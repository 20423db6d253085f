import { useTranslation } from 'react-i18next';
import type { NameStatus } from '../../../../../domain/api';
import type { UserActionKind } from '../../../../../domain/usersDesk';

// The users desk's texts, shared by its list, its user page and the action dialog (a file of its
// own so the page and the dialog do not import each other).

/** The identity levels' names (NameStatus), literal keys for the i18n check. */
export const IDENTITY_KEYS: Record<NameStatus, string> = {
  1: 'usersDesk.level.1',
  2: 'usersDesk.level.2',
  3: 'usersDesk.level.3',
  4: 'usersDesk.level.4',
};

/** The identity levels as a select's options, lowest first (the users' filter, the set-level dialog). */
export function IdentityOptions() {
  const { t } = useTranslation();
  return (
    <>
      {([1, 2, 3, 4] as const).map((s) => (
        <option key={s} value={s}>
          {t(IDENTITY_KEYS[s])}
        </option>
      ))}
    </>
  );
}

/** Each action's button (and dialog title). */
export const ACTION_KEYS: Record<UserActionKind, string> = {
  freeze: 'usersDesk.action.freeze',
  unfreeze: 'usersDesk.action.unfreeze',
  endSessions: 'usersDesk.action.endSessions',
  suspendKeys: 'usersDesk.action.suspendKeys',
  resetTwoFactor: 'usersDesk.action.resetTwoFactor',
  identity: 'usersDesk.action.identity',
  note: 'usersDesk.action.note',
};

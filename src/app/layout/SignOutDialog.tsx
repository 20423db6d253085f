import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useSessionFlow } from '../views/hooks';

/**
 * Spec §4: sign-out asks for confirmation first; the session machine holds the question. Fetched
 * with the header menus' chunk (lazyParts.ts `SignOutQuestion`), where "Sign out" is clicked.
 */
export function SignOutDialog() {
  const { t } = useTranslation();
  const session = useSessionFlow();
  if (!session.confirmingSignOut) return null;
  return (
    <ConfirmDialog title={t('nav.signOut')} confirmLabel={t('common.confirm')} onConfirm={session.confirm} onCancel={session.cancel}>
      {t('session.confirmSignOut')}
    </ConfirmDialog>
  );
}

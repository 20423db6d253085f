import { useTranslation } from 'react-i18next';
import { useSessionFlow } from '../views/hooks';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/** Spec §4: sign-out asks for confirmation first; the session machine holds the question. */
export function SignOutDialog() {
  const { t } = useTranslation();
  const session = useSessionFlow();
  if (!session.confirmingSignOut) return null;
  return (
    <ConfirmDialog
      title={t('nav.signOut')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('common.confirm')}
      onConfirm={session.confirm}
      onCancel={session.cancel}
    >
      {t('session.confirmSignOut')}
    </ConfirmDialog>
  );
}

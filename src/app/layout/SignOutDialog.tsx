import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionFlow } from '../views/hooks';

/** The dialog's code is fetched when the question is first asked (a click on "Sign out"). */
const ConfirmDialog = lazy(async () => ({ default: (await import('../ui/ConfirmDialog')).ConfirmDialog }));

/** Spec §4: sign-out asks for confirmation first; the session machine holds the question. */
export function SignOutDialog() {
  const { t } = useTranslation();
  const session = useSessionFlow();
  if (!session.confirmingSignOut) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        title={t('nav.signOut')}
        confirmLabel={t('common.confirm')}
        onConfirm={session.confirm}
        onCancel={session.cancel}
      >
        {t('session.confirmSignOut')}
      </ConfirmDialog>
    </Suspense>
  );
}

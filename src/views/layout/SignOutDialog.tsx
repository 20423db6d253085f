import { useTranslation } from 'react-i18next';
import { useSessionFlow } from '../app/hooks';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

/** Spec §4: sign-out asks for confirmation first; the session machine holds the question. */
export function SignOutDialog() {
  const { t } = useTranslation();
  const session = useSessionFlow();
  if (!session.confirmingSignOut) return null;
  return (
    <Dialog
      title={t('nav.signOut')}
      onClose={session.cancel}
      footer={
        <>
          <Button $variant="ghost" onClick={session.cancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={session.confirm}>{t('common.confirm')}</Button>
        </>
      }
    >
      {t('session.confirmSignOut')}
    </Dialog>
  );
}

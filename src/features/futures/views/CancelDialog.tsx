import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';

/**
 * Spec §8's question before an open futures order or a waiting TP/SL plan is cancelled: the trade
 * page's desk and the orders centre (u-current, u-plan) ask it the same way.
 */
export function CancelDialog(props: { kind: 'order' | 'plan'; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t(props.kind === 'order' ? 'futures.desk.cancelOrderTitle' : 'futures.desk.cancelPlanTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('common.confirm')}
      tone="danger"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {t(props.kind === 'order' ? 'futures.desk.cancelOrderQuestion' : 'futures.desk.cancelPlanQuestion')}
    </ConfirmDialog>
  );
}

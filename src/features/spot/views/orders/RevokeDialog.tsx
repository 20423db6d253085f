import type { ConfirmActActorRef } from '../../../../app/machines/confirmAct/confirmAct.machine';
import { ConfirmActDialog, type ConfirmTexts } from '../../../../app/ui/ConfirmDialog';

const REVOKE: ConfirmTexts = { titleKey: 'spot.orders.revokeTitle', questionKey: 'spot.orders.revokeQuestion' };

/**
 * Spec §8: "Do you want to cancel this order?" before an open order or a waiting stop is
 * cancelled, asked by its list's confirm-then-act child (`cancelOrder`, `cancelStop`).
 */
export function RevokeQuestion(props: { actor: ConfirmActActorRef | undefined }) {
  return <ConfirmActDialog actor={props.actor} texts={() => REVOKE} />;
}

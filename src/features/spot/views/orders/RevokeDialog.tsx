import type { ConfirmActActorRef } from '../../../../app/machines/confirmAct/confirmAct.machine';
import { ConfirmActDialog, type ConfirmTexts } from '../../../../app/ui/ConfirmDialog';

// The buttons say what they do: "Cancel" / "Confirm" under "Cancel order" read both ways (issue 50 C3).
const REVOKE: ConfirmTexts = { titleKey: 'spot.orders.revokeTitle', questionKey: 'spot.orders.revokeQuestion', keepKey: 'spot.orders.keepOrder', confirmKey: 'spot.orders.cancelOrder' };

/**
 * Spec §8: "Do you want to cancel this order?" before an open order or a waiting stop is
 * cancelled, asked by its list's confirm-then-act child (`cancelOrder`, `cancelStop`).
 */
export function RevokeQuestion(props: { actor: ConfirmActActorRef | undefined }) {
  return <ConfirmActDialog actor={props.actor} texts={() => REVOKE} />;
}

import type { ConfirmActActorRef } from '../../../app/machines/confirmAct/confirmAct.machine';
import { ConfirmActDialog, type ConfirmTexts } from '../../../app/ui/ConfirmDialog';

// The buttons say what they do: "Cancel" / "Confirm" under "Cancel order" read both ways (issue 50 C3).
const ORDER: ConfirmTexts = { titleKey: 'futures.desk.cancelOrderTitle', questionKey: 'futures.desk.cancelOrderQuestion', keepKey: 'futures.desk.keepOrder', confirmKey: 'futures.desk.cancelOrder' };
const PLAN: ConfirmTexts = { titleKey: 'futures.desk.cancelPlanTitle', questionKey: 'futures.desk.cancelPlanQuestion', keepKey: 'futures.desk.keepPlan', confirmKey: 'futures.desk.cancelPlan' };

/**
 * Spec §8's question before an open futures order or a waiting TP/SL plan is cancelled: the trade
 * page's desk and the orders centre (u-current, u-plan) ask it the same way, each through its
 * `cancelOrder` and `cancelPlan` confirm-then-act children.
 */
export function CancelDialogs(props: { order: ConfirmActActorRef | undefined; plan: ConfirmActActorRef | undefined }) {
  return (
    <>
      <ConfirmActDialog actor={props.order} texts={() => ORDER} />
      <ConfirmActDialog actor={props.plan} texts={() => PLAN} />
    </>
  );
}

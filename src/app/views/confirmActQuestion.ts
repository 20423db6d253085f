import type { ConfirmActActorRef } from '../machines/confirmAct/confirmAct.machine';
import { useActorFlow } from './actorFlow';

/**
 * A confirm-then-act child's question as a dialog reads it (`ConfirmActDialog`, or a dialog of a
 * view's own that lists what it asks about): the subject while it asks or acts (undefined when
 * idle), whether it acts, the refusal it keeps in the question (issue 50 S3), and the dialog's two answers.
 */
export function useConfirmActQuestion<TSubject>(child: ConfirmActActorRef) {
  return useActorFlow(
    child,
    // The child holds the subject its parent asked about, which is the parent's own type.
    { asked: (s) => (s.matches('idle') ? undefined : (s.context.subject as TSubject)), acting: (s) => s.matches('acting'), refusal: (s) => s.context.refusal },
    { confirm: () => ({ type: 'confirmAct.confirm' }), cancel: () => ({ type: 'confirmAct.cancel' }) },
  );
}

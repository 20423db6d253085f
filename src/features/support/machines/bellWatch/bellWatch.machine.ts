import { fromCallback, setup, type EventObject } from 'xstate';
import type { InformActorRef } from '../inform/inform.machine';

export interface BellWatchInput {
  /** The session-long notifications (support.flows.ts), which the bell and /inform share. */
  inform: Pick<InformActorRef, 'send'>;
  userId: number;
}

/**
 * The header bell's hold on the notifications while it is on screen for one user: its `holding`
 * child asks for the first page when it starts (the inform actor follows the display language
 * itself, but not the user) and empties the shared list when it stops, which is when the bell goes
 * (the session ended). The bell keys its actor by user, so another user is another hold. (XState
 * runs no exit actions when an actor stops; a child's cleanup does run, so the clear lives there,
 * as pairWatch's leave does.)
 */
export const bellWatchMachine = setup({
  types: { context: {} as BellWatchInput, input: {} as BellWatchInput },
  actors: {
    holding: fromCallback<EventObject, BellWatchInput>(({ input }) => {
      input.inform.send({ type: 'inform.load', page: 1 });
      return () => input.inform.send({ type: 'inform.clear' });
    }),
  },
}).createMachine({
  id: 'bellWatch',
  context: ({ input }) => input,
  invoke: { src: 'holding', input: ({ context }) => context },
});

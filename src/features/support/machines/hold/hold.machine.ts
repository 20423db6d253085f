import { fromCallback, setup, type AnyActorRef, type AnyEventObject, type EventObject } from 'xstate';

export interface HoldInput {
  /** The session-long actor held (support.flows.ts: the notifications, the note popup). */
  target: Pick<AnyActorRef, 'send'>;
  /** Sent to it when the hold starts: the view is on screen. */
  start: AnyEventObject;
  /** Sent to it when the hold stops: the view went. */
  stop?: AnyEventObject;
}

/**
 * A view's hold on a session-long actor while it is on screen: its `holding` child sends `start`
 * when it starts and `stop` when it stops. The header bell holds the notifications for one user
 * (the first page asked for, the list emptied when the bell goes: signed out; the bell keys its
 * hold by user, so another user is another hold); /inform asks for a fresh first page on arrival;
 * /agree opens the agreement's note. So a command on a view's arrival is a machine's, not a view
 * effect's. (XState runs no exit actions when an actor stops; a child's cleanup does run, so the
 * stop lives there, as pairWatch's leave does.)
 */
export const holdMachine = setup({
  types: { context: {} as HoldInput, input: {} as HoldInput },
  actors: {
    holding: fromCallback<EventObject, HoldInput>(({ input }) => {
      input.target.send(input.start);
      return () => {
        if (input.stop) input.target.send(input.stop);
      };
    }),
  },
}).createMachine({
  id: 'hold',
  context: ({ input }) => input,
  invoke: { src: 'holding', input: ({ context }) => context },
});

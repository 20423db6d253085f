import { messageForError } from '../../../../domain/errors';

/**
 * The one "say what failed" action: the machine's `showToast` with the translated message of the
 * error an invoked actor failed with (onError), for every machine that toasts its failures.
 */
export const toastError = {
  type: 'showToast' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ tone: 'error' as const, message: messageForError(event.error) }),
};

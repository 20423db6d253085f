import { messageForError, type ToastMessage } from '../../../../domain/errors';

/**
 * The one "say what failed" action: the machine's `showToast` with the translated message of the
 * error an invoked actor failed with (onError), for every machine that toasts its failures.
 */
export const toastError = {
  type: 'showToast' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ tone: 'error' as const, message: messageForError(event.error) }),
};

/**
 * The `showToast` a machine names in its `setup({ actions })`, supplied by the app (the toasts'
 * actor): declared here once, as every machine that toasts declared it alike.
 */
export const showToast = (_: unknown, _params: { tone: 'info' | 'error' | 'success'; message: ToastMessage }) => undefined;

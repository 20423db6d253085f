/**
 * The error catalogue of spec §8 as data. The API service turns every failure into an ApiError;
 * machines turn an ApiError into a toast message: a translation key for the catalogue's own
 * messages, or the server's already-translated text.
 */
export type ApiErrorKind = 'network' | 'server' | 'system' | 'forbidden';

export interface ApiError {
  kind: ApiErrorKind;
  /** The server's translated msg, when it sent one. */
  serverMessage?: string;
  /** The form field the refusal is about, when the server named one (`data.field`): a form says the message under it. */
  field?: string;
}

/** A toast shows either a key of the client's catalogue or text that is already translated. */
export type ToastMessage = { key: string } | { text: string };

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['network', 'server', 'system', 'forbidden'].includes((value as ApiError).kind)
  );
}

export function messageForError(error: unknown): ToastMessage {
  if (!isApiError(error)) return { key: 'error.system' };
  switch (error.kind) {
    case 'network':
      return { key: 'error.network' };
    case 'server':
    case 'forbidden':
      return error.serverMessage ? { text: error.serverMessage } : { key: 'error.system' };
    case 'system':
      return { key: 'error.system' };
  }
}

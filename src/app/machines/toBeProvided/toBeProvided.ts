import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * An effect a machine names in its `setup({ actors })` and the composition root provides (the
 * product's flows, or a test's stand-in): machines do no I/O, so until then it only fails, saying
 * which. `fetchKeys: toBeProvided<ApiKeyItem[]>('fetchKeys')` for a read with no input,
 * `deleteKey: toBeProvided<null, { api_key: string }>('deleteKey')` for one with an input.
 *
 * Shared (issue 39) because every machine of every product declares its effects this way; the
 * three lines each wrote by hand were the most repeated shape of the client.
 */
export function toBeProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });
}

import { assign, type EventObject } from 'xstate';

/**
 * One idempotency key per intended request (a withdrawal, a transfer): minted when the request is
 * first sent, kept while the same request is retried after a lost answer (so it cannot move funds
 * twice), new once the request changes. The wallet's two submissions keep it alike, so it is
 * written once here.
 */
export interface RequestKey {
  idempotencyKey: string | undefined;
  /** What the key stands for: the request's signature when the key was minted. */
  keyFor: string | undefined;
  mints: number;
}

export const noRequestKey: RequestKey = { idempotencyKey: undefined, keyFor: undefined, mints: 0 };

/** A keyed request's actions and guard, over its signature (the request as sent, without a password). */
export function requestKey<C extends RequestKey, E extends EventObject>(signature: (context: C) => string) {
  return {
    actions: {
      /**
       * Assigns a fresh `idempotencyKey`. The composition root supplies crypto.randomUUID
       * (`requestKeyMinter`); this default only numbers the keys of one actor, for tests and reports.
       */
      mintIdempotencyKey: assign<C, E, undefined, E, never>(({ context }) => ({ mints: context.mints + 1, idempotencyKey: `local-key-${context.mints + 1}` }) as Partial<C>),
      rememberKeyFor: assign<C, E, undefined, E, never>(({ context }) => ({ keyFor: signature(context) }) as Partial<C>),
    },
    keyFitsRequest: ({ context }: { context: C }) => context.idempotencyKey !== undefined && context.keyFor === signature(context),
  };
}

/** The `mintIdempotencyKey` action over a key source (crypto.randomUUID in the browser, a counter in tests). */
export const requestKeyMinter = <C extends RequestKey, E extends EventObject>(mint: () => string) => assign<C, E, unknown, E, never>(() => ({ idempotencyKey: mint() }) as Partial<C>);

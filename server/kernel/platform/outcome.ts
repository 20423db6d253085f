import { ResultCode } from '../../../domain/api.js';
import { ApiFailure } from './http/envelope.js';
import type { MessageKey } from './i18n/messages.js';

/**
 * What a use case answers: its data, or a refusal as a message key (translated at the edge).
 * Refusals are values, not exceptions, so a use case can refuse inside a transaction and roll it
 * back on purpose.
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; key: MessageKey; vars?: Record<string, string> };

export const refuse = (key: MessageKey, vars?: Record<string, string>): Outcome<never> => ({ ok: false, key, ...(vars ? { vars } : {}) });

/** A route's answer from an outcome: the data, or the refusal thrown as body code 400 (or `code`). */
export function unwrap<T>(outcome: Outcome<T>, code: ResultCode = ResultCode.badRequest): T {
  if (!outcome.ok) throw new ApiFailure(code, outcome.key, outcome.vars);
  return outcome.data;
}

/**
 * A refusal raised inside a use case's transaction: thrown, it rolls the whole transaction back
 * (the idempotency claim included, so a corrected retry is carried out afresh); `outcomeOf` turns
 * it into the Outcome the routes answer. `K` narrows the keys to a product's own messages.
 */
export class Refusal<K extends MessageKey = MessageKey> extends Error {
  constructor(
    readonly key: K,
    readonly vars?: Record<string, string>,
  ) {
    super(key);
  }
}

/** Runs `work`; a Refusal it throws becomes a refused Outcome, anything else is rethrown. */
export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.key, error.vars);
    throw error;
  }
}

import { ResultCode } from '../../src/domain/api.js';
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

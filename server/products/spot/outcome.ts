import type { TradingMessageKey } from './messages.js';

/** A refusal's key: spot's own, or the kernel's for an Idempotency-Key used before with another body. */
export type SpotRefusalKey = TradingMessageKey | 'idempotencyKeyReused';

/** What a spot call answers (orders and stops alike): its data, or a refusal by message key. */
export type SpotOutcome<T> = { ok: true; data: T } | { ok: false; key: SpotRefusalKey; vars?: Record<string, string> };

export const fail = (key: SpotRefusalKey, vars?: Record<string, string>): SpotOutcome<never> => ({ ok: false, key, ...(vars ? { vars } : {}) });

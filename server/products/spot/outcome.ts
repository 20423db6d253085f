import type { TradingMessageKey } from './messages.js';

/** What a spot call answers (orders and stops alike): its data, or a refusal by message key. */
export type SpotOutcome<T> = { ok: true; data: T } | { ok: false; key: TradingMessageKey; vars?: Record<string, string> };

export const fail = (key: TradingMessageKey, vars?: Record<string, string>): SpotOutcome<never> => ({ ok: false, key, ...(vars ? { vars } : {}) });

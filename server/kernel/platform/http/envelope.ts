import { ResultCode, type Envelope } from '../../../../domain/api.js';
import type { LocaleCode } from '../../../../domain/languages.js';
import { translate, type MessageKey } from '../i18n/messages.js';

export function ok<T>(lang: LocaleCode, data: T): Envelope<T> {
  return { code: ResultCode.ok, msg: translate(lang, 'ok'), data };
}

/** Success with a message of its own ("Order placed", "Revocation successful"), translated. */
export function okWith<T>(lang: LocaleCode, key: MessageKey, data: T): Envelope<T>;
export function okWith(lang: LocaleCode, key: MessageKey): Envelope<null>;
export function okWith(lang: LocaleCode, key: MessageKey, data: unknown = null): Envelope<unknown> {
  return { code: ResultCode.ok, msg: translate(lang, key), data };
}

/**
 * A refusal the client shows as a toast. Thrown from a route, it becomes HTTP 200 with body code
 * `code` and a translated msg (spec §7: the body code, not the HTTP status, carries the outcome).
 */
export class ApiFailure extends Error {
  constructor(
    readonly code: ResultCode,
    readonly key: MessageKey,
    readonly vars: Record<string, string> = {},
    /** What the client may need to tell this refusal from another of its code (an operator's permission refusal names the permission). */
    readonly data: unknown = null,
  ) {
    super(key);
  }

  /** `timeZone`: the caller's, for the moments in the message (kernel/platform/i18n/messages.ts, momentVar). */
  toEnvelope(lang: LocaleCode, timeZone?: string): Envelope<unknown> {
    return { code: this.code, msg: translate(lang, this.key, this.vars, timeZone), data: this.data };
  }
}

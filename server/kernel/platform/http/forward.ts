import type { IncomingMessage, ServerResponse } from 'node:http';
import { ResultCode } from '../../../../domain/api.js';
import { localeFromHeader } from '../../../../domain/languages.js';
import { translate } from '../i18n/messages.js';

/** Headers that describe one hop's connection, not the request (RFC 9110 §7.6.1): never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** The headers of a request or answer that go on to the next hop (`also`: more to leave out). */
export function passedOn(headers: Record<string, string | string[] | number | undefined>, also: readonly string[] = []): Record<string, string | string[]> {
  const passed: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.includes(name) && !also.includes(name)) passed[name] = typeof value === 'number' ? String(value) : value;
  }
  return passed;
}

/**
 * What the process passing a call on answers itself when it cannot (its holder unreachable, no
 * answer, a body too large): a translated envelope on HTTP 200, as every refusal, so the page
 * shows its text.
 */
export function refuseHere(request: IncomingMessage, response: ServerResponse, key: 'serverUnreachable' | 'serverNoAnswer' | 'badRequest', code: number = ResultCode.serverError): void {
  const lang = localeFromHeader(request.headers.lang);
  const retry = key === 'badRequest' ? {} : { 'retry-after': '1' };
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...retry }).end(JSON.stringify({ code, msg: translate(lang, key), data: null }));
}

/** What takes a call before the HTTP app parses it (a product's call, sent to its entry's holder: productCalls.ts). */
export interface Forwarder {
  /** Takes the request if it is an API call this process does not serve itself; false: serve it here. */
  take(request: IncomingMessage, response: ServerResponse): boolean;
  close(): void;
}

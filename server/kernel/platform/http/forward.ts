import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
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
 * What the process passing a call on answers itself when it cannot (the server unreachable, no
 * answer, a body too large): a translated envelope on HTTP 200, as every refusal, so the page
 * shows its text.
 */
export function refuseHere(request: IncomingMessage, response: ServerResponse, key: 'serverUnreachable' | 'serverNoAnswer' | 'badRequest', code: number = ResultCode.serverError): void {
  const lang = localeFromHeader(request.headers.lang);
  const retry = key === 'badRequest' ? {} : { 'retry-after': '1' };
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...retry }).end(JSON.stringify({ code, msg: translate(lang, key), data: null }));
}

/** How long a forwarded request may take before the front gives up on the server's answer. */
const FORWARD_TIMEOUT_MS = 30_000;

export interface Forwarder {
  /** Takes the request if it is an API call this process does not serve itself; false: serve it here. */
  take(request: IncomingMessage, response: ServerResponse): boolean;
  close(): void;
}

/**
 * A cluster node's front's way to the server (docs/ARCHITECTURE.md "Scale-out: identical nodes"):
 * every /api call it does not serve itself is streamed to the server that holds the lease now (the
 * address its beat gives) as it came — method, path, headers
 * (the session token, `lang`, `Idempotency-Key`), body — with the client's address added to
 * X-Forwarded-For, and the server's answer streamed back as it came. The server checks, refuses
 * and answers exactly as if it had been called directly. Connections to it are kept alive.
 *
 * If the server cannot be reached, the caller gets a translated envelope (HTTP 200, as every
 * refusal, so the page shows its text) saying nothing changed: the connection was refused before
 * the request went out. If it breaks off or times out after that, the envelope says the call may
 * have been carried out; the Idempotency-Key makes a retry of an order safe.
 */
export function forwardTo(addresses: ServerAddresses, servedHere: (method: string, path: string) => boolean, log: (message: string, error: unknown) => void): Forwarder {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  return {
    take(request, response) {
      const url = request.url ?? '/';
      const path = url.split('?', 1)[0]!;
      if (!(path === '/api' || path.startsWith('/api/')) || servedHere(request.method ?? 'GET', path)) return false;
      const headers = passedOn(request.headers);
      const client = request.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = request.headers['x-forwarded-for'] ? `${String(request.headers['x-forwarded-for'])}, ${client}` : client;
      const primary = addresses.current();
      // No server known to serve now (a cluster node's server has just died and no other has said it
      // listens yet): nothing is sent, so the call is refused at once as safe to send again.
      if (!primary) {
        // On the next tick, as every other answer of a forwarder: its caller sets the security headers first.
        process.nextTick(() => refuseHere(request, response, 'serverUnreachable'));
        return true;
      }
      const upstream = httpRequest(
        { protocol: primary.protocol, hostname: primary.hostname, port: primary.port, method: request.method, path: url, headers, agent, timeout: FORWARD_TIMEOUT_MS },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
          answer.pipe(response);
        },
      );
      const fail = (error: NodeJS.ErrnoException) => {
        log(`front: ${request.method} ${path} could not be forwarded to the server`, error);
        if (response.headersSent) return void response.destroy();
        // Refused before the request went out: nothing changed. The holder's beats stop, and the next one's say where it listens.
        const unreached = error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || error.code === 'EHOSTUNREACH';
        refuseHere(request, response, unreached ? 'serverUnreachable' : 'serverNoAnswer');
      };
      upstream.on('timeout', () => upstream.destroy(new Error('no answer in time')));
      upstream.on('error', fail);
      request.pipe(upstream);
      return true;
    },
    close: () => agent.destroy(),
  };
}

/** Where a front's calls for the server go now: undefined while no server is known to serve. */
export interface ServerAddresses {
  current(): URL | undefined;
}

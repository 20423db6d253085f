import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import { localeFromHeader } from '../../../../domain/languages.js';
import { translate } from '../../platform/i18n/messages.js';
import type { ServerProduct } from '../../platform/product.js';
import { MarketUnavailable } from './commandClient.js';
import { productMarket } from './processes.js';

/** An HTTP call to a product that runs apart, as it travels on the bus; `ip`: the caller's address, as the node's socket saw it. */
export interface ProductCall {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  body: string;
  ip: string;
}

/** The holder's answer as its routes gave it: the body as text, or base64 when it is not text (P2P's proof images). */
interface ProductAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  base64?: true;
}

/** The largest body any product route takes (P2P's 4 MB proof image as a data URL); each route's own limit applies again at the holder. */
const BODY_LIMIT = 8 * 1024 * 1024;
const TEXT = /^(application\/(json|javascript)|text\/)/;
/** Never passed on: what describes one hop's connection, not the request (RFC 9110 §7.6.1), and the length, recomputed by whoever writes the body. */
const NOT_PASSED_ON = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length'];

/** A node's side of the products that run apart (docs/ARCHITECTURE.md "Scale-out: product processes"): a call to their paths is read whole, sent to its entry's holder, answered as it gave it; else "cannot be reached" or "may have been carried out". */
export function productCallsForwarder(
  products: readonly ServerProduct[],
  call: (market: string, command: ProductCall) => Promise<unknown>,
  log: (message: string, error: unknown) => void,
): { take(request: IncomingMessage, response: ServerResponse): boolean } {
  const routes = products.flatMap((p) => p.apart!.paths.map((prefix) => ({ prefix, market: productMarket(p.id), refusal: p.apart!.refusal })));
  return {
    take(request, response) {
      const url = request.url ?? '/';
      const path = url.split('?', 1)[0]!;
      const route = routes.find((r) => path.startsWith(r.prefix));
      if (!route) return false;
      void send(request, response, url, route.market, call).catch((error: unknown) => {
        if (!(error instanceof MarketUnavailable)) log(`product call ${request.method} ${path} failed`, error);
        if (response.headersSent) return void response.destroy();
        const unreached = error instanceof MarketUnavailable && !error.maybeDone;
        const own = route.refusal?.(path, !unreached);
        if (own) return void response.writeHead(own.status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' }).end(JSON.stringify(own.body));
        refuseHere(request, response, unreached ? 'serverUnreachable' : 'serverNoAnswer');
      });
      return true;
    },
  };
}

async function send(request: IncomingMessage, response: ServerResponse, url: string, market: string, call: (market: string, command: ProductCall) => Promise<unknown>): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Too large for any route: answered here as the holder would.
    if (size > BODY_LIMIT) return refuseHere(request, response, 'badRequest', ResultCode.badRequest);
    chunks.push(chunk);
  }
  const forwarded: ProductCall = { method: request.method ?? 'GET', url, headers: passedOn(request.headers), body: Buffer.concat(chunks).toString('utf8'), ip: request.socket.remoteAddress ?? '' };
  const answer = (await call(market, forwarded)) as ProductAnswer;
  response.writeHead(answer.status, answer.headers).end(answer.base64 ? Buffer.from(answer.body, 'base64') : answer.body);
}

/** The holder's side: the call goes through the product's own HTTP app (never listening) by `inject`, from the caller's address, as if it had come there. */
export async function answerProductCall(app: FastifyInstance, command: unknown): Promise<ProductAnswer> {
  const call = command as Partial<ProductCall> | null;
  if (!call || typeof call.method !== 'string' || typeof call.url !== 'string' || typeof call.body !== 'string' || typeof call.headers !== 'object' || call.headers === null) throw new Error('not a product call');
  const remoteAddress = typeof call.ip === 'string' && call.ip ? call.ip : '127.0.0.1';
  const answer = await app.inject({ method: call.method as 'GET', url: call.url, headers: call.headers, payload: call.body, remoteAddress });
  const headers = passedOn(answer.headers);
  const text = TEXT.test(String(answer.headers['content-type'] ?? 'text/plain'));
  return text ? { status: answer.statusCode, headers, body: answer.body } : { status: answer.statusCode, headers, body: answer.rawPayload.toString('base64'), base64: true };
}

function passedOn(headers: Record<string, string | string[] | number | undefined>): Record<string, string | string[]> {
  const passed: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_PASSED_ON.includes(name)) passed[name] = typeof value === 'number' ? String(value) : value;
  }
  return passed;
}

/** The node's own refusal: a translated envelope on HTTP 200, as every refusal, so the page shows its text. */
function refuseHere(request: IncomingMessage, response: ServerResponse, key: 'serverUnreachable' | 'serverNoAnswer' | 'badRequest', code: number = ResultCode.serverError): void {
  const lang = localeFromHeader(request.headers.lang);
  const retry = key === 'badRequest' ? {} : { 'retry-after': '1' };
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...retry }).end(JSON.stringify({ code, msg: translate(lang, key), data: null }));
}

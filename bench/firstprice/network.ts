import type { CDPSession } from '@playwright/test';

/**
 * A visit's network log from CDP's Network events: every request's type, URL, when it was sent,
 * each chunk of its body that arrived (bytes on the wire, CDP's encodedDataLength) and when it
 * finished, all on CDP's monotonic clock (seconds). `wallOffset` maps that clock to epoch time.
 */
interface Request {
  url: string;
  type: string;
  sent: number;
  chunks: { at: number; bytes: number }[];
  finished?: { at: number; bytes: number };
}

export interface NetworkLog {
  requests: Map<string, Request>;
  /** Epoch seconds minus CDP seconds, from the first request (the document's). */
  wallOffset?: number;
}

export async function recordNetwork(cdp: CDPSession): Promise<NetworkLog> {
  const log: NetworkLog = { requests: new Map() };
  cdp.on('Network.requestWillBeSent', (e) => {
    log.wallOffset ??= e.wallTime - e.timestamp;
    log.requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', sent: e.timestamp, chunks: [] });
  });
  cdp.on('Network.dataReceived', (e) => log.requests.get(e.requestId)?.chunks.push({ at: e.timestamp, bytes: e.encodedDataLength }));
  cdp.on('Network.loadingFinished', (e) => {
    const request = log.requests.get(e.requestId);
    if (request) request.finished = { at: e.timestamp, bytes: e.encodedDataLength };
  });
  await cdp.send('Network.enable');
  return log;
}

const isScript = (r: Request) => r.type === 'Script' || /\.js(\?|$)/.test(r.url);

export interface Arrived {
  /** Bytes of JavaScript on the wire (headers and compressed body) before the moment. */
  bytes: number;
  /** Scripts whole by then. */
  scripts: number;
  /** Scripts asked for by then and still arriving. */
  inFlight: number;
}

/** The JavaScript that had arrived by `epochMs` (a mark from the page's watcher). */
export function scriptsBefore(log: NetworkLog, epochMs: number): Arrived {
  const at = epochMs / 1000 - (log.wallOffset ?? 0);
  let bytes = 0;
  let scripts = 0;
  let inFlight = 0;
  for (const r of log.requests.values()) {
    if (!isScript(r) || r.sent > at) continue;
    if (r.finished && r.finished.at <= at) {
      bytes += r.finished.bytes;
      scripts++;
    } else {
      bytes += r.chunks.filter((c) => c.at <= at).reduce((t, c) => t + c.bytes, 0);
      inFlight++;
    }
  }
  return { bytes, scripts, inFlight };
}

/** The waterfall up to `epochMs` (FIRSTPRICE_TIMING=1): each request as `name sent–finished ms KB`, from the document's start. */
export function waterfall(log: NetworkLog, epochMs: number): string {
  const list = [...log.requests.values()];
  const start = list[0]?.sent ?? 0;
  const at = epochMs / 1000 - (log.wallOffset ?? 0);
  const ms = (s: number) => Math.round((s - start) * 1000);
  return list
    .filter((r) => r.sent <= at)
    .map((r) => {
      const name = r.url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');
      const end = r.finished ? `${ms(r.finished.at)}${r.finished.at > at ? '*' : ''}` : '…';
      return `      ${r.type.padEnd(10)} ${String(ms(r.sent)).padStart(5)}–${end.padEnd(6)} ${(((r.finished?.bytes ?? 0) / 1000).toFixed(1) + ' KB').padStart(9)}  ${name.slice(0, 70)}`;
    })
    .join('\n');
}

import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { tradeChannel } from '../../domain/market.js';
import { fundedTraders } from '../../tests/system/traders.js';
import type { Trader } from '../../tests/system/submissions.js';
import { children } from './children.js';
import { summary } from './ramp.js';
import { channels, PROBE, SUBSCRIBERS } from './settings.js';
import type { ProbeArrival } from './subscribers.js';

// ---------------------------------------------------------------------------------------------
// Traders: registered and funded through the API by the system-test helper.

/**
 * /api/send_code allows 20 calls per client address per minute, so traders are registered 20 at a
 * time from 127.0.0.1, 127.0.0.2, … (all loopback: the requests still go to 127.0.0.1). The helper
 * uses the global fetch, whose connections come from the global dispatcher; a dispatcher of the
 * same class bound to another local address is put in its place while a group registers.
 */
export async function registerTraders(url: string, dataDir: string, count: number): Promise<Trader[]> {
  const key = Symbol.for('undici.globalDispatcher.1');
  const global = globalThis as unknown as Record<symbol, { constructor: new (options: object) => unknown } | undefined>;
  await fetch(`${url}/api/pair_list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const original = global[key];
  const traders: Trader[] = [];
  for (let group = 0; traders.length < count; group++) {
    const n = Math.min(20, count - traders.length);
    if (group > 0) {
      if (!original) {
        console.log(`  (cannot bind another loopback address: ${traders.length} traders only)`);
        break;
      }
      global[key] = new original.constructor({ connect: { localAddress: `127.0.0.${group + 1}` } }) as typeof original;
    }
    try {
      traders.push(...(await fundedTraders(url, dataDir, n, `bench${group}t`)));
    } finally {
      global[key] = original;
    }
  }
  return traders;
}

// ---------------------------------------------------------------------------------------------
// One database.

export interface Subscribers {
  child: ChildProcess;
  ask<T>(type: string): Promise<T>;
}

export async function startSubscribers(url: string, tokens: string[], urls: string[] = []): Promise<Subscribers> {
  const child = fork(join(import.meta.dirname, 'subscribers.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  const ask = <T>(type: string, send: object = { type }) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`subscribers: no answer to ${type}`)), 60_000);
      const onMessage = (m: { type: string; error?: string }) => {
        if (m.type === 'failed') {
          clearTimeout(timer);
          child.off('message', onMessage);
          reject(new Error(`subscribers: ${m.error}`));
        }
        if (m.type === type || (type === 'start' && m.type === 'ready')) {
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(m as T);
        }
      };
      child.on('message', onMessage);
      child.send(send);
    });
  const ready = await ask<{ connected: number; refused: number }>('start', { type: 'start', url, urls, clients: SUBSCRIBERS, channels, tokens, probeChannel: tradeChannel('BTC', 'USDT'), probeDecimals: PROBE.decimals });
  console.log(`  ${ready.connected} subscribers connected to ${channels.join(', ')} (${tokens.length} also on \`user\`), ${ready.refused} subscriptions refused`);
  return { child, ask: (type) => ask(type) };
}

export interface Probe {
  units: number;
  side: 'buy' | 'sell';
  sentAt: number;
  /** When its HTTP answer came (after the batch was durable, the moment its trade was published). */
  answeredAt?: number;
  avgPrice?: string;
  filled?: number;
}

/**
 * A probe is a small crossing limit order (buy at +1 %, sell at −1 %) whose quantity has a non-zero
 * 5th decimal, which the load's orders never have; its answer gives the fill and the average price.
 * It is matched to the first trades-channel trade, received after it was sent, with the same
 * quantity, taker side and price. Probes that filled in more than one trade (or not at all) match
 * nothing and are counted as unmatched.
 */
export function pushLatency(probes: Probe[], arrivals: ProbeArrival[]): string {
  const claimed = new Set<number>();
  const first: number[] = [];
  const last: number[] = [];
  // The two halves of the first subscriber's latency: the order's own path to its answer (queue,
  // batch, commits, the disk) and what the push took after it (the push interval, the writes).
  const answered: number[] = [];
  const afterAnswer: number[] = [];
  let unmatched = 0;
  for (const probe of probes) {
    const match = arrivals
      .filter((a) => !claimed.has(a.id) && a.units === probe.units && a.side === probe.side && a.first >= probe.sentAt && probe.filled === probe.units && Number(a.price) === Number(probe.avgPrice))
      .sort((a, b) => a.first - b.first)[0];
    if (!match) {
      unmatched += 1;
      continue;
    }
    claimed.add(match.id);
    first.push(match.first - probe.sentAt);
    if (probe.answeredAt !== undefined) {
      answered.push(probe.answeredAt - probe.sentAt);
      afterAnswer.push(match.first - probe.answeredAt);
    }
    if (match.sockets >= SUBSCRIBERS) last.push(match.last - probe.sentAt);
  }
  for (const list of [first, last, answered, afterAnswer]) list.sort((a, b) => a - b);
  return `first subscriber ${summary(first)}; all ${SUBSCRIBERS} subscribers ${summary(last)}; ${unmatched} of ${probes.length} probes unmatched\n      its order answered ${summary(answered)}; first subscriber after the answer ${summary(afterAnswer)}`;
}

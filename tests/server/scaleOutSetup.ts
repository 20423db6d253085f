import { readConfig, type ServerConfig } from '../../server/config.js';
import type { MarketProcesses } from '../../server/kernel/cluster/shards/processes.js';

/**
 * What the scale-out suites (edges, market and product processes, fronts; CI's PostgreSQL pass)
 * share: this machine's Redis, a bus prefix no other run or file shares, and the configuration a
 * process beside a quiet server starts with.
 */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function testBus(tag: string): { url: string; prefix: string } {
  return { url: REDIS_URL, prefix: `openex-test:${process.pid}:${Date.now()}:${tag}` };
}

/** A process beside the server: its schema, bus and processes, no market makers, no log. */
export function besideServer(schemaUrl: string | undefined, bus: { url: string; prefix: string }, processes: MarketProcesses, extra: Partial<ServerConfig> = {}): ServerConfig {
  return { ...readConfig({}), databaseUrl: schemaUrl, realtimeBus: bus, marketProcesses: processes, marketMakers: false, logLevel: 'silent', ...extra };
}

import { resolve } from 'node:path';
import { DEFAULT_BUS_PREFIX } from './kernel/cluster/bus/messages.js';
import { DEFAULT_PUSH_INTERVAL_MS } from './kernel/platform/realtime/pushCoalescer.js';
import { parseMarketProcesses, type MarketProcesses } from './kernel/cluster/shards/processes.js';

/** Everything the server reads from the environment, read once at the composition root. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Embedded database and other files live here (default ./data). */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded database. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_POOL_SIZE: the most connections each of this process's pool sets opens on DATABASE_URL —
   * the server's, and each market entry's it holds (postgres.ts poolSizes). Unset: 16 and 12. Lease
   * and LISTEN sessions come on top. Lets a cluster fit PostgreSQL's max_connections.
   */
  databasePoolSize?: number;
  /**
   * The embedded database without DATABASE_URL (EMBEDDED_DB): `postgres` (the default), a
   * PostgreSQL server of our own on DATA_DIR/postgres; or `pglite`, PostgreSQL in WASM inside this
   * process. Unset on a DATA_DIR holding only an earlier version's PGlite database, PGlite it stays.
   */
  embeddedDb?: 'postgres' | 'pglite';
  /** Web origins besides the server's own that may open a socket (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins?: string[];
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE, default 0: none); set it when served over TLS. */
  hstsMaxAge?: number;
  /** Built client to serve; missing in `npm run dev`, where Vite serves it. */
  clientDir: string;
  logLevel: string;
  /** Run the market makers (MARKET_MAKERS=off for a market that only moves when users trade). */
  marketMakers?: boolean;
  /** Minutes the market makers' history is kept before it is folded (MAKER_HISTORY_KEPT_MINUTES, default 60). */
  makerHistoryKeptMinutes?: number;
  /** Minutes trades between two market-maker accounts are kept (MAKER_TRADES_KEPT_MINUTES, default 2880: two days). */
  makerTradesKeptMinutes?: number;
  /** Scales the reference-price volatility of every pair (MARKET_VOLATILITY, default 1). */
  volatilityScale?: number;
  /** The platform's invitation code for registration (INVITATION_CODE, default OPENEX). */
  invitationCode?: string;
  /** Email delivery of verification codes (SMTP_URL, SMTP_FROM); without it codes go to the outbox. */
  smtp?: { url: string; from: string };
  /**
   * The first admin, created or refreshed at start (OPERATOR_ACCOUNT and OPERATOR_PASSWORD, both or
   * neither); OPERATOR_TOTP_SECRET (base32, optional) pre-enrols its 2FA, else it enrols at its first sign-in.
   */
  operator?: { account: string; password: string; totpSecret?: string };
  /** The simulated chain's deposit faucet, POST /api/chain/simulate_deposit (CHAIN_SIMULATOR=off turns it off). */
  chainSimulator?: boolean;
  /** Time between blocks of the simulated chain, in ms (CHAIN_BLOCK_MS, default 2000). */
  chainBlockMs?: number;
  /** Seconds contracts (SECONDS_CONTRACTS=off for jurisdictions that forbid them for retail clients). */
  secondsContracts?: boolean;
  /** P2P merchants and their simulator on a fresh start (P2P_MERCHANTS=off turns both off). */
  p2pMerchants?: boolean;
  /** How long the merchant simulator waits before it plays its side of an order, in ms (P2P_MERCHANT_DELAY_MS, default 4000). */
  p2pMerchantDelayMs?: number;
  /** Time between futures funding payments in ms (FUNDING_INTERVAL, default 8 hours). */
  fundingIntervalMs?: number;
  /** The shortest time between two pushes to the sockets, in ms (PUSH_INTERVAL_MS, default 10; 0: at the end of every turn). */
  pushIntervalMs?: number;
  /** Stage times for diagnosis, printed on SIGUSR2 (STAGE_TIMES=1; kernel/exchange/stageTimes.ts). */
  stageTimes?: boolean;
  /**
   * The cluster's Redis (REALTIME_BUS_URL, a Redis URL; docs/ARCHITECTURE.md "Scale-out: sockets on
   * socket.io's Redis adapter"): everything this server pushes goes to every gateway's sockets through
   * socket.io's Redis Streams adapter, and commands reach the entries' holders. Unset: sockets are served here only.
   */
  realtimeBus?: { url: string; prefix: string };
  /**
   * The market processes and the spot markets each runs (MARKET_PROCESSES, e.g.
   * `m1=BTC_USDT,ETH_USDT;m2=SOL_USDT`; docs/ARCHITECTURE.md "Scale-out: market processes"). The
   * server runs every other market and reaches these through their command queues. Empty: it runs them all.
   */
  marketProcesses?: MarketProcesses;
  /**
   * The entry of MARKET_PROCESSES this process holds (set by startMarketProcess once it has the
   * entry's lease, never read from the environment): its products run only that entry's markets.
   */
  marketProcess?: string;
  /**
   * A cluster node's web part (startNode.ts): it serves every route beside the other nodes, runs no
   * market, engine or timer of its own (each is an entry of `marketProcesses`, withDefaultEntries)
   * and takes no lease. Never read from the environment.
   */
  node?: boolean;
  /**
   * ROLES: what `npm start` runs on a cluster node (docs/ARCHITECTURE.md "Scale-out: identical
   * nodes"), any of `web` (every route and the sockets, on PORT) and `markets` (a member of the pool
   * that holds the entries: the spot markets, futures, seconds and P2P). Unset: both — a node
   * identical to every other. Only with DATABASE_URL and REALTIME_BUS_URL; without them
   * `npm start` runs the single process that runs everything (roles undefined).
   */
  roles?: Role[];
  /**
   * Addresses whose X-Forwarded-For this server believes (TRUSTED_PROXIES, comma-separated: its
   * fronts, a load balancer), so rate limits and new-device notices see the client's address.
   */
  trustedProxies?: string[];
  /**
   * SOCKETS_PER_ADDRESS: sockets one client address may hold open at once (default 20; 0: no cap,
   * for a load test from one machine). Behind a reverse proxy, name it in TRUSTED_PROXIES, or every
   * client shares the proxy's address.
   */
  socketsPerAddress?: number;
  /**
   * API_KEY_SECRET (base64 of 32 bytes, the same on every node): seals the API keys' secrets, so
   * every node, and a server taking over on another machine, can check their signatures. Unset:
   * each server's DATA_DIR key file does (products/apikeys/secretBox.ts).
   */
  apiKeySecret?: Buffer;
  /** API_KEY_SECRET_OLD: earlier API_KEY_SECRETs (comma-separated), which still open what they sealed. */
  apiKeySecretOld?: Buffer[];
}

export type Role = 'web' | 'markets';

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = portNumber(env.PORT ?? '8080', 'PORT');
  const marketProcesses = parseMarketProcesses(env.MARKET_PROCESSES);
  return {
    roles: roles(env.ROLES, Boolean(env.DATABASE_URL && env.REALTIME_BUS_URL)),
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
    embeddedDb: embeddedDb(env.EMBEDDED_DB),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    hstsMaxAge: nonNegativeSeconds(env.HSTS_MAX_AGE),
    clientDir: resolve(env.CLIENT_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    // The simulated market makers and P2P merchants hold stock minted from nothing (booked as
    // deposits; a merchant releases without any payment): part of the simulated world, so off by
    // default once the chain simulator is (real balances: docs/DEPLOY.md "Before real money").
    marketMakers: simulationSwitch(env.MARKET_MAKERS, env.CHAIN_SIMULATOR),
    makerHistoryKeptMinutes: env.MAKER_HISTORY_KEPT_MINUTES ? positiveMinutes('MAKER_HISTORY_KEPT_MINUTES', env.MAKER_HISTORY_KEPT_MINUTES) : undefined,
    makerTradesKeptMinutes: env.MAKER_TRADES_KEPT_MINUTES ? positiveMinutes('MAKER_TRADES_KEPT_MINUTES', env.MAKER_TRADES_KEPT_MINUTES) : undefined,
    volatilityScale: env.MARKET_VOLATILITY ? Number(env.MARKET_VOLATILITY) : 1,
    invitationCode: env.INVITATION_CODE || 'OPENEX',
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM || 'OpenEx <no-reply@localhost>' } : undefined,
    chainSimulator: env.CHAIN_SIMULATOR !== 'off',
    chainBlockMs: positiveMs(env.CHAIN_BLOCK_MS, 2000, 'CHAIN_BLOCK_MS'),
    secondsContracts: env.SECONDS_CONTRACTS !== 'off',
    p2pMerchants: simulationSwitch(env.P2P_MERCHANTS, env.CHAIN_SIMULATOR),
    p2pMerchantDelayMs: positiveMs(env.P2P_MERCHANT_DELAY_MS, 4000, 'P2P_MERCHANT_DELAY_MS'),
    fundingIntervalMs: positiveMs(env.FUNDING_INTERVAL, 8 * 3_600_000, 'FUNDING_INTERVAL'),
    pushIntervalMs: pushIntervalMs(env.PUSH_INTERVAL_MS),
    stageTimes: env.STAGE_TIMES === '1',
    realtimeBus: env.REALTIME_BUS_URL ? { url: env.REALTIME_BUS_URL, prefix: env.REALTIME_BUS_PREFIX || DEFAULT_BUS_PREFIX } : undefined,
    marketProcesses,
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((a) => a.trim()).filter(Boolean),
    socketsPerAddress: wholeNumber(env.SOCKETS_PER_ADDRESS, 'SOCKETS_PER_ADDRESS'),
    ...apiKeySecrets(env.API_KEY_SECRET, env.API_KEY_SECRET_OLD),
    operator:
      env.OPERATOR_ACCOUNT && env.OPERATOR_PASSWORD
        ? { account: env.OPERATOR_ACCOUNT, password: env.OPERATOR_PASSWORD, ...(env.OPERATOR_TOTP_SECRET ? { totpSecret: env.OPERATOR_TOTP_SECRET } : {}) }
        : undefined,
  };
}

const ROLES: readonly Role[] = ['web', 'markets'];

function roles(value: string | undefined, shared: boolean): Role[] | undefined {
  if (!value) return shared ? [...ROLES] : undefined;
  const named = value.split(',').map((one) => one.trim()).filter(Boolean);
  const unknown = named.filter((one) => !ROLES.includes(one as Role));
  if (named.length === 0 || unknown.length > 0) throw new Error(`ROLES must name some of ${ROLES.join(', ')} (comma-separated), got ${value}`);
  if (!shared) throw new Error(`ROLES=${value} needs DATABASE_URL and REALTIME_BUS_URL (the cluster's PostgreSQL and Redis)`);
  return ROLES.filter((role) => named.includes(role));
}

function apiKeySecrets(current: string | undefined, old: string | undefined): Pick<ServerConfig, 'apiKeySecret' | 'apiKeySecretOld'> {
  const olds = (old ?? '').split(',').map((one) => one.trim()).filter(Boolean);
  if (!current?.trim()) {
    if (olds.length > 0) throw new Error('API_KEY_SECRET_OLD needs API_KEY_SECRET (the key new API key secrets are sealed with)');
    return {};
  }
  return { apiKeySecret: secretKey(current, 'API_KEY_SECRET'), apiKeySecretOld: olds.map((one, i) => secretKey(one, `API_KEY_SECRET_OLD's key ${i + 1}`)) };
}

/** 32 bytes in base64 (`openssl rand -base64 32`); the message never repeats the value. */
function secretKey(value: string, name: string): Buffer {
  const text = value.trim();
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, '')) {
    throw new Error(`${name} must be 32 bytes in base64 (make one with: openssl rand -base64 32); the value given (${text.length} characters) is not`);
  }
  return key;
}

function embeddedDb(value: string | undefined): 'postgres' | 'pglite' | undefined {
  if (!value) return undefined;
  if (value === 'postgres') return 'postgres';
  if (value === 'pglite') return 'pglite';
  throw new Error(`EMBEDDED_DB must be postgres or pglite, got ${value}`);
}

function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0 for none), got ${value}`);
  return n;
}

function poolSize(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 1000) throw new Error(`DATABASE_POOL_SIZE must be a whole number of connections from 2 to 1000, got ${value}`);
  return n;
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (!value) return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 10) throw new Error(`${name} must be a whole number of milliseconds (at least 10), got ${value}`);
  return ms;
}

function pushIntervalMs(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PUSH_INTERVAL_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 1000) throw new Error(`PUSH_INTERVAL_MS must be a whole number of milliseconds from 0 to 1000, got ${value}`);
  return ms;
}

function nonNegativeSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0) throw new Error(`HSTS_MAX_AGE must be a whole number of seconds, got ${value}`);
  return seconds;
}

function positiveMinutes(name: string, value: string): number {
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`${name} must be a positive number of minutes, got ${value}`);
  return minutes;
}

function portNumber(value: string, name: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return port;
}

/** A simulation's switch: `on` or `off` as set, else whatever the chain simulator is (on unless CHAIN_SIMULATOR=off). */
export function simulationSwitch(value: string | undefined, chainSimulator: string | undefined): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  return chainSimulator !== 'off';
}

import ccxt from 'ccxt';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { API_KEY_PATHS, type ApiKeyCreated, type ApiKeyPermission } from '../../../domain/apiKeys.js';
import type { WalletAccount } from '../../../server/kernel/platform/ledger/ledger.js';
import type { ServerConfig } from '../../../server/config.js';
import type { RunningServer } from '../../../server/start.js';
import { startQuietServer } from '../quietServer.js';
import { createTestUser } from '../support/users.js';

/**
 * The whole server (every product, the Binance dialect among them) on a free port and a fresh
 * database, without market makers, and traders made in it: a user row, funds, a session and API
 * keys made through /api/apikey/create as the user centre makes them.
 */
export interface Trader {
  id: number;
  token: string;
  key: ApiKeyCreated;
}

/** `overrides`: the server's settings a file needs besides the quiet ones (a fast simulated chain). */
export function useBinanceServer(tag: string, overrides: Partial<ServerConfig> = {}) {
  const state = {} as { server: RunningServer; stop(): Promise<void> };
  beforeAll(async () => {
    Object.assign(state, await startQuietServer(tag, overrides));
  }, 240_000);
  afterAll(async () => {
    await state.stop?.();
  });

  async function apiKey(token: string, permissions: ApiKeyPermission[] = ['read', 'trade'], ip_allowlist: string[] = []): Promise<ApiKeyCreated> {
    const answer = await fetch(`${state.server.url}${API_KEY_PATHS.create}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ label: 'bot', permissions, ip_allowlist }),
    });
    const body = (await answer.json()) as { code: number; msg: string; data: ApiKeyCreated };
    if (body.code !== 200) throw new Error(`key: ${body.msg}`);
    return body.data;
  }

  async function trader(funds: Array<[string, string, WalletAccount?]>, verified = true): Promise<Trader> {
    const { id, token } = await createTestUser(state.server.db, { tag, email: true, verified, funded: funds });
    return { id, token, key: await apiKey(token) };
  }

  /** A Binance-signed call as a bot makes it by hand (ccxt's own signing is exercised in ccxt.test.ts). */
  async function signed(
    key: ApiKeyCreated,
    method: string,
    path: string,
    params: Record<string, string> = {},
    options: { timestamp?: number; inBody?: boolean; secret?: string; extraQuery?: string } = {},
  ) {
    // extraQuery: raw parameters signed after the others (a name repeated, as a record cannot hold it).
    const query = new URLSearchParams({ ...params, timestamp: String(options.timestamp ?? Date.now()) }).toString() + (options.extraQuery ? `&${options.extraQuery}` : '');
    const signature = createHmac('sha256', options.secret ?? key.secret).update(query).digest('hex');
    const text = `${query}&signature=${signature}`;
    const response = await fetch(options.inBody ? `${state.server.url}${path}` : `${state.server.url}${path}?${text}`, {
      method,
      headers: { 'x-mbx-apikey': key.api_key, ...(options.inBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(options.inBody ? { body: text } : {}),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  }

  /** ccxt's own `binance` class, unchanged but for its URLs, trading with `trader`'s key. */
  function ccxtClient(trader: Trader) {
    const exchange = new ccxt.binance({
      apiKey: trader.key.api_key,
      secret: trader.key.secret,
      enableRateLimit: false,
      options: { fetchMarkets: { types: ['spot', 'linear'] }, fetchMargins: false, fetchCurrencies: false, defaultType: 'spot', warnOnFetchOpenOrdersWithoutSymbol: false },
    });
    const api = exchange.urls['api'] as Record<string, string>;
    for (const [name, url] of Object.entries(api)) api[name] = url.replace(/^https:\/\/[^/]+/, state.server.url);
    return exchange;
  }

  /** ccxt.pro's `binance` (its watch* methods), unchanged but for its REST and WebSocket URLs; public only without a trader. */
  function ccxtProClient(trader?: Trader) {
    const exchange = new ccxt.pro.binance({
      ...(trader ? { apiKey: trader.key.api_key, secret: trader.key.secret } : {}),
      enableRateLimit: false,
      options: { fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false, defaultType: 'spot', warnOnFetchOpenOrdersWithoutSymbol: false },
    });
    const api = exchange.urls['api'] as Record<string, unknown>;
    for (const [name, url] of Object.entries(api)) if (typeof url === 'string') api[name] = url.replace(/^https:\/\/[^/]+/, state.server.url);
    const ws = api['ws'] as Record<string, unknown>;
    ws['spot'] = `${state.server.url.replace(/^http/, 'ws')}/ws`;
    // Its private spot streams (watchOrders, watchBalance, watchMyTrades) subscribe on the WebSocket API.
    (ws['ws-api'] as Record<string, string>)['spot'] = `${state.server.url.replace(/^http/, 'ws')}/ws-api/v3`;
    return exchange;
  }

  return {
    ccxtProClient,
    get server() {
      return state.server;
    },
    trader,
    apiKey,
    signed,
    ccxtClient,
  };
}

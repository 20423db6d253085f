import type { Currency } from '../../src/domain/api.js';
import { WALLET_PATHS, type WalletBalance, type WalletNetwork } from '../../src/domain/wallet.js';
import { mustCall, registerUser } from './client.js';
import { OPERATOR } from './serverProcess.js';
import { fund, waitUntil, type Trader } from './workload.js';

export const FUNDING: Record<string, string> = { USDT: '5000', BTC: '0.2', ETH: '3' };

/** Registers `count` traders, funds each through the simulated chain and waits for the credits. */
export async function fundedTraders(url: string, dataDir: string, count: number, tag: string): Promise<Trader[]> {
  const traders: Trader[] = [];
  for (let i = 0; i < count; i++) {
    const account = `${tag}${i}@system.test`;
    traders.push({ account, token: await registerUser(url, dataDir, account) });
  }
  for (const [currency, quantity] of Object.entries(FUNDING)) {
    const networks = await mustCall<WalletNetwork[]>(url, WALLET_PATHS.networks, { currency }, { token: traders[0]!.token });
    const network = networks.find((n) => n.deposit_enabled)!.network;
    for (const trader of traders) await fund(url, trader, currency, network, quantity);
  }
  for (const trader of traders) {
    await waitUntil(async () => {
      const balances = await mustCall<WalletBalance[]>(url, WALLET_PATHS.balances, { account: 'spot' }, { token: trader.token });
      return Object.entries(FUNDING).every(([currency, quantity]) => balances.find((b) => b.currency === currency)?.available === quantity);
    }, `deposits of ${trader.account}`);
  }
  return traders;
}

export async function operatorToken(url: string): Promise<string> {
  return (await mustCall<{ token: string }>(url, '/api/operator/login', OPERATOR)).token;
}

export async function referencePrices(url: string): Promise<Record<string, number>> {
  const currencies = await mustCall<Currency[]>(url, '/api/currency_list');
  // Reference prices only steer where random orders land; no amount is computed from them.
  return Object.fromEntries(currencies.map((c) => [c.symbol, Number(c.price)]));
}

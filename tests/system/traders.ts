import type { Currency } from '../../domain/api.js';
import { ICO_PATHS, type IcoProject } from '../../domain/ico.js';
import { WALLET_PATHS, type WalletBalance, type WalletNetwork } from '../../domain/wallet.js';
import { mustCall, newKey, registerUser } from './client.js';
import { operatorSession, type OperatorSession } from './operatorCodes.js';
import { fund } from './fund.js';
import type { Trader } from './submissions.js';
import { waitUntil } from './waitUntil.js';
import { Workload } from './workload.js';

export const FUNDING: Record<string, string> = { USDT: '5000', BTC: '0.2', ETH: '3' };

/** Moves `quantity` USDT of each trader's spot account into the wallet account `to` (a product's stake or payment account). */
export async function moveUsdtInto(url: string, traders: Trader[], to: string, quantity: string): Promise<void> {
  for (const trader of traders) await mustCall(url, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to, quantity }, { token: trader.token, key: newKey() });
}

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

export async function referencePrices(url: string): Promise<Record<string, number>> {
  const currencies = await mustCall<Currency[]>(url, '/api/currency_list');
  // Reference prices only steer where random orders land; no amount is computed from them.
  return Object.fromEntries(currencies.map((c) => [c.symbol, Number(c.price)]));
}

/** `count` funded traders and a spot-only workload over them from `seed`: the load the crash and standby tests run on a server (no operator action: one TOTP sign-in). */
export async function spotWorkload(url: string, dataDir: string, count: number, tag: string, seed: number): Promise<{ traders: Trader[]; workload: Workload }> {
  const traders = await fundedTraders(url, dataDir, count, tag);
  const workload = new Workload(url, traders, await operatorSession(url), await referencePrices(url), seed, 'spot');
  return { traders, workload };
}

// The smallest valid PNG and JPEG headers: the server checks an identity photo's signature, not its pixels.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/**
 * Verifies the traders' identity as a user and the operator do it (docs/API.md "Identity
 * verification"): each submits name, ID number and photos, the operator approves each pending
 * submission; futures need it, and it lifts the P2P and withdrawal limits to the verified ones.
 */
export async function verifyTraders(url: string, traders: Trader[], operator: OperatorSession): Promise<void> {
  for (const [i, trader] of traders.entries()) {
    await mustCall(url, '/api/identity/submit', { name: `System Trader ${i}`, id_number: `ST${100000 + i}`, front: dataUrl('image/png', PNG), back: dataUrl('image/jpeg', JPEG) }, { token: trader.token });
  }
  // The queue is paged (50 at most): each trader's submission found by its account.
  const pending = [];
  for (const trader of traders) pending.push(...(await mustCall<{ list: Array<{ id: number; account: string }> }>(url, '/api/operator/kyc/list', { search: trader.account }, { token: operator.token })).list);
  const accounts = new Set(traders.map((t) => t.account));
  // Each review asks the operator's own code (docs/OPERATOR.md "What each call needs"): a recovery code where the session has them.
  for (const submission of pending.filter((s) => accounts.has(s.account))) await mustCall(url, '/api/operator/kyc/approve', { id: submission.id, code: await operator.code() }, { token: operator.token });
  for (const trader of traders) {
    const status = await mustCall<{ name_status: number }>(url, '/api/identity/status', {}, { token: trader.token });
    if (Number(status.name_status) !== 3) throw new Error(`${trader.account} is not verified: name_status ${status.name_status}`);
  }
}

/**
 * An ICO project an operator opens for subscription now, ending `endsInMs` from now: small enough to
 * be oversubscribed by a few traders, so its settlement allocates pro rata and refunds.
 */
export async function shortIcoProject(url: string, operator: string, tag: string, endsInMs: number): Promise<IcoProject> {
  const now = Date.now();
  return mustCall<IcoProject>(
    url,
    ICO_PATHS.operatorSave,
    {
      symbol: `${tag}${String(now).slice(-5)}`.toUpperCase().slice(0, 10), name: `System ${tag}`, description: { en_US: 'system test project' }, total: '600', price: '0.5',
      token_places: 2, start_at: now - 1000, end_at: now + endsInMs, min_quantity: '10', max_quantity: '2000', release_rate: '0.5', release_period_ms: 1000, listed: false,
    },
    { token: operator },
  );
}

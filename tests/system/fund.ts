import { WALLET_PATHS, type DepositAddress } from '../../domain/wallet.js';
import { mustCall } from './client.js';
import type { Trader } from './submissions.js';

/** Funds a trader through the simulated chain and waits until the deposit is credited. */
export async function fund(url: string, trader: Trader, currency: string, network: string, quantity: string): Promise<void> {
  const { address } = await mustCall<DepositAddress>(url, WALLET_PATHS.depositAddress, { currency, network }, { token: trader.token });
  await mustCall(url, WALLET_PATHS.simulateDeposit, { address, currency, network, quantity });
}

import type { WalletNetwork } from '../../../../domain/wallet';

/**
 * Networks as the server describes them, for the deposit and withdrawal model files: one USDT
 * network, open or closed for the direction the flow cares about.
 */
export function usdtNetwork(name: string, open: { deposit?: boolean; withdraw?: boolean } = {}): WalletNetwork {
  return {
    currency: 'USDT',
    network: name,
    deposit_min: '1',
    withdraw_min: '10',
    withdraw_fee: '1',
    deposit_fee: '0',
    confirmations: 3,
    deposit_enabled: open.deposit ?? true,
    withdraw_enabled: open.withdraw ?? true,
  };
}

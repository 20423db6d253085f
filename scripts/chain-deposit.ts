// npm run chain:deposit -- <address> <currency> <quantity> [network]
// Sends a deposit on the simulated chain to a running server (http://localhost:$PORT, default 8080),
// as if it came from outside the platform. The deposit then confirms block by block (CHAIN_BLOCK_MS)
// and is credited to the owner's spot account. Copy the address from /wallet/recharge.
import { WALLET_PATHS, type DepositRecord } from '../domain/wallet.js';
import type { Envelope } from '../domain/api.js';

const [address, currency, quantity, network] = process.argv.slice(2);
if (!address || !currency || !quantity) {
  console.error('usage: npm run chain:deposit -- <address> <currency> <quantity> [network]');
  process.exit(2);
}

const url = `http://localhost:${process.env.PORT ?? '8080'}${WALLET_PATHS.simulateDeposit}`;
try {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en_US' },
    body: JSON.stringify({ address, currency: currency.toUpperCase(), quantity, ...(network ? { network: network.toUpperCase() } : {}) }),
  });
  const body = (await response.json()) as Envelope<DepositRecord>;
  if (body.code !== 200 || !body.data) {
    console.error(`refused: ${body.msg}`);
    process.exit(1);
  }
  const d = body.data;
  console.log(`${body.msg}\n  deposit #${d.id}: ${d.quantity} ${d.currency} on ${d.network} to ${d.address}\n  tx ${d.tx_hash} (${d.confirmations}/${d.confirmations_required} confirmations)`);
} catch (error) {
  console.error(`could not reach the server at ${url}: ${(error as Error).message}`);
  process.exit(1);
}

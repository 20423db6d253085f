import { networkInterfaces } from 'node:os';

/**
 * Where the other nodes of a cluster reach this one's server (it says so in its beats in the owners
 * hash): ADVERTISE_HOST when set; else HOST when it names one address; else this machine's first
 * non-loopback IPv4 address (loopback on a machine with none, where every node is on this one).
 */
export function advertisedUrl(port: number, host: string, advertiseHost?: string): string {
  const chosen = advertiseHost ?? (host !== '0.0.0.0' && host !== '::' ? host : firstOutwardAddress());
  return `http://${chosen.includes(':') ? `[${chosen}]` : chosen}:${port}`;
}

function firstOutwardAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return '127.0.0.1';
}

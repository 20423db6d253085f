import { isIP, SocketAddress } from 'node:net';

/**
 * A key's address allowlist (issue 49 §6): an entry is an address node:net itself takes (isIP, on
 * top of the form's rule domain/apiKeys.ts isIpAddress), so ":::" and the like are refused. Entries
 * are kept in one canonical spelling (lower case, "::" compressed, an IPv4-mapped IPv6 address as
 * its IPv4 address) and a request's address is compared in that spelling, so "0:0::1" written in
 * the form still matches a request from "::1".
 */
export const isAllowlistAddress = (ip: string): boolean => isIP(ip) !== 0;

export function canonicalIp(ip: string): string {
  const family = isIP(ip);
  if (family === 0) return ip;
  const address = new SocketAddress({ address: ip, family: family === 4 ? 'ipv4' : 'ipv6' }).address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * API keys (issue 36, docs/API.md "API keys"): wire types and rules shared by the user centre's
 * /user/api page and the server, so the form refuses what the server would.
 */
export const API_KEY_PERMISSIONS = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** At most this many live keys per user (the rule). */
export const MAX_API_KEYS = 30;
export const API_KEY_LABEL_MAX = 40;
export const IP_ALLOWLIST_MAX = 20;

export const API_KEY_PATHS = {
  create: '/api/apikey/create',
  list: '/api/apikey/list',
  delete: '/api/apikey/delete',
} as const;

export interface ApiKeyCreate {
  label: string;
  permissions: ApiKeyPermission[];
  ip_allowlist: string[];
  /** The 2FA code (or a recovery code) when the account has 2FA on. */
  totp_code?: string;
}

/** The one answer that carries the secret: shown once, never again. */
export interface ApiKeyCreated {
  api_key: string;
  secret: string;
}

export interface ApiKeyItem {
  api_key: string;
  label: string;
  permissions: ApiKeyPermission[];
  ip_allowlist: string[];
  created_ms: number;
  last_used_ms: number | null;
  last_used_ip: string | null;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/**
 * An IPv4 or IPv6 address as the allowlist takes it (no ranges, no port, no zone), parsed group by
 * group as RFC 4291 writes them (issue 49 §6: ":::" passed the old character check). The server
 * also asks node:net's isIP, and the tests hold this rule to it; this copy is for the browser's form.
 */
export function isIpAddress(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!/^[0-9A-Fa-f:.]{2,45}$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const groups = [...groupsOf(halves[0]!), ...groupsOf(halves[1] ?? '')];
  let count = groups.length;
  // The last 32 bits may be written as an IPv4 address (::ffff:192.0.2.1): two groups.
  if (groups.at(-1)?.includes('.')) {
    if (!IPV4.test(groups.pop()!)) return false;
    count += 1;
  }
  if (!groups.every((g) => HEX_GROUP.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** What is wrong with a key request before it is sent, as a message key both sides translate, or undefined. */
export function apiKeyProblem(input: Pick<ApiKeyCreate, 'label' | 'permissions' | 'ip_allowlist'>):
  | 'apiKeyLabelLength'
  | 'apiKeyNoPermission'
  | 'apiKeyWithdrawNeedsIp'
  | 'apiKeyIpInvalid'
  | 'apiKeyTooManyIps'
  | undefined {
  const label = input.label.trim();
  if (label.length < 1 || label.length > API_KEY_LABEL_MAX) return 'apiKeyLabelLength';
  if (input.permissions.length === 0) return 'apiKeyNoPermission';
  if (input.ip_allowlist.length > IP_ALLOWLIST_MAX) return 'apiKeyTooManyIps';
  if (input.ip_allowlist.some((ip) => !isIpAddress(ip))) return 'apiKeyIpInvalid';
  if (input.permissions.includes('withdraw') && input.ip_allowlist.length === 0) return 'apiKeyWithdrawNeedsIp';
  return undefined;
}

/** The allowlist as typed in one field: addresses separated by commas, spaces or new lines, each once. */
export function splitIpAllowlist(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((ip) => ip.length > 0))];
}

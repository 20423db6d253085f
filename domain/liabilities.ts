import { parse, render, trimZeros } from './decimal';

/**
 * Proof of liabilities (issue 52 §4; docs/LIABILITIES.md): a Merkle **sum** tree of every user's
 * balances per currency. The server builds it (server/products/liabilities/) and the browser
 * verifies a user's path with this same code; `scripts/verify-liabilities.mjs` is an independent
 * re-implementation for offline checks.
 *
 * - A leaf is sha256("leaf|" + salt + "|" + sums): a random salt per user and snapshot, given only
 *   to that user, and the user's balances (available + frozen over the five wallet accounts), so a
 *   leaf names nobody.
 * - A node is sha256("node|" + left sums + "|" + right sums + "|" + left hash + "|" + right hash)
 *   and carries left + right per currency. Both children's sums are inside the hash (the fixed
 *   Maxwell scheme), so the exchange can neither shrink a sum on the way up nor hide a negative
 *   balance: a verifier sees every sibling's sums and refuses a negative one.
 * - On a level with an odd count, the last node goes up unchanged (no sibling, no step in its path),
 *   so no sum is ever counted twice.
 *
 * Sums are exact decimal strings, canonical ("1.5", "0": no trailing zeros), in the snapshot's
 * currency order: "BTC:1.5,ETH:0,USDT:100". Hashing is a small SHA-256 here (below), the same in
 * every browser whether or not the page is served over HTTPS (WebCrypto needs a secure context).
 */

export const LIABILITIES_PATHS = {
  /** GET, public: the latest snapshot (root, time, totals). */
  latest: '/api/liabilities/latest',
  /** POST, signed-in user: their leaf and path in the latest snapshot (or `snapshot_id`'s). */
  proof: '/api/liabilities/proof',
  /** POST, operator (`liabilities.read`): the snapshots built, newest first (the console desk). */
  operatorSnapshots: '/api/operator/liabilities/snapshots',
  /** POST, operator (`liabilities.build`): builds a snapshot now. */
  operatorBuild: '/api/operator/liabilities/build',
} as const;

/** How many snapshots the console desk lists (operatorSnapshots): a month of daily builds, the ones whose paths are kept. */
export const LIABILITY_SNAPSHOTS_LISTED = 30;

export interface LiabilitySnapshotList {
  /** Newest first; empty before the first build. */
  snapshots: LiabilitySnapshot[];
}

/** An amount per currency symbol, as exact decimal strings. */
export type LiabilityBalances = Readonly<Record<string, string>>;

/** One published snapshot: what the public page and API show. */
export interface LiabilitySnapshot {
  id: number;
  /** Epoch ms. */
  built_at: number;
  /** 'daily' (the product's timer) or 'operator' (a finance operator's build). */
  source: 'daily' | 'operator';
  /** The root's hash (hex). */
  root: string;
  /** The order the sums are hashed in. */
  currencies: string[];
  /** The root's sums: every user's balances added up, per currency. */
  totals: LiabilityBalances;
  leaf_count: number;
}

export interface LiabilitiesLatest {
  snapshot: LiabilitySnapshot | null;
}

/** A sibling on the way from a leaf to the root: it sits on this side of the node being built. */
export interface LiabilityStep {
  side: 'left' | 'right';
  hash: string;
  sums: LiabilityBalances;
}

export interface LiabilityLeaf {
  index: number;
  salt: string;
  balances: LiabilityBalances;
  hash: string;
}

/** A user's proof: self-contained, what the page offers to download and the offline script reads. */
export interface LiabilityProof {
  version: 1;
  snapshot: LiabilitySnapshot;
  leaf: LiabilityLeaf;
  path: LiabilityStep[];
}

/** The proof route's answer: null when the user has no leaf in that snapshot (they signed up after it). */
export interface LiabilityProofAnswer {
  proof: LiabilityProof | null;
}

export interface LiabilityNode {
  hash: string;
  sums: LiabilityBalances;
}

export type LiabilityProblem = 'leafHash' | 'negative' | 'root' | 'totals' | 'malformed';

/** What a verification found: the root recomputed from the leaf and the path, and whether it is the published one. */
export interface LiabilityVerdict {
  ok: boolean;
  root: string;
  totals: LiabilityBalances;
  problems: LiabilityProblem[];
}

// ---------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4) over a string's UTF-8 bytes, as lowercase hex.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
  0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
  0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
const encoder = new TextEncoder();

export function sha256Hex(text: string): string {
  const data = encoder.encode(text);
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = data.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(padded.length - 4, bits >>> 0);
  const h = new Uint32Array(H0);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      w[i] = w[i - 16]! + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7]! + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10));
    }
    let [a, b, c, d, e, f, g, k] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0]! += a;
    h[1]! += b;
    h[2]! += c;
    h[3]! += d;
    h[4]! += e;
    h[5]! += f;
    h[6]! += g;
    h[7]! += k;
  }
  return Array.from(h, (word) => word.toString(16).padStart(8, '0')).join('');
}

// ---------------------------------------------------------------------------------------------
// The tree.

/** An amount in its one canonical form ("1.50" → "1.5", "0.000" → "0"); throws on what is not a decimal. */
export const canonicalAmount = (value: string): string => trimZeros(render(parse(value)));

const amountOf = (sums: LiabilityBalances, currency: string) => canonicalAmount(sums[currency] ?? '0');

/** The sums as hashed: "BTC:1.5,ETH:0,USDT:100", in the snapshot's currency order. */
export const sumsText = (currencies: readonly string[], sums: LiabilityBalances): string => currencies.map((c) => `${c}:${amountOf(sums, c)}`).join(',');

/** The sums with every currency of the snapshot, canonical (what the wire and the proof carry). */
export function canonicalSums(currencies: readonly string[], sums: LiabilityBalances): Record<string, string> {
  return Object.fromEntries(currencies.map((c) => [c, amountOf(sums, c)]));
}

function addSums(currencies: readonly string[], left: LiabilityBalances, right: LiabilityBalances): Record<string, string> {
  return Object.fromEntries(
    currencies.map((c) => {
      const x = parse(amountOf(left, c));
      const y = parse(amountOf(right, c));
      const scale = Math.max(x.scale, y.scale);
      const units = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale);
      return [c, trimZeros(render({ units, scale }))];
    }),
  );
}

export function leafNode(currencies: readonly string[], salt: string, balances: LiabilityBalances): LiabilityNode {
  return { hash: sha256Hex(`leaf|${salt}|${sumsText(currencies, balances)}`), sums: canonicalSums(currencies, balances) };
}

export function parentNode(currencies: readonly string[], left: LiabilityNode, right: LiabilityNode): LiabilityNode {
  const hash = sha256Hex(`node|${sumsText(currencies, left.sums)}|${sumsText(currencies, right.sums)}|${left.hash}|${right.hash}`);
  return { hash, sums: addSums(currencies, left.sums, right.sums) };
}

/** The root of a tree without leaves (no users): zero sums, a hash of its own. */
export const emptyRoot = (currencies: readonly string[]): LiabilityNode => ({
  hash: sha256Hex(`empty|${sumsText(currencies, {})}`),
  sums: canonicalSums(currencies, {}),
});

/** Every level, leaves first, root last (`levels.at(-1)[0]`). */
export function buildLevels(currencies: readonly string[], leaves: ReadonlyArray<{ salt: string; balances: LiabilityBalances }>): LiabilityNode[][] {
  if (leaves.length === 0) return [[emptyRoot(currencies)]];
  const levels: LiabilityNode[][] = [leaves.map((leaf) => leafNode(currencies, leaf.salt, leaf.balances))];
  for (let level = levels[0]!; level.length > 1; ) {
    const up: LiabilityNode[] = [];
    for (let i = 0; i < level.length; i += 2) up.push(i + 1 < level.length ? parentNode(currencies, level[i]!, level[i + 1]!) : level[i]!);
    levels.push(up);
    level = up;
  }
  return levels;
}

/** How many nodes each level of a tree over `leafCount` leaves holds, leaves first. */
export function levelSizes(leafCount: number): number[] {
  const sizes = [Math.max(leafCount, 1)];
  while (sizes.at(-1)! > 1) sizes.push(Math.ceil(sizes.at(-1)! / 2));
  return sizes;
}

/** Where the siblings of leaf `index`'s path stand: (level, position, side), bottom up. */
export function pathPositions(leafCount: number, index: number): Array<{ level: number; position: number; side: 'left' | 'right' }> {
  const out: Array<{ level: number; position: number; side: 'left' | 'right' }> = [];
  const sizes = levelSizes(leafCount);
  let position = index;
  for (let level = 0; level < sizes.length - 1; level++) {
    const sibling = position ^ 1;
    if (sibling < sizes[level]!) out.push({ level, position: sibling, side: sibling < position ? 'left' : 'right' });
    position >>= 1;
  }
  return out;
}

/** The path of leaf `index` in built levels. */
export function proofPath(levels: readonly LiabilityNode[][], index: number): LiabilityStep[] {
  return pathPositions(levels[0]!.length, index).map(({ level, position, side }) => ({ side, ...levels[level]![position]! }));
}

/** The root recomputed from a leaf and its path. */
export function recomputeRoot(currencies: readonly string[], salt: string, balances: LiabilityBalances, path: readonly LiabilityStep[]): LiabilityNode {
  return path.reduce<LiabilityNode>((node, step) => (step.side === 'left' ? parentNode(currencies, step, node) : parentNode(currencies, node, step)), leafNode(currencies, salt, balances));
}

const isNegative = (sums: LiabilityBalances) => Object.values(sums).some((v) => parse(v).units < 0n);
const sameSums = (currencies: readonly string[], a: LiabilityBalances, b: LiabilityBalances) => sumsText(currencies, a) === sumsText(currencies, b);

/**
 * Checks a proof against the published snapshot (from the public page, not the one inside the
 * proof): the leaf's hash is its salt and balances', no balance on the way is negative, and the
 * recomputed root has the published hash and totals.
 */
export function verifyProof(proof: LiabilityProof, published: Pick<LiabilitySnapshot, 'root' | 'totals' | 'currencies'>): LiabilityVerdict {
  const currencies = published.currencies;
  try {
    const problems: LiabilityProblem[] = [];
    const { leaf, path } = proof;
    if (leafNode(currencies, leaf.salt, leaf.balances).hash !== leaf.hash) problems.push('leafHash');
    if (isNegative(leaf.balances) || path.some((step) => isNegative(step.sums))) problems.push('negative');
    const root = recomputeRoot(currencies, leaf.salt, leaf.balances, path);
    if (root.hash !== published.root) problems.push('root');
    if (!sameSums(currencies, root.sums, published.totals)) problems.push('totals');
    return { ok: problems.length === 0, root: root.hash, totals: root.sums, problems };
  } catch {
    return { ok: false, root: '', totals: {}, problems: ['malformed'] };
  }
}

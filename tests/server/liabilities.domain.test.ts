import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildLevels, emptyRoot, levelSizes, pathPositions, proofPath, recomputeRoot, sha256Hex, verifyProof, type LiabilityProof } from '../../domain/liabilities.js';

/**
 * domain/liabilities.ts on its own (issue 52 §4), the code the server builds with and the browser
 * verifies with: its SHA-256 is node's on any text; every leaf of trees of 1 to 33 leaves has a
 * path that gives the root; odd levels carry their last node up without counting it twice; amounts
 * are exact and canonical.
 */
const CURRENCIES = ['BTC', 'ETH', 'USDT'];
/** An exact decimal as units of 10^-18. */
const units = (v: string) => {
  const [int, frac = ''] = v.split('.');
  return BigInt(int! + frac.padEnd(18, '0'));
};
const leaf = (i: number) => ({ salt: `salt-${i}`, balances: { BTC: `${i}.${i}`, ETH: i % 3 === 0 ? '0' : `0.00000000000000000${(i % 9) + 1}`, USDT: `${i * 1000}.123456789` } });

describe('sha256Hex', () => {
  it("is node's SHA-256 on texts of every padding length and on non-ASCII text", () => {
    for (let n = 0; n < 200; n++) {
      const text = randomBytes(n).toString('base64').slice(0, n) + (n % 7 === 0 ? 'é漢字😀' : '');
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('the Merkle sum tree', () => {
  it('sums exactly, and every leaf of trees of 1 to 33 leaves verifies against the root', () => {
    for (let n = 1; n <= 33; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leaf(i + 1));
      const levels = buildLevels(CURRENCIES, leaves);
      expect(levels.map((l) => l.length)).toEqual(levelSizes(n));
      const root = levels.at(-1)![0]!;
      for (const c of CURRENCIES) expect(units(root.sums[c]!)).toBe(leaves.reduce((sum, l) => sum + units(l.balances[c as keyof typeof l.balances]), 0n));
      for (let i = 0; i < n; i++) {
        const path = proofPath(levels, i);
        expect(path).toHaveLength(pathPositions(n, i).length);
        expect(recomputeRoot(CURRENCIES, leaves[i]!.salt, leaves[i]!.balances, path)).toEqual(root);
        const proof: LiabilityProof = {
          version: 1,
          snapshot: { id: 1, built_at: 0, source: 'daily', root: root.hash, currencies: CURRENCIES, totals: root.sums, leaf_count: n },
          leaf: { index: i, salt: leaves[i]!.salt, balances: levels[0]![i]!.sums, hash: levels[0]![i]!.hash },
          path,
        };
        expect(verifyProof(proof, proof.snapshot).ok).toBe(true);
      }
    }
  });

  it('carries the odd last node up unchanged: three leaves total their sums once', () => {
    const leaves = [leaf(1), leaf(2), leaf(3)];
    const levels = buildLevels(CURRENCIES, leaves);
    expect(levels[1]![1]).toEqual(levels[0]![2]);
    expect(levels.at(-1)![0]!.sums.USDT).toBe('6000.370370367');
    expect(proofPath(levels, 2).map((s) => s.side)).toEqual(['left']);
  });

  it('hashes the same balances the same whatever their trailing zeros, and anything else differently', () => {
    const a = buildLevels(CURRENCIES, [{ salt: 's', balances: { BTC: '1.50', USDT: '2' } }]).at(-1)![0]!;
    const b = buildLevels(CURRENCIES, [{ salt: 's', balances: { BTC: '1.5', ETH: '0.000', USDT: '2.0' } }]).at(-1)![0]!;
    expect(a).toEqual(b);
    const c = buildLevels(CURRENCIES, [{ salt: 's', balances: { BTC: '1.500000000000000001', USDT: '2' } }]).at(-1)![0]!;
    expect(c.hash).not.toBe(a.hash);
    expect(buildLevels(CURRENCIES, [{ salt: 't', balances: { BTC: '1.5', USDT: '2' } }]).at(-1)![0]!.hash).not.toBe(a.hash);
  });

  it('has a root for no users: zero totals', () => {
    expect(buildLevels(CURRENCIES, [])).toEqual([[emptyRoot(CURRENCIES)]]);
    expect(emptyRoot(CURRENCIES).sums).toEqual({ BTC: '0', ETH: '0', USDT: '0' });
  });

  it('refuses a negative sibling even when its hash and the root were made to match, and a malformed proof', () => {
    // A dishonest tree: a negative leaf hides half of the first user's BTC from the totals.
    const leaves = [{ salt: 'a', balances: { BTC: '2', USDT: '0' } }, { salt: 'b', balances: { BTC: '-1', USDT: '0' } }];
    const levels = buildLevels(CURRENCIES, leaves);
    const root = levels.at(-1)![0]!;
    expect(root.sums.BTC).toBe('1');
    const proof: LiabilityProof = {
      version: 1,
      snapshot: { id: 1, built_at: 0, source: 'daily', root: root.hash, currencies: CURRENCIES, totals: root.sums, leaf_count: 2 },
      leaf: { index: 0, salt: 'a', balances: levels[0]![0]!.sums, hash: levels[0]![0]!.hash },
      path: proofPath(levels, 0),
    };
    expect(verifyProof(proof, proof.snapshot)).toMatchObject({ ok: false, problems: ['negative'] });
    expect(verifyProof({ ...proof, path: [{ side: 'right', hash: 'x', sums: { BTC: 'lots' } }] }, proof.snapshot)).toMatchObject({ ok: false, problems: ['malformed'] });
  });
});

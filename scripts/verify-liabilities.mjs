#!/usr/bin/env node
// Offline check of an OpenEx proof of liabilities (issue 52 §4; docs/LIABILITIES.md).
//
//   node scripts/verify-liabilities.mjs openex-liabilities-proof-7.json [--root <published root hash>]
//
// Reads the proof you downloaded from the /liabilities page (or "-" for standard input), recomputes
// the root of the Merkle sum tree from your leaf (salt and balances) and its path, and prints it with
// the totals. Compare the printed root with the one the exchange publishes (the page, or
// GET /api/liabilities/latest): `--root` does it for you. Needs Node.js only: this file is written
// apart from the exchange's own code (domain/liabilities.ts) on purpose, so it checks that code too.
// Exit status: 0 when everything holds, 1 when anything does not, 2 for a file it cannot read.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** An exact decimal string as [units, scale] with BigInt units. */
function parse(value) {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!m) throw new Error(`not a decimal amount: ${JSON.stringify(value)}`);
  const units = BigInt(m[2] + (m[3] ?? ''));
  return [m[1] ? -units : units, (m[3] ?? '').length];
}

/** The one canonical form hashed: no leading or trailing zeros, "0" for zero. */
function render(units, scale) {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  let frac = scale > 0 ? digits.slice(digits.length - scale) : '';
  frac = frac.replace(/0+$/, '');
  const text = frac ? `${int}.${frac}` : int;
  return negative && text !== '0' ? `-${text}` : text;
}
const canonical = (value) => render(...parse(value));
function add(a, b) {
  const [x, sx] = parse(a);
  const [y, sy] = parse(b);
  const scale = Math.max(sx, sy);
  return render(x * 10n ** BigInt(scale - sx) + y * 10n ** BigInt(scale - sy), scale);
}

function main() {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const expectedRoot = rootAt >= 0 ? args[rootAt + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (rootAt < 0 || i !== rootAt + 1));
  if (!file) {
    console.error('usage: node scripts/verify-liabilities.mjs <proof.json | -> [--root <published root hash>]');
    return 2;
  }
  let proof;
  try {
    proof = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'));
  } catch (error) {
    console.error(`cannot read ${file}: ${error.message}`);
    return 2;
  }
  const { snapshot, leaf, path } = proof;
  const currencies = snapshot.currencies;
  const line = (sums) => currencies.map((c) => `${c}:${canonical(sums[c] ?? '0')}`).join(',');
  const problems = [];

  const leafHash = sha256(`leaf|${leaf.salt}|${line(leaf.balances)}`);
  if (leafHash !== leaf.hash) problems.push(`the leaf's hash ${leaf.hash} is not what its salt and balances give (${leafHash})`);
  let node = { hash: leafHash, sums: Object.fromEntries(currencies.map((c) => [c, canonical(leaf.balances[c] ?? '0')])) };
  for (const [i, step] of path.entries()) {
    for (const c of currencies) if (parse(step.sums[c] ?? '0')[0] < 0n) problems.push(`step ${i + 1}: the sibling's ${c} sum is negative (${step.sums[c]})`);
    const [left, right] = step.side === 'left' ? [step, node] : [node, step];
    node = {
      hash: sha256(`node|${line(left.sums)}|${line(right.sums)}|${left.hash}|${right.hash}`),
      sums: Object.fromEntries(currencies.map((c) => [c, add(left.sums[c] ?? '0', right.sums[c] ?? '0')])),
    };
  }
  for (const c of currencies) if (parse(leaf.balances[c] ?? '0')[0] < 0n) problems.push(`your ${c} balance is negative`);

  console.log(`snapshot       ${snapshot.id}, built ${new Date(snapshot.built_at).toISOString()}, ${snapshot.leaf_count} users`);
  console.log(`your balances  ${line(leaf.balances)}`);
  console.log(`path           ${path.length} steps`);
  console.log(`recomputed root ${node.hash}`);
  console.log(`recomputed totals ${line(node.sums)}`);
  const published = expectedRoot ?? snapshot.root;
  if (node.hash !== published) problems.push(`the recomputed root differs from ${expectedRoot ? 'the root you gave' : "the proof's snapshot root"} ${published}`);
  if (line(node.sums) !== line(snapshot.totals)) problems.push(`the recomputed totals differ from the snapshot's totals ${line(snapshot.totals)}`);
  if (problems.length > 0) {
    for (const p of problems) console.log(`NOT VERIFIED: ${p}`);
    return 1;
  }
  console.log(expectedRoot ? 'VERIFIED: your leaf is in the tree whose root you gave.' : 'VERIFIED against the root inside the file: compare it with the root the exchange publishes (or pass --root).');
  return 0;
}

process.exitCode = main();

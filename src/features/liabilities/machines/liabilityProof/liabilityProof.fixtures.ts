import { buildLevels, proofPath, type LiabilityProof, type LiabilitySnapshot } from '../../../../../domain/liabilities';

/** A three-user tree built with the real code: the model and scenario tests' snapshot and proof. */
const CURRENCIES = ['BTC', 'USDT'];
const LEAVES = [
  { salt: 'a1'.repeat(16), balances: { BTC: '1.75', USDT: '1000.123456789' } },
  { salt: 'b2'.repeat(16), balances: { BTC: '0', USDT: '20' } },
  { salt: 'c3'.repeat(16), balances: { BTC: '0.5', USDT: '0' } },
];
const LEVELS = buildLevels(CURRENCIES, LEAVES);
const ROOT = LEVELS.at(-1)![0]!;

export const SNAPSHOT_FIXTURE: LiabilitySnapshot = {
  id: 7,
  built_at: 1_764_230_400_000,
  source: 'daily',
  root: ROOT.hash,
  currencies: CURRENCIES,
  totals: ROOT.sums,
  leaf_count: LEAVES.length,
};

export const PROOF_FIXTURE: LiabilityProof = {
  version: 1,
  snapshot: SNAPSHOT_FIXTURE,
  leaf: { index: 0, salt: LEAVES[0]!.salt, balances: LEVELS[0]![0]!.sums, hash: LEVELS[0]![0]!.hash },
  path: proofPath(LEVELS, 0),
};

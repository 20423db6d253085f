import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import type { OrderBookEngine } from '../../../server/kernel/exchange/matching/types.js';

/** Every engine implementation; each must pass the same tables and agree with the others. */
export const ENGINES: Array<{ name: string; create: () => OrderBookEngine }> = [
  { name: 'reference', create: () => new ReferenceEngine() },
  { name: 'fast', create: () => new FastEngine() },
];
